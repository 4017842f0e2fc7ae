import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import {
  COMPANY_MESSAGES,
  companyUpdateSchema,
  type CompanySettings,
  type CompanyUpdate,
} from '@app/domain/company/company.schema';
import {
  fieldErrorOf,
  messageKeys,
  useErrorLines,
  useMessageText,
} from '@/components/error-messages/error-messages';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useUpdateCompanySettings } from '../api/company-settings';
import { COMPANY_FORM_FIELDS, formValuesOf, type CompanyFormValues } from './company-form-values';
import { PAY_SCHEDULE_MESSAGE_KEYS, PayScheduleSection } from './pay-schedule-section';
import { RequiredDocumentsSection } from './required-documents-section';
import { SettingSwitch } from './setting-switch';
import { SettingsSection } from './settings-section';

const KEY_BY_MESSAGE = new Map([
  ...messageKeys(COMPANY_MESSAGES, 'companySettings.messages'),
  ...PAY_SCHEDULE_MESSAGE_KEYS,
]);

/**
 * The company's settings in sections; Save sends the whole form. Errors show once a field was touched or
 * on save; the server's field errors are shown beside their fields.
 */
export function CompanySettingsForm({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation();
  const messageText = useMessageText(KEY_BY_MESSAGE);
  const errorLines = useErrorLines(messageText);
  const update = useUpdateCompanySettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<CompanyFormValues, unknown, CompanyUpdate>({
    // The form keeps the optional texts as '' (a field shows no null); the schema reads '' as none.
    resolver: zodResolver(companyUpdateSchema) as Resolver<CompanyFormValues, unknown, CompanyUpdate>,
    mode: 'onTouched',
    // A colleague's save (update_company) brings new settings: the fields this user has not touched take
    // them, the ones being edited keep what is typed.
    values: formValuesOf(settings),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved));
        toastSuccess();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const name of COMPANY_FORM_FIELDS) {
          const message = fieldErrorOf(error, name, messageText);
          if (message) setError(name, { message });
        }
      },
    });
  });

  const text = (
    name: 'name' | 'phone' | 'google_maps_key' | 'map_tiles_url' | 'call_system' | 'board_expiry_hours',
  ) => {
    const message = errors[name]?.message;
    return { error: Boolean(message), helperText: message ? messageText(message) : undefined };
  };
  // The documents table is one field: its error is the table's, whichever status it came from.
  const documentsError = (errors.required_documents as FieldError | undefined)?.message;
  const fieldsWithErrors = isApiError(update.error) ? Object.keys(update.error.fields) : [];
  const generalError =
    update.isError &&
    !fieldsWithErrors.some((name) => (COMPANY_FORM_FIELDS as readonly string[]).includes(name))
      ? errorLines(update.error)
      : null;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={t('companySettings.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 880 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SettingsSection title={t('companySettings.sections.company')}>
          <TextField
            {...register('name')}
            label={t('companySettings.fields.name')}
            required
            {...text('name')}
          />
          <TextField
            {...register('phone')}
            label={t('companySettings.fields.phone')}
            required
            type="tel"
            autoComplete="tel"
            {...text('phone')}
          />
        </SettingsSection>
        <SettingsSection title={t('companySettings.sections.mapsAndCalls')}>
          <TextField
            {...register('google_maps_key')}
            label={t('companySettings.fields.googleMapsKey')}
            {...text('google_maps_key')}
            helperText={text('google_maps_key').helperText ?? t('companySettings.fields.googleMapsKeyHint')}
          />
          <TextField
            {...register('map_tiles_url')}
            label={t('companySettings.fields.mapTilesUrl')}
            type="url"
            {...text('map_tiles_url')}
            helperText={text('map_tiles_url').helperText ?? t('companySettings.fields.mapTilesUrlHint')}
          />
          <TextField
            {...register('call_system')}
            label={t('companySettings.fields.callSystem')}
            {...text('call_system')}
          />
        </SettingsSection>
        <SettingsSection title={t('companySettings.sections.interface')}>
          <SettingSwitch
            control={control}
            name="language_select"
            label={t('companySettings.fields.languageSelect')}
          />
          <SettingSwitch
            control={control}
            name="disable_some_menu_items"
            label={t('companySettings.fields.disableSomeMenuItems')}
            hint={t('companySettings.fields.disableSomeMenuItemsHint')}
          />
          <SettingSwitch
            control={control}
            name="enable_address_language_notice"
            label={t('companySettings.fields.enableAddressLanguageNotice')}
          />
        </SettingsSection>
        <SettingsSection title={t('companySettings.sections.access')}>
          <SettingSwitch
            control={control}
            name="is_visible_phone_numbers"
            label={t('companySettings.fields.isVisiblePhoneNumbers')}
            hint={t('companySettings.fields.isVisiblePhoneNumbersHint')}
          />
          <SettingSwitch
            control={control}
            name="can_dispatchers_search_loads_for_on_load_unit"
            label={t('companySettings.fields.canDispatchersSearch')}
            hint={t('companySettings.fields.canDispatchersSearchHint')}
          />
        </SettingsSection>
        <SettingsSection title={t('companySettings.sections.loadBoard')}>
          <TextField
            {...register('board_expiry_hours')}
            label={t('companySettings.fields.boardExpiryHours')}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text('board_expiry_hours')}
            helperText={
              text('board_expiry_hours').helperText ?? t('companySettings.fields.boardExpiryHoursHint')
            }
          />
        </SettingsSection>
        <PayScheduleSection control={control} register={register} errors={errors} messageText={messageText} />
      </Box>
      <RequiredDocumentsSection
        control={control}
        error={documentsError ? messageText(documentsError) : undefined}
      />
      {generalError && (
        <Alert severity="error">
          {generalError.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!isDirty} loading={update.isPending}>
          {t('common.save')}
        </Button>
        <Button type="button" disabled={!isDirty || update.isPending} onClick={() => reset()}>
          {t('companySettings.discard')}
        </Button>
      </Box>
    </Box>
  );
}
