import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialpadOutlined from '@mui/icons-material/DialpadOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import { hasContact } from '@app/domain/telephony/telephony-panel.rules';
import { EmptyState } from '@/components/empty-state';
import { LoadingState } from '@/components/loading-state';
import { BrokerSmsDialog } from './broker-sms-dialog';
import { ContactCard, type CardPerson } from './contact-card';
import { Keypad } from './keypad';
import { useTelephony } from './telephony-provider';

/**
 * Connect: the contact cards of the chosen person (a driver with their owner, an owner with their driver,
 * a broker or a colleague) with Call, SMS and Chat, and the keypad.
 */
export function ConnectPage({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { state } = useTelephony();
  const [keypadOpen, setKeypadOpen] = useState(false);
  const people: CardPerson[] = [];
  const pair = state.userKind === 'owner' ? [state.owner, state.driver] : [state.driver, state.owner];
  for (const person of pair) if (person) people.push(person);
  if (state.colleague) people.push(state.colleague);
  if (state.broker)
    people.push({
      kind: 'broker',
      id: state.broker.id,
      full_name: state.broker.full_name,
      phone_number: state.broker.phone_number,
      has_phone: state.broker.phone_number !== null || state.broker.id !== null,
      unit_id: null,
      company_name: state.broker.company_name,
      avatar: null,
      personal_sms_chat: null,
      driver_chat: null,
      load_id: null,
      group_chat: null,
    });
  const empty = !hasContact(state);

  return (
    <Box>
      {people.map((person) => (
        <ContactCard
          key={`${person.kind}:${person.id ?? person.full_name}`}
          person={person}
          compact={compact}
          onNavigate={onNavigate}
        />
      ))}
      {state.loadingUser && <LoadingState label={t('telephony.loadingContact')} />}
      {state.copyLoadInfo && !compact && (
        <Box sx={{ p: 1, fontSize: 12, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
          {state.copyLoadInfo}
        </Box>
      )}
      {empty && !keypadOpen && (
        <EmptyState
          compact
          icon={<PersonSearchOutlined />}
          title={t('panel.noContact')}
          description={compact ? undefined : t('panel.noContactHint')}
        />
      )}
      {keypadOpen || empty ? (
        <Keypad compact={compact} />
      ) : (
        <Box sx={{ p: 1 }}>
          <Button size="small" startIcon={<DialpadOutlined />} onClick={() => setKeypadOpen(true)}>
            {t('telephony.keypad')}
          </Button>
        </Box>
      )}
      <BrokerSmsDialog />
    </Box>
  );
}
