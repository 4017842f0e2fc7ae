import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import { telLink, truncateLabel, truncateName } from '@app/domain/telephony/telephony.rules';
import type { ContactKind } from '@app/domain/telephony/telephony.schema';
import { useTelephony } from './telephony-provider';

/** A person on the Connect page: a driver, an owner, a broker or a colleague. */
export type CardPerson = {
  kind: ContactKind;
  id: number | null;
  full_name: string;
  phone_number: string | null;
  has_phone: boolean;
  unit_id: string | null;
  company_name: string | null;
  avatar: string | null;
  personal_sms_chat: number | null;
  driver_chat: number | null;
  load_id: number | null;
  group_chat: number | null;
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

type ActionProps = {
  label: string;
  icon: React.ReactNode;
  compact: boolean;
  /** Why the action is not available, or null. */
  unavailable: string | null;
  onClick?: () => void;
  href?: string;
};

function Action({ label, icon, compact, unavailable, onClick, href }: ActionProps) {
  const button = (
    <Button
      size="small"
      variant="outlined"
      aria-label={label}
      disabled={unavailable !== null}
      startIcon={compact ? undefined : icon}
      onClick={onClick}
      {...(href && unavailable === null ? { component: 'a' as const, href } : {})}
      sx={{ minWidth: 0, flex: 1, px: compact ? 0.5 : 1 }}
    >
      {compact ? icon : label}
    </Button>
  );
  const tip = unavailable ?? (compact ? label : '');
  return tip ? (
    <Tooltip title={tip}>
      <Box component="span" sx={{ display: 'flex', flex: 1 }}>
        {button}
      </Box>
    </Tooltip>
  ) : (
    button
  );
}

/**
 * The contact card of Connect: avatar, name, role, unit and company, the phone number when the user may
 * see numbers (canViewNumber), and Call, SMS and Chat.
 */
export function ContactCard({
  person,
  compact,
  onNavigate,
}: {
  person: CardPerson;
  compact: boolean;
  /** Called when a chat page opens (the phone's drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { externalSystem, startCall, callStarted, openPersonChat, dispatch } = useTelephony();
  const name = person.full_name || t('telephony.noName');
  const callTarget =
    person.id !== null
      ? { kind: person.kind, id: person.id }
      : { phone: person.phone_number ?? '', name: person.full_name };

  const callUnavailable = !person.has_phone
    ? t('telephony.noPhone')
    : !externalSystem && !person.phone_number
      ? t('telephony.numberHidden')
      : null;
  const isBroker = person.kind === 'broker';
  // The person's own SMS chat opens even without a number on file (its history is there).
  const hasSmsChat = person.personal_sms_chat !== null;
  const smsUnavailable = isBroker
    ? callUnavailable
    : hasSmsChat || person.has_phone
      ? null
      : t('telephony.noPhone');
  const chatUnavailable =
    (person.driver_chat ?? person.group_chat ?? person.load_id) === null ? t('telephony.noGroupChat') : null;
  // The card's person as the panel opens chats for (a broker has none).
  const entry = person.id === null ? null : { ...person, id: person.id };
  const labels = [
    person.unit_id ? t('telephony.unit', { unit: person.unit_id }) : null,
    person.company_name && person.company_name !== person.full_name ? person.company_name : null,
  ].filter((label): label is string => label !== null);

  return (
    <Box
      component="article"
      aria-label={`${t(`telephony.kinds.${person.kind}`)}: ${person.full_name}`}
      sx={{ p: 1, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar src={person.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 14 }}>
          {initials(name)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" title={name} noWrap>
            {truncateName(name, compact)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {t(`telephony.kinds.${person.kind}`)}
          </Typography>
        </Box>
      </Stack>
      {labels.map((label) => (
        <Typography key={label} variant="body2" title={label} noWrap>
          {truncateLabel(label, compact)}
        </Typography>
      ))}
      {person.phone_number && (
        <Typography
          variant="body2"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          aria-label={t('telephony.phone')}
        >
          {person.phone_number}
        </Typography>
      )}
      <Stack direction="row" spacing={0.5}>
        <Action
          label={t('telephony.call')}
          icon={<PhoneOutlined fontSize="small" />}
          compact={compact}
          unavailable={callUnavailable}
          {...(externalSystem
            ? { onClick: () => startCall(callTarget) }
            : { href: telLink(person.phone_number ?? ''), onClick: callStarted })}
        />
        {person.kind !== 'user' && (
          <Action
            label={t('telephony.sms')}
            icon={<SmsOutlined fontSize="small" />}
            compact={compact}
            unavailable={smsUnavailable}
            {...(isBroker
              ? externalSystem
                ? { onClick: () => dispatch({ type: 'openBrokerSms', externalSystem }) }
                : { href: `sms:${person.phone_number ?? ''}` }
              : {
                  onClick: () => {
                    if (entry) openPersonChat('sms', entry, onNavigate);
                  },
                })}
          />
        )}
        {!isBroker && person.kind !== 'user' && (
          <Action
            label={t('telephony.chat')}
            icon={<ChatOutlined fontSize="small" />}
            compact={compact}
            unavailable={chatUnavailable}
            onClick={() => {
              if (entry) openPersonChat('chat', entry, onNavigate);
            }}
          />
        )}
      </Stack>
    </Box>
  );
}
