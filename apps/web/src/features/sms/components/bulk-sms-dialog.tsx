import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SmsBulkProgress, SmsBulkSending } from '@app/domain/sms/sms.schema';
import { SMS_CONTENT_MAX } from '@app/domain/sms/sms.rules';
import { refusalText } from '@/components/error-messages/error-messages';
import { isApiError } from '@/lib/api-error';
import { RegionField } from '@/components/region-field/region-field';
import { SearchMultiPicker, type PickerOption } from '@/components/search-picker/search-picker';
import { searchDrivers } from '@/lib/driver-search';
import { useWorkingGroups } from '@/lib/team-lookups';
import { useStartBulkSending } from '../api/bulk-sending';
import { searchSmsOwners } from '../api/search-owners';
import { BulkSmsProgress } from './bulk-sms-progress';

// 'Send to many': one text to the drivers or owners chosen, or to every driver of a team's units or of the
// units in a state. The server accepts it at once and sends in the background; the dialog then shows how
// many were sent and which failed, as it goes.

export type BulkTarget = 'drivers' | 'owners' | 'team' | 'state';
const TARGETS: readonly BulkTarget[] = ['drivers', 'owners', 'team', 'state'];

type Choice = { drivers: PickerOption[]; owners: PickerOption[]; team: number | ''; state: string | null };

/** The request body for the chosen target, or null while the target has nothing chosen. */
export function bulkBody(target: BulkTarget, choice: Choice, content: string): SmsBulkSending | null {
  const text = content.trim();
  if (text === '') return null;
  switch (target) {
    case 'drivers':
      return choice.drivers.length ? { content: text, driver_ids: choice.drivers.map((d) => d.id) } : null;
    case 'owners':
      return choice.owners.length ? { content: text, owner_ids: choice.owners.map((o) => o.id) } : null;
    case 'team':
      return choice.team === '' ? null : { content: text, team_id: choice.team };
    case 'state':
      return choice.state ? { content: text, state: choice.state } : null;
  }
}

export function BulkSmsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const teams = useWorkingGroups();
  const start = useStartBulkSending();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [target, setTarget] = useState<BulkTarget>('drivers');
  const [choice, setChoice] = useState<Choice>({ drivers: [], owners: [], team: '', state: null });
  const [content, setContent] = useState('');
  const [started, setStarted] = useState<SmsBulkProgress | null>(null);
  const body = bulkBody(target, choice, content);

  const submit = () => {
    if (!body) return;
    start.mutate(
      { body, key },
      {
        onSuccess: setStarted,
        // A refusal wrote nothing: the next try is a new request. A dropped connection keeps the key.
        onError: (error) => {
          if (isApiError(error) && error.status !== undefined) setKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      onClose={start.isPending ? undefined : onClose}
      aria-labelledby="bulk-sms-title"
    >
      <DialogTitle id="bulk-sms-title">{t('sms.bulk.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {started ? (
          <BulkSmsProgress started={started} />
        ) : (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={target}
              aria-label={t('sms.bulk.sendTo')}
              onChange={(_event, next: BulkTarget | null) => next && setTarget(next)}
              sx={{ flexWrap: 'wrap' }}
            >
              {TARGETS.map((option) => (
                <ToggleButton key={option} value={option} sx={{ px: 1.5 }}>
                  {t(`sms.bulk.target.${option}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {target === 'drivers' && (
              <SearchMultiPicker
                kind="sms-bulk-driver"
                label={t('sms.bulk.drivers')}
                search={searchDrivers}
                value={choice.drivers}
                onChange={(drivers) => setChoice((current) => ({ ...current, drivers }))}
                fullWidth
              />
            )}
            {target === 'owners' && (
              <SearchMultiPicker
                kind="sms-bulk-owner"
                label={t('sms.bulk.owners')}
                search={searchSmsOwners}
                value={choice.owners}
                onChange={(owners) => setChoice((current) => ({ ...current, owners }))}
                fullWidth
              />
            )}
            {target === 'team' && (
              <TextField
                select
                label={t('sms.bulk.team')}
                value={choice.team}
                onChange={(event) =>
                  setChoice((current) => ({ ...current, team: Number(event.target.value) }))
                }
                helperText={t('sms.bulk.teamHint')}
              >
                {(teams.data ?? []).map((team) => (
                  <MenuItem key={team.id} value={team.id}>
                    {team.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {target === 'state' && (
              <Box>
                <RegionField
                  label={t('sms.bulk.state')}
                  value={choice.state}
                  onChange={(state) => setChoice((current) => ({ ...current, state }))}
                />
                <Box component="p" sx={{ m: 0, mt: 0.5, fontSize: '0.75rem', color: 'text.secondary' }}>
                  {t('sms.bulk.stateHint')}
                </Box>
              </Box>
            )}
            <TextField
              label={t('sms.bulk.text')}
              multiline
              minRows={3}
              maxRows={8}
              value={content}
              onChange={(event) => setContent(event.target.value.slice(0, SMS_CONTENT_MAX))}
              helperText={`${content.length}/${SMS_CONTENT_MAX}`}
            />
            {start.isError && (
              <Alert severity="error">{refusalText(start.error) ?? t('sms.bulk.failed')}</Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={start.isPending}>
          {started ? t('common.close') : t('sms.bulk.cancel')}
        </Button>
        {!started && (
          <Button variant="contained" disabled={!body} loading={start.isPending} onClick={submit}>
            {t('sms.bulk.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
