import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_NOTIFICATION_STATUSES, lookupName } from '@app/domain/common/lookups';
import type { EmailNotificationStatusId } from '@app/domain/common/lookups';
import {
  EMAIL_NOTIFICATION_TYPES,
  loadEmailNotificationsSchema,
  MAX_EMAIL_NOTIFICATION_INTERVAL,
  MIN_EMAIL_NOTIFICATION_INTERVAL,
} from '@app/domain/loads/loads.schema';
import type { EmailNotificationType, LoadDetail } from '@app/domain/loads/loads.schema';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useUpdateEmailNotifications } from '../api/update-email-notifications';
import { ActionError } from './action-error';
import { useLoadMessageText } from './load-messages';
import { Section } from './section';

type Settings = {
  email_notifications_status: EmailNotificationStatusId;
  email_notifications_interval: string;
  email_notifications_location_flag: boolean;
  email_notifications_load_status_flag: boolean;
  email_notifications_type: EmailNotificationType;
  location_update_emails: string[];
};

function settingsOf(load: LoadDetail): Settings {
  return {
    email_notifications_status: load.email_notifications_status,
    email_notifications_interval:
      load.email_notifications_interval === null ? '' : String(load.email_notifications_interval),
    email_notifications_location_flag: load.email_notifications_location_flag,
    email_notifications_load_status_flag: load.email_notifications_load_status_flag,
    email_notifications_type: load.email_notifications_type,
    location_update_emails: load.location_update_emails,
  };
}

function toBody(settings: Settings) {
  const interval = settings.email_notifications_interval.trim();
  return {
    ...settings,
    email_notifications_interval: interval === '' ? null : Number(interval),
  };
}

type EmailNotificationsProps = { load: LoadDetail; canEdit: boolean };

/** The e-mail updates the broker gets about the load: status, what they report, how often, to whom. */
export function EmailNotifications({ load, canEdit }: EmailNotificationsProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const message = useLoadMessageText();
  const update = useUpdateEmailNotifications();
  const saved = settingsOf(load);
  const [draft, setDraft] = useState<Settings>(saved);
  const [emailText, setEmailText] = useState('');
  const [touched, setTouched] = useState(false);

  const body = toBody(draft);
  const parsed = loadEmailNotificationsSchema.safeParse(body);
  const errors = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!errors.has(field)) errors.set(field, message(issue.message));
    }
  }
  if (isApiError(update.error)) {
    for (const [field, messages] of Object.entries(update.error.fields)) {
      if (!errors.has(field) && messages[0]) errors.set(field, message(messages[0]));
    }
  }
  // Field messages go under their fields; anything else is shown above the buttons.
  const generalError =
    update.error && !(isApiError(update.error) && Object.keys(update.error.fields).length > 0)
      ? update.error
      : null;
  const changed = JSON.stringify(toBody(saved)) !== JSON.stringify(body);
  const shownError = (field: string) => (touched ? errors.get(field) : undefined);
  const set = (patch: Partial<Settings>) => {
    setTouched(true);
    update.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };
  const addTypedEmail = () => {
    const email = emailText.trim().toLowerCase();
    if (!email) return;
    if (!draft.location_update_emails.includes(email))
      set({ location_update_emails: [...draft.location_update_emails, email] });
    setEmailText('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success || !changed) return;
    update.mutate({ id: load.id, settings: body }, { onSuccess: () => toastSuccess() });
  };

  if (!canEdit) {
    return (
      <Section title={t('loads.emails.title')}>
        <Typography variant="body1">
          {lookupName(EMAIL_NOTIFICATION_STATUSES, load.email_notifications_status, lang)}
          {load.location_update_emails.length > 0 && ` · ${load.location_update_emails.join(', ')}`}
        </Typography>
      </Section>
    );
  }

  return (
    <Section title={t('loads.emails.title')}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('loads.emails.title')}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }}>
          <TextField
            select
            label={t('loads.emails.status')}
            value={draft.email_notifications_status}
            onChange={(event) =>
              set({ email_notifications_status: event.target.value as EmailNotificationStatusId })
            }
          >
            {EMAIL_NOTIFICATION_STATUSES.map((status) => (
              <MenuItem key={status.id} value={status.id}>
                {status[lang]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('loads.emails.type')}
            value={draft.email_notifications_type}
            onChange={(event) =>
              set({ email_notifications_type: event.target.value as EmailNotificationType })
            }
          >
            {EMAIL_NOTIFICATION_TYPES.map((type) => (
              <MenuItem key={type.id} value={type.id}>
                {type[lang]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {draft.email_notifications_type === 'interval' && (
          <TextField
            label={t('loads.emails.interval')}
            value={draft.email_notifications_interval}
            onChange={(event) =>
              set({ email_notifications_interval: event.target.value.replace(/\D/g, '').slice(0, 4) })
            }
            error={Boolean(shownError('email_notifications_interval'))}
            helperText={
              shownError('email_notifications_interval') ??
              t('loads.emails.intervalHint', {
                min: MIN_EMAIL_NOTIFICATION_INTERVAL,
                max: MAX_EMAIL_NOTIFICATION_INTERVAL,
              })
            }
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: {
                endAdornment: <InputAdornment position="end">{t('loads.emails.minutes')}</InputAdornment>,
              },
            }}
          />
        )}
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={draft.email_notifications_location_flag}
                onChange={(event) => set({ email_notifications_location_flag: event.target.checked })}
              />
            }
            label={t('loads.emails.locationFlag')}
          />
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={draft.email_notifications_load_status_flag}
                onChange={(event) => set({ email_notifications_load_status_flag: event.target.checked })}
              />
            }
            label={t('loads.emails.statusFlag')}
          />
          {shownError('email_notifications_location_flag') && (
            <FormHelperText error>{shownError('email_notifications_location_flag')}</FormHelperText>
          )}
        </Box>
        <Autocomplete<string, true, false, true>
          multiple
          freeSolo
          options={[]}
          value={draft.location_update_emails}
          inputValue={emailText}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input') setEmailText(value);
          }}
          onChange={(_event, value) => {
            setEmailText('');
            set({
              location_update_emails: [
                ...new Set(value.map((email) => email.trim().toLowerCase()).filter(Boolean)),
              ],
            });
          }}
          renderValue={(value, getItemProps) =>
            value.map((email, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} label={email} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('loads.emails.recipients')}
              placeholder={t('loads.emails.addRecipient')}
              onBlur={addTypedEmail}
              error={Boolean(shownError('location_update_emails'))}
              helperText={shownError('location_update_emails') ?? t('loads.emails.recipientsHint')}
            />
          )}
        />
        <ActionError error={generalError} />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {changed && (
            <Button
              color="inherit"
              onClick={() => {
                setDraft(saved);
                setTouched(false);
                update.reset();
              }}
            >
              {t('loads.emails.reset')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={!changed || update.isPending || (touched && !parsed.success)}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
