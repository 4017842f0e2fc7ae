import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';
import { BROKERAGE_IDS } from '@app/domain/brokers/brokers.rules';
import { nonOtrBrokerSchema, otrBrokerCreateSchema } from '@app/domain/brokers/brokers.schema';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { REGIONS } from '@app/domain/common/lookups';
import { fieldErrorOf, refusalText } from '@/components/error-messages/error-messages';
import { currentLang } from '@/i18n/i18n';
import { isApiError, isRefusal } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useCreateOtrBroker } from '../api/create-otr-broker';
import { useCreateNonOtrBroker, useUpdateNonOtrBroker } from '../api/save-non-otr-broker';
import { useUpdateBrokerCompany } from '../api/update-broker-company';
import { BrokerDialog } from './broker-dialog';
import { BrokerError } from './broker-error';
import { useBrokerMessageText } from './broker-messages';

/** The fields as typed; the server trims them, and reads '' as none. */
export type BrokerFormValues = {
  name: string;
  mc_number: string;
  dot_number: string;
  brokerage: '' | (typeof BROKERAGE_IDS)[number];
  phone: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
};

/** The refusals that are about the MC number: shown at its field. */
const MC_NUMBER_REFUSALS = ['mc_number_taken', 'otr_broker_needs_mc_number'] as const;

const FIELD_NAMES: readonly (keyof BrokerFormValues)[] = [
  'name',
  'mc_number',
  'dot_number',
  'brokerage',
  'phone',
  'email',
  'address',
  'city',
  'state',
  'zip_code',
];

const EMPTY: BrokerFormValues = {
  name: '',
  mc_number: '',
  dot_number: '',
  brokerage: '',
  phone: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zip_code: '',
};

function valuesOf(broker: BrokerCompany): BrokerFormValues {
  return {
    name: broker.name,
    mc_number: broker.mc_number ?? '',
    dot_number: broker.dot_number ?? '',
    brokerage: broker.brokerage ?? '',
    phone: broker.phone ?? '',
    email: broker.email ?? '',
    address: broker.address ?? '',
    city: broker.city ?? '',
    state: broker.state ?? '',
    zip_code: broker.zip_code ?? '',
  };
}

/** The domain's schema as the form's check: the first message of each field. */
function schemaResolver(schema: z.ZodType): Resolver<BrokerFormValues> {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<BrokerFormValues> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] as keyof BrokerFormValues | undefined;
      if (name && FIELD_NAMES.includes(name) && !errors[name]) {
        errors[name] = { type: issue.code, message: issue.message };
      }
    }
    return { values: {}, errors };
  };
}

export type BrokerFormMode =
  | { kind: 'create-otr'; mcNumber?: string }
  | { kind: 'create-non-otr' }
  | { kind: 'edit'; broker: BrokerCompany };

type BrokerFormDialogProps = {
  mode: BrokerFormMode;
  onClose: () => void;
  onSaved?: (broker: BrokerCompany) => void;
};

/**
 * Adds an OTR broker (its MC number required), adds a non-OTR company (the MC number optional) or edits a
 * broker company. The domain's schema checks the fields as the user leaves them; the server's messages
 * (a taken MC number included) appear beside their fields and nothing typed is lost.
 */
export function BrokerFormDialog({ mode, onClose, onSaved }: BrokerFormDialogProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const messageText = useBrokerMessageText();
  const createOtr = useCreateOtrBroker();
  const createNonOtr = useCreateNonOtrBroker();
  const updateNonOtr = useUpdateNonOtrBroker();
  const updateOtr = useUpdateBrokerCompany();
  const isOtr = mode.kind === 'create-otr' || (mode.kind === 'edit' && mode.broker.is_otr);
  const [resolver] = useState(() => schemaResolver(isOtr ? otrBrokerCreateSchema : nonOtrBrokerSchema));
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<BrokerFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues:
      mode.kind === 'edit'
        ? valuesOf(mode.broker)
        : { ...EMPTY, mc_number: mode.kind === 'create-otr' ? (mode.mcNumber ?? '') : '' },
  });

  const save = (values: BrokerFormValues): Promise<BrokerCompany> => {
    if (mode.kind === 'create-otr') return createOtr.mutateAsync(values);
    if (mode.kind === 'create-non-otr') return createNonOtr.mutateAsync(values);
    if (mode.broker.is_otr) return updateOtr.mutateAsync({ id: mode.broker.id, body: values });
    return updateNonOtr.mutateAsync({ id: mode.broker.id, body: values });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      toastSuccess();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(error);
        return;
      }
      let placed = false;
      for (const name of FIELD_NAMES) {
        const message = fieldErrorOf(error, name, messageText);
        if (message) {
          setError(name, { type: 'server', message });
          placed = true;
        }
      }
      if (MC_NUMBER_REFUSALS.some((code) => isRefusal(error, code))) {
        const mcMessage = refusalText(error) ?? messageText(error.detail);
        setError('mc_number', { type: 'server', message: mcMessage }, { shouldFocus: true });
        placed = true;
      }
      if (!placed) setFailure(error);
    }
  });

  const message = (name: keyof BrokerFormValues) => {
    const text = errors[name]?.message;
    return text ? messageText(text) : undefined;
  };
  const text = (
    name: keyof BrokerFormValues,
    label: string,
    options: {
      required?: boolean;
      maxLength?: number;
      type?: string;
      autoFocus?: boolean;
      inputMode?: 'numeric';
    } = {},
  ) => (
    <TextField
      {...register(name)}
      label={label}
      required={options.required}
      type={options.type ?? 'text'}
      autoFocus={options.autoFocus}
      autoComplete="off"
      fullWidth
      error={Boolean(errors[name])}
      helperText={message(name)}
      slotProps={{ htmlInput: { maxLength: options.maxLength, inputMode: options.inputMode } }}
    />
  );

  const title =
    mode.kind === 'create-otr'
      ? t('brokers.form.createOtrTitle')
      : mode.kind === 'create-non-otr'
        ? t('brokers.form.createNonOtrTitle')
        : t('brokers.form.editTitle', { name: mode.broker.name });
  const busy = isSubmitting;

  return (
    <BrokerDialog
      title={title}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t('brokers.actions.cancel')}
          </Button>
          <Button
            type="submit"
            form="broker-form"
            variant="contained"
            loading={busy}
            disabled={mode.kind === 'edit' && !isDirty}
          >
            {mode.kind === 'edit' ? t('common.save') : t('brokers.form.create')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id="broker-form"
        noValidate
        aria-label={title}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5, pt: 0.5 }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          {text('name', t('brokers.fields.name'), { required: true, maxLength: 200, autoFocus: true })}
        </Box>
        {text('mc_number', t('brokers.fields.mcNumber'), { required: isOtr, maxLength: 14 })}
        {text('dot_number', t('brokers.fields.dotNumber'), { maxLength: 10, inputMode: 'numeric' })}
        <Controller
          control={control}
          name="brokerage"
          render={({ field }) => (
            <TextField
              select
              label={t('brokers.fields.brokerage')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.brokerage)}
              helperText={message('brokerage')}
              fullWidth
            >
              <MenuItem value="">{t('brokers.fields.none')}</MenuItem>
              {BROKERAGE_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {id}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {text('phone', t('brokers.fields.phone'), { maxLength: 20, type: 'tel' })}
        <Box sx={{ gridColumn: '1 / -1' }}>
          {text('email', t('brokers.fields.email'), { maxLength: 254, type: 'email' })}
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          {text('address', t('brokers.fields.address'), { maxLength: 300 })}
        </Box>
        {text('city', t('brokers.fields.city'), { maxLength: 100 })}
        <Controller
          control={control}
          name="state"
          render={({ field }) => (
            <TextField
              select
              label={t('brokers.fields.state')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.state)}
              helperText={message('state')}
              fullWidth
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="">{t('brokers.fields.none')}</option>
              {REGIONS.map((region) => (
                <option key={region.id} value={region.id}>
                  {`${region[lang]} (${region.id})`}
                </option>
              ))}
            </TextField>
          )}
        />
        {text('zip_code', t('brokers.fields.zipCode'), { maxLength: 10 })}
        {failure !== null && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <BrokerError error={failure} />
          </Box>
        )}
      </Box>
    </BrokerDialog>
  );
}
