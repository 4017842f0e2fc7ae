import { Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WEEKDAYS, lookupName } from '@app/domain/common/lookups';
import { PAY_SCHEDULE_MESSAGES } from '@app/domain/company/pay-schedule.schema';
import { messageKeys } from '@/components/error-messages/error-messages';
import { currentLang } from '@/i18n/i18n';
import type { CompanyFormControl, CompanyFormValues } from './company-form-values';
import { SettingsSection } from './settings-section';

/** The section's domain messages and their keys, for the form's translation of messages. */
export const PAY_SCHEDULE_MESSAGE_KEYS = messageKeys(PAY_SCHEDULE_MESSAGES, 'paySchedule.messages');

type PayScheduleSectionProps = {
  control: CompanyFormControl;
  register: UseFormRegister<CompanyFormValues>;
  errors: FieldErrors<CompanyFormValues>;
  messageText: (message: string) => string;
};

/**
 * The accounting settings: the day (Monday to Sunday) and Eastern time the week's pay sheets go out by
 * themselves, or not at all, and the quick pay deduction, the percent a broker keeps when it pays early.
 */
export function PayScheduleSection({ control, register, errors, messageText }: PayScheduleSectionProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const message = (name: 'paysheet_weekday' | 'paysheet_time' | 'quickpay_percent') => {
    const text = errors[name]?.message;
    return text ? messageText(text) : undefined;
  };
  return (
    <SettingsSection title={t('paySchedule.section')} description={t('paySchedule.description')}>
      <Controller
        control={control}
        name="paysheet_weekday"
        render={({ field }) => (
          <TextField
            select
            label={t('paySchedule.fields.weekday')}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            // '' (not by themselves) is a choice of its own, shown as such.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            error={Boolean(message('paysheet_weekday'))}
            helperText={message('paysheet_weekday')}
          >
            <MenuItem value="">{t('paySchedule.fields.weekdayNone')}</MenuItem>
            {WEEKDAYS.map((day) => (
              <MenuItem key={day.id} value={String(day.id)}>
                {lookupName(WEEKDAYS, day.id, lang)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...register('paysheet_time')}
        label={t('paySchedule.fields.time')}
        placeholder="15:00"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(message('paysheet_time'))}
        helperText={message('paysheet_time') ?? t('paySchedule.fields.timeHint')}
      />
      <TextField
        {...register('quickpay_percent')}
        label={t('paySchedule.fields.quickpayPercent')}
        required
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
        error={Boolean(message('quickpay_percent'))}
        helperText={message('quickpay_percent') ?? t('paySchedule.fields.quickpayPercentHint')}
      />
    </SettingsSection>
  );
}
