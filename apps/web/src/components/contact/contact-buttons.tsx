import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { requestContact, type ContactIntent, type ContactRequest } from './contact-request';

type Target = ContactRequest extends infer Request
  ? Request extends ContactRequest
    ? Omit<Request, 'intent'>
    : never
  : never;

/**
 * Call, SMS and Chat for a driver, an owner, a vehicle's people or a broker, on any card: each opens the
 * right-hand panel's Connect for the contact and starts what it names there. A broker has no group chat.
 * `label` names whom the buttons reach, for screen readers ("Call Carl Dunn").
 */
export function ContactButtons({ target, label }: { target: Target; label: string }) {
  const { t } = useTranslation();
  const intents: { intent: ContactIntent; icon: React.ReactNode; text: string }[] = [
    { intent: 'call', icon: <PhoneOutlined fontSize="small" />, text: t('contact.call', { name: label }) },
    { intent: 'sms', icon: <SmsOutlined fontSize="small" />, text: t('contact.sms', { name: label }) },
  ];
  if (target.kind !== 'broker')
    intents.push({
      intent: 'chat',
      icon: <ChatOutlined fontSize="small" />,
      text: t('contact.chat', { name: label }),
    });
  return (
    <Stack
      component="span"
      direction="row"
      role="group"
      aria-label={t('contact.group', { name: label })}
      sx={{ display: 'inline-flex', verticalAlign: 'middle' }}
    >
      {intents.map(({ intent, icon, text }) => (
        <Tooltip key={intent} title={text}>
          <IconButton
            size="small"
            aria-label={text}
            onClick={(event) => {
              event.stopPropagation();
              requestContact({ ...target, intent });
            }}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
