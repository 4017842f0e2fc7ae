import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMcNumber, mcNumberError, normalizeMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { useBrokerByMc } from '../api/broker-by-mc';
import { BlacklistChip } from './blacklist-chip';
import { BrokerActionsMenu } from './broker-actions';
import type { BrokerAction } from './broker-actions';
import { BrokerError } from './broker-error';
import { useBrokerMessageText } from './broker-messages';
import type { BrokerPermissions } from '@app/domain/brokers/brokers.rules';
import { CreditCheckChip } from './credit-check';
import { RatingChip } from './rating-chip';

type McLookupProps = {
  permissions: BrokerPermissions;
  onAction: (action: BrokerAction, broker: BrokerCompany) => void;
  /** Add an OTR broker with the MC number nobody has yet. */
  onCreate: (mcNumber: string) => void;
};

/**
 * Looks an OTR broker up by its MC number (GET brokers/get-by-mc), however it is typed ('MC-0123456',
 * '123456'): the broker when the company knows it, otherwise a way to add it with that number.
 */
export function McLookup({ permissions, onAction, onCreate }: McLookupProps) {
  const { t } = useTranslation();
  const messageText = useBrokerMessageText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const found = useBrokerByMc(asked);
  const broker = asked === null ? undefined : found.data;

  const find = () => {
    const mcNumber = normalizeMcNumber(text);
    const problem = mcNumberError(mcNumber);
    if (problem) {
      setError(messageText(problem));
      return;
    }
    setError(null);
    // Find asks again for the same number too: the broker may have been added meanwhile.
    if (mcNumber === asked) void found.refetch();
    else setAsked(mcNumber);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box
        component="form"
        role="search"
        aria-label={t('brokers.lookup.label')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          find();
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          label={t('brokers.lookup.mcNumber')}
          placeholder="MC-123456"
          value={text}
          onChange={(event) => {
            setText(event.target.value.slice(0, 20));
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
          sx={{ width: 200 }}
        />
        <Button type="submit" variant="outlined" loading={found.isFetching} sx={{ mt: '1px' }}>
          {t('brokers.lookup.find')}
        </Button>
      </Box>
      {asked !== null && found.isError && <BrokerError error={found.error} />}
      {asked !== null && broker === null && (
        <Alert
          severity="info"
          action={
            permissions.edit && (
              <Button color="inherit" size="small" onClick={() => onCreate(asked)}>
                {t('brokers.lookup.add')}
              </Button>
            )
          }
        >
          {t('brokers.lookup.notFound', { mc: formatMcNumber(asked) })}
        </Alert>
      )}
      {broker && (
        <Box
          role="region"
          aria-label={t('brokers.lookup.result')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
          }}
        >
          <Box sx={{ minWidth: 0, mr: 'auto' }}>
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {broker.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[formatMcNumber(broker.mc_number), broker.dot_number && `DOT ${broker.dot_number}`]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Box>
          <RatingChip
            rating={broker.rating.id}
            onClick={() => onAction(permissions.check ? 'rate' : 'history', broker)}
          />
          <CreditCheckChip check={broker.credit_check} />
          {broker.in_blacklist && <BlacklistChip reason={broker.blacklist_reason} />}
          <BrokerActionsMenu broker={broker} permissions={permissions} onAction={onAction} />
        </Box>
      )}
    </Box>
  );
}
