import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  activePointError,
  emptyLoadForm,
  emptyLoadPoint,
  isSaveDisabled,
  loadFormMessage,
  MAX_DIMENSION,
  MAX_PIECES,
  MAX_WEIGHT,
  renumberPoints,
  stripLeadingDollar,
  validateLoadForm,
} from '@app/domain/loads/load-form.rules';
import type { LoadFormKind, LoadFormPoint, LoadFormValues } from '@app/domain/loads/load-form.rules';
import { formRuleMessage, refusalText } from '@/components/error-messages/error-messages';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import { useCurrentUserQuery } from '@/lib/current-user';
import { MESSAGE_TITLES, showMessage } from '@/lib/messages';
import {
  EquipmentChips,
  FormBrokerField,
  FormDateField,
  FormFlag,
  FormNoteField,
  FormTextField,
  FormVehicleTypeField,
} from './load-form-fields';
import type { TextFieldName } from './load-form-fields';
import {
  loadFormResolver,
  placeServerErrors,
  POINT_FIELDS,
  pointPath,
  POINTS_PATH,
} from './load-form-errors';
import type { PointField, ServerErrors } from './load-form-errors';
import type { BrokerContact } from './broker-company-field';
import { LoadPointsEditor } from './load-points-editor';
import type { PointErrors } from './load-points-editor';
import { RouteSummary } from './route-summary';

// The load form of the spec, for new loads, active loads and bid loads. The domain's validateLoadForm
// checks it as the user types (it is also react-hook-form's resolver); a field shows its message once the
// user has been in it, and Save stays disabled while any message exists. A failed save keeps everything
// typed and puts the server's messages beside the fields.

export type LoadFormProps = {
  kind: LoadFormKind;
  /** The load being edited (domain loadToFormValues); a new load starts empty with two points. */
  initialValues?: LoadFormValues;
  /** Saves the values; a rejection keeps the form filled and shows the error (ApiError fields beside fields). */
  onSubmit: (values: LoadFormValues) => Promise<void>;
  submitLabel: string;
  onCancel?: () => void;
  /** Told whether anything was changed, e.g. to ask before a dialog is closed. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Puts the cursor in the first field. */
  autoFocus?: boolean;
};

type TextOptions = Omit<
  ComponentProps<typeof FormTextField>,
  'control' | 'name' | 'id' | 'label' | 'error' | 'onChanged' | 'onVisited'
>;

const digitsOf = (max: number) => String(max).length;

const DIMENSION: TextOptions = { required: true, numeric: true, maxLength: digitsOf(MAX_DIMENSION) };

/** The first invalid field gets the cursor once the user asks what is missing. */
function focusFirstInvalid(formId: string): void {
  document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

export function LoadForm({
  kind,
  initialValues,
  onSubmit,
  submitLabel,
  onCancel,
  onDirtyChange,
  autoFocus = false,
}: LoadFormProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const baseId = useId();
  const fieldId = useCallback((path: string) => `${baseId}${path.replace(/\./g, '-')}`, [baseId]);
  const formId = fieldId('form');
  const googleMapsKey = useCurrentUserQuery().data?.company_instance?.google_maps_key ?? null;

  const resolver = useMemo(() => loadFormResolver(kind, lang), [kind, lang]);
  const [defaultValues] = useState(() => initialValues ?? emptyLoadForm());
  const { control, handleSubmit, setValue, getValues, formState } = useForm<LoadFormValues>({
    mode: 'onChange',
    resolver,
    defaultValues,
  });
  const {
    fields: pointFields,
    append,
    remove,
    move,
  } = useFieldArray({ control, name: 'points', keyName: 'fieldKey' });
  const values = useWatch({ control }) as LoadFormValues;
  const liveErrors = useMemo(
    () => validateLoadForm(values, { kind, now: new Date(), lang }),
    [values, kind, lang],
  );

  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const { isDirty, isSubmitting } = formState;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const visit = useCallback((...paths: string[]) => {
    setVisited((previous) => {
      if (paths.every((path) => previous.has(path))) return previous;
      const next = new Set(previous);
      for (const path of paths) next.add(path);
      return next;
    });
  }, []);

  /** A field was changed: its message is shown from now on, and the server's message for it is dropped. */
  const changed = useCallback(
    (...paths: string[]) => {
      visit(...paths);
      setServerErrors((previous) => {
        if (!previous || !paths.some((path) => path in previous.byField)) return previous;
        const byField = { ...previous.byField };
        for (const path of paths) delete byField[path];
        return { ...previous, byField };
      });
    },
    [visit, setServerErrors],
  );

  const errorFor = (path: string): string | undefined => {
    const live = liveErrors[path];
    if (live && (showAll || visited.has(path))) return live;
    return serverErrors?.byField[path];
  };

  const errorCount = Object.keys(liveErrors).length;
  // A new, untouched form shows no messages and no count: its Save reveals what is missing instead.
  // Once a field was touched (or an existing load is edited) Save is disabled while any error exists.
  const pristine = !initialValues && visited.size === 0 && !showAll;
  const saveDisabled = (!pristine && isSaveDisabled(liveErrors)) || isSubmitting;

  const revealErrors = () => {
    setShowAll(true);
    setTimeout(() => focusFirstInvalid(formId), 0);
  };

  const submit = handleSubmit(async (valid) => {
    const noActivePoint = activePointError(kind, valid.points);
    if (noActivePoint) {
      showMessage({ titleKey: MESSAGE_TITLES.error, text: loadFormMessage('activePointRequired', lang) });
      return;
    }
    setServerErrors(null);
    setFailure(null);
    try {
      await onSubmit({ ...valid, points: renumberPoints(valid.points) });
    } catch (error) {
      if (!isApiError(error)) {
        setFailure(t('loadForm.errors.unknown'));
        return;
      }
      const placed = placeServerErrors(error.fields, getValues('points').length, lang);
      setServerErrors(placed);
      if (error.status === undefined) setFailure(t('loadForm.errors.network'));
      else if (Object.keys(placed.byField).length > 0) setFailure(t('loadForm.errors.checkFields'));
      else if (placed.other.length === 0)
        setFailure(refusalText(error) ?? formRuleMessage(error.detail, lang));
      else setFailure(t('loadForm.errors.notSaved'));
    }
  }, revealErrors);

  /** A chosen broker's phone and e-mail fill the contact fields the user has left empty. */
  const fillBrokerContact = useCallback(
    ({ phone, email }: BrokerContact) => {
      const fill = (name: 'broker_phone' | 'reply_email', value: string | null) => {
        if (!value || String(getValues(name) ?? '').trim() !== '') return;
        setValue(name, value, { shouldDirty: true, shouldValidate: true });
        changed(name);
      };
      fill('broker_phone', phone);
      fill('reply_email', email);
    },
    [getValues, setValue, changed],
  );

  // ---------------------------------------------------------------- points

  const points = values.points ?? [];
  const firstPointDate = points[0]?.date ?? null;

  const changePoint = useCallback(
    (index: number, change: Partial<LoadFormPoint>, fields: PointField[]) => {
      const current = getValues(`points.${index}`);
      setValue(`points.${index}`, { ...current, ...change }, { shouldDirty: true });
      changed(...fields.map((field) => pointPath(index, field)));
      // The load's own pick-up and delivery dates start as the first and last points' dates.
      if (change.date) {
        const all = getValues('points');
        if (index === 0 && !getValues('pick_up_datetime')) {
          setValue('pick_up_datetime', change.date, { shouldDirty: true });
        }
        if (
          index === all.length - 1 &&
          all[index]?.type === 'deliver_to' &&
          !getValues('delivery_datetime')
        ) {
          setValue('delivery_datetime', change.date, { shouldDirty: true });
        }
      }
    },
    [getValues, setValue, changed],
  );

  const visitTypes = useCallback(
    (count: number) => visit(...Array.from({ length: count }, (_, index) => pointPath(index, 'type'))),
    [visit],
  );
  const addPoint = useCallback(
    () => append(emptyLoadPoint('deliver_to', getValues('points').length + 1), { shouldFocus: false }),
    [append, getValues],
  );
  const removePoint = useCallback(
    (index: number) => {
      remove(index);
      setServerErrors(null);
      visitTypes(getValues('points').length);
    },
    [remove, visitTypes, getValues, setServerErrors],
  );
  const movePoint = useCallback(
    (from: number, to: number) => {
      move(from, to);
      setServerErrors(null);
      visitTypes(getValues('points').length);
    },
    [move, visitTypes, getValues, setServerErrors],
  );

  const pointErrors: PointErrors[] = points.map((_, index) => {
    const errors: PointErrors = {};
    for (const field of POINT_FIELDS) {
      const message = errorFor(pointPath(index, field));
      if (message) errors[field] = message;
    }
    return errors;
  });

  // The route is asked again only when a point's coordinates change.
  const routeKey = points.map((point) => `${point.lat ?? ''},${point.lon ?? ''}`).join(';');
  const routePoints = useMemo(
    () =>
      routeKey
        .split(';')
        .map((pair) => pair.split(','))
        .map(([lat, lon]) => ({ lat: lat ? Number(lat) : null, lon: lon ? Number(lon) : null })),
    [routeKey],
  );

  // ---------------------------------------------------------------- layout

  const base = { control, onChanged: changed, onVisited: visit };
  const inches = t('loadForm.units.inches');
  const text = (name: TextFieldName, label: string, options: TextOptions = {}) => (
    <FormTextField
      {...base}
      {...options}
      name={name}
      id={fieldId(name)}
      label={label}
      error={errorFor(name)}
    />
  );

  return (
    <Box
      component="form"
      id={formId}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('loadForm.label')}
    >
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, rowGap: 2 }}
      >
        <Section title={t('loadForm.sections.broker')}>
          {kind === 'active' && (
            <FormBrokerField
              {...base}
              name="accounting_broker_company"
              id={fieldId('accounting_broker_company')}
              label={t('loadForm.fields.accountingBrokerCompany')}
              error={errorFor('accounting_broker_company')}
              required
              onContact={fillBrokerContact}
            />
          )}
          <FormBrokerField
            {...base}
            name="broker_company"
            id={fieldId('broker_company')}
            label={t('loadForm.fields.brokerCompany')}
            error={errorFor('broker_company')}
            disabled={kind === 'active'}
            helperText={kind === 'active' ? t('loadForm.broker.fixedOnActive') : undefined}
            onContact={fillBrokerContact}
          />
          <Pair>
            {text('broker_name', t('loadForm.fields.brokerName'), {
              required: true,
              maxLength: 150,
              autoFocus,
            })}
            {text('broker_phone', t('loadForm.fields.brokerPhone'), {
              required: true,
              type: 'tel',
              maxLength: 20,
            })}
          </Pair>
          {text('reply_email', t('loadForm.fields.replyEmail'), {
            required: true,
            type: 'email',
            maxLength: 254,
          })}
          <Pair>
            {text('rateconf_ref', t('loadForm.fields.rateconfRef'), {
              required: kind === 'active',
              maxLength: 100,
            })}
            {text('pays', t('loadForm.fields.pays'), {
              start: '$',
              transform: stripLeadingDollar,
              maxLength: 15,
              // A new load takes Pays as its broker price (the server does the same when none is sent).
              hint: kind === 'new' ? t('loadForm.hints.paysIsBrokerPrice') : undefined,
            })}
          </Pair>
        </Section>

        <Section title={t('loadForm.sections.freight')}>
          <Pair>
            <FormVehicleTypeField
              {...base}
              id={fieldId('car')}
              label={t('loadForm.fields.car')}
              error={errorFor('car')}
              lang={lang}
            />
            <Pair>
              {text('weight', t('loadForm.fields.weight'), {
                required: true,
                numeric: true,
                maxLength: digitsOf(MAX_WEIGHT),
                end: t('loadForm.units.pounds'),
              })}
              {text('pieces', t('loadForm.fields.pieces'), {
                required: true,
                numeric: true,
                maxLength: digitsOf(MAX_PIECES),
              })}
            </Pair>
          </Pair>
          {/* One per row on a phone: three in a row leave the labels no room beside their units. */}
          <Box
            data-testid="dimensions"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1.5 }}
          >
            {text('length', t('loadForm.fields.length'), { ...DIMENSION, end: inches })}
            {text('width', t('loadForm.fields.width'), { ...DIMENSION, end: inches })}
            {text('height', t('loadForm.fields.height'), { ...DIMENSION, end: inches })}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <FormFlag control={control} name="dock_level" label={t('loadForm.fields.dockLevel')} />
            <FormFlag control={control} name="isDanger" label={t('loadForm.fields.isDanger')} />
            <FormFlag control={control} name="isUrgent" label={t('loadForm.fields.isUrgent')} />
            <FormFlag control={control} name="isCanPutOnTop" label={t('loadForm.fields.isCanPutOnTop')} />
          </Box>
          <EquipmentChips control={control} label={t('loadForm.fields.equipment')} lang={lang} />
          <FormNoteField
            {...base}
            id={fieldId('note')}
            label={t('loadForm.fields.note')}
            error={errorFor('note')}
          />
        </Section>
      </Box>

      <Section title={t('loadForm.sections.dates')} sx={{ mt: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 1.5,
          }}
        >
          <FormDateField
            {...base}
            name="pick_up_datetime"
            id={fieldId('pick_up_datetime')}
            label={t('loadForm.fields.pickUpDatetime')}
            error={errorFor('pick_up_datetime')}
          />
          <FormDateField
            {...base}
            name="delivery_datetime"
            id={fieldId('delivery_datetime')}
            label={t('loadForm.fields.deliveryDatetime')}
            error={errorFor('delivery_datetime')}
            earliest={firstPointDate}
          />
        </Box>
      </Section>

      <Section
        title={t('loadForm.sections.points')}
        sx={{ mt: 2 }}
        aside={<RouteSummary points={routePoints} />}
      >
        <LoadPointsEditor
          points={points}
          keys={pointFields.map((field) => field.fieldKey)}
          errors={pointErrors}
          lang={lang}
          googleMapsKey={googleMapsKey}
          fieldId={fieldId}
          onPointChange={changePoint}
          onVisit={visit}
          onAdd={addPoint}
          onRemove={removePoint}
          onMove={movePoint}
          pointsError={errorFor(POINTS_PATH)}
        />
      </Section>

      {(failure || (serverErrors && serverErrors.other.length > 0)) && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure && <div>{failure}</div>}
          {serverErrors?.other.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}

      <Stack
        direction="row"
        spacing={1}
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          mt: 2,
          py: 1.25,
          alignItems: 'center',
          justifyContent: 'flex-end',
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {errorCount > 0 && !pristine && (
          <Button color="inherit" onClick={revealErrors} sx={{ mr: 'auto', color: 'text.secondary' }}>
            {t('loadForm.actions.toFix', { count: errorCount })}
          </Button>
        )}
        {onCancel && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('loadForm.actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={saveDisabled} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}

function Section({
  title,
  aside,
  children,
  sx,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={sx}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography id={headingId} variant="overline" component="h3" color="text.secondary">
          {title}
        </Typography>
        {aside}
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

function Pair({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
      {children}
    </Box>
  );
}
