import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatMcNumber, isAwaitingRating } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { formatDateTime } from '@/lib/format';
import { BlacklistChip } from './blacklist-chip';
import { BlacklistForm } from './blacklist-form';
import { CreditCheckForm } from './credit-check';
import { RatingChip } from './rating-chip';
import { RatingForm } from './rating-form';
import { RatingHistoryList } from './rating-history-list';

function Part({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={titleId} variant="overline" component="h3" color="text.secondary" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Box>
  );
}

type BrokerCheckPanelProps = {
  broker: BrokerCompany;
  /** The broker as the server answered a change of it. */
  onChanged: (broker: BrokerCompany) => void;
};

/**
 * Everything the conflict manager checks about one broker, in one place: who it is, its rating (and a new
 * one), the credit check, the blacklist and the rating history.
 */
export function BrokerCheckPanel({ broker, onChanged }: BrokerCheckPanelProps) {
  const { t } = useTranslation();
  const details = [
    formatMcNumber(broker.mc_number),
    broker.dot_number && `DOT ${broker.dot_number}`,
    broker.brokerage && t('brokers.fields.brokerageValue', { value: broker.brokerage }),
    t(broker.is_otr ? 'brokers.type.otr' : 'brokers.type.nonOtr'),
  ].filter(Boolean);
  const place = [broker.address, broker.city, broker.state, broker.zip_code].filter(Boolean).join(', ');
  const contact = [broker.phone, broker.email].filter(Boolean).join(' · ');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h2" component="h2">
            {broker.name}
          </Typography>
          <RatingChip rating={broker.rating.id} />
          {broker.in_blacklist && <BlacklistChip reason={broker.blacklist_reason} />}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
        {place && <Typography variant="body2">{place}</Typography>}
        {contact && <Typography variant="body2">{contact}</Typography>}
        {isAwaitingRating(broker) && broker.rating_requested_at ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('brokers.rating.awaiting', { when: formatDateTime(broker.rating_requested_at) })}
          </Alert>
        ) : null}
      </Box>
      <Divider />
      <Part title={t('brokers.check.rating')}>
        <RatingForm key={`${broker.id}-${broker.rating.id}`} broker={broker} onSaved={onChanged} />
      </Part>
      <Divider />
      <Part title={t('brokers.check.creditCheck')}>
        <CreditCheckForm broker={broker} onSaved={onChanged} />
      </Part>
      <Divider />
      <Part title={t('brokers.check.blacklist')}>
        <BlacklistForm
          key={`${broker.id}-${String(broker.in_blacklist)}`}
          broker={broker}
          onSaved={onChanged}
        />
      </Part>
      <Divider />
      <Part title={t('brokers.history.title')}>
        <RatingHistoryList
          brokerId={broker.id}
          label={t('brokers.history.listLabel', { name: broker.name })}
        />
      </Part>
    </Box>
  );
}
