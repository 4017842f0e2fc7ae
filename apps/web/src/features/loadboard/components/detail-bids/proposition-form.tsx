import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { propositionCreateSchema } from '@app/domain/bids/bids.schema';
import { arrivalWindow, DEFAULT_PROPOSITION_TEMPLATE } from '@app/domain/bids/proposition-template.rules';
import type { BoardLoad } from '@app/domain/loadboard/loadboard.schema';
import { EmailMessage } from '@/components/bid-email/email-message';
import { showBidSnackbar } from '@/components/bid-snackbar/bid-snackbar';
import { ErrorAlert } from '@/components/error-messages/error-alert';
import { fieldErrorOf } from '@/components/error-messages/error-messages';
import { isRefusal } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useLoadCars, usePropositionTemplate, useSendProposition } from './detail-bids-api';
import type { FormCar } from './detail-bids-api';
import {
  carOptionText,
  etaSecondsOf,
  firstPickUpPlace,
  loadNumberOf,
  useDetailBidMessageText,
} from './detail-bids-display';
import { previewMessage, previewSubject } from './proposition-preview';

/** What a driver's or owner's bid puts in the form when the dispatcher accepts it. */
export type PropositionPrefill = {
  carId: number | null;
  driverPrice: number | null;
  etaSeconds: number | null;
  /** Whose bid it came from, said above the form. */
  from: string;
};

type PropositionFormProps = {
  load: BoardLoad;
  prefill: PropositionPrefill | null;
  /** The bid was placed: the section starts a fresh form, so that a second click is not a second bid. */
  onSent: () => void;
};

const amount = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2);

/**
 * The proposition to the broker: the vehicle (closest fitting first; every vehicle with Show all), the
 * broker and driver prices, the ETA and the arrival window it gives, the broker's e-mail and subject, the
 * preview of the e-mail from the template, and Send.
 */
export function PropositionForm({ load, prefill, onSent }: PropositionFormProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const message = useDetailBidMessageText();
  const [showAll, setShowAll] = useState(false);
  const pickUp = firstPickUpPlace(load);
  const cars = useLoadCars(load.id, showAll, pickUp);
  const send = useSendProposition();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [carId, setCarId] = useState<number | null>(prefill?.carId ?? null);
  const [price, setPrice] = useState(amount(load.pays));
  const [driverPrice, setDriverPrice] = useState(amount(prefill?.driverPrice));
  const prefillMinutes =
    prefill?.etaSeconds == null ? null : Math.max(0, Math.round(prefill.etaSeconds / 60));
  const [etaHours, setEtaHours] = useState(
    prefillMinutes === null ? '' : String(Math.floor(prefillMinutes / 60)),
  );
  const [etaMinutes, setEtaMinutes] = useState(prefillMinutes === null ? '' : String(prefillMinutes % 60));
  const [emailTo, setEmailTo] = useState(load.reply_email ?? '');
  const [subject, setSubject] = useState(() => previewSubject(load));
  const [editing, setEditing] = useState(false);
  const [ownMessage, setOwnMessage] = useState('');
  // The preview's clock: the arrival window is counted from when the form was last changed.
  const now = useMemo(() => new Date(), [carId, etaHours, etaMinutes]); // eslint-disable-line react-hooks/exhaustive-deps

  const options = cars.data ?? [];
  const car: FormCar | undefined = options.find((option) => option.id === carId);
  const carEta = etaSecondsOf(car, now);
  const typedEta = Number(etaHours || 0) * 3600 + Number(etaMinutes || 0) * 60;
  const etaSeconds = etaHours === '' && etaMinutes === '' ? (carEta ?? 0) : typedEta;
  const template = usePropositionTemplate();
  const preview = previewMessage({
    template: template.data?.template ?? DEFAULT_PROPOSITION_TEMPLATE,
    load,
    car,
    price,
    etaSeconds,
    dispatcher: user,
    companyName: user.company_instance?.name ?? '',
    phoneHint: t('bids.section.yourPhone'),
    now,
  });
  const body = {
    load: load.id,
    car: carId ?? 0,
    driver: car?.driver?.id ?? null,
    // An empty price is a missing one ('This field is required'), not a malformed amount.
    price: price.trim() === '' ? null : price,
    driver_price: driverPrice.trim() === '' ? null : driverPrice,
    eta: etaSeconds,
    miles_out: car?.miles_out ?? null,
    email_to: emailTo.trim() === '' ? null : emailTo,
    email_subject: subject.trim() === '' ? null : subject,
    message: editing ? ownMessage : null,
  };
  const parsed = propositionCreateSchema.safeParse(body);
  const issueOf = (field: string) => {
    const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
    return issue ? message(issue.message) : fieldErrorOf(send.error, field, message);
  };
  // A field shows its problem once something was typed in it (or a send was refused).
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const shown = (field: string) => (touched.has(field) || send.isError ? issueOf(field) : undefined);
  const touch = (field: string) => setTouched((current) => new Set(current).add(field));
  const notAuthorized = isRefusal(send.error, 'email_not_authorized');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success || carId === null || send.isPending) {
      setTouched(new Set(['car', 'price', 'driver_price', 'eta', 'email_to', 'email_subject', 'message']));
      return;
    }
    send.mutate(
      { ...body, car: carId, price, idempotencyKey },
      {
        onSuccess: (bid) => {
          setIdempotencyKey(crypto.randomUUID());
          onSent();
          showBidSnackbar({
            messageKey: 'bids.snackbar.sent',
            values: { number: loadNumberOf(load) },
            to: `/bid/active/${bid.id}`,
          });
        },
      },
    );
  };

  const moneyProps = {
    htmlInput: { inputMode: 'decimal' },
    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  } as const;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={t('bids.section.proposition')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {t('bids.section.proposition')}
        </Typography>
        <FormControlLabel
          sx={{ ml: 'auto', mr: 0 }}
          control={
            <Switch size="small" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
          }
          label={<Typography variant="caption">{t('bids.section.showAll')}</Typography>}
        />
      </Box>
      {prefill && <Alert severity="info">{t('bids.section.prefilledFrom', { name: prefill.from })}</Alert>}
      <TextField
        select
        required
        label={t('bids.section.vehicle')}
        value={car ? car.id : ''}
        error={Boolean(touched.has('car') && carId === null)}
        helperText={
          cars.isError
            ? t('bids.section.carsFailed')
            : !cars.isPending && options.length === 0
              ? t('bids.section.noCars')
              : touched.has('car') && carId === null
                ? t('bids.section.vehicleRequired')
                : undefined
        }
        onChange={(event) => {
          setCarId(Number(event.target.value));
          touch('car');
        }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id} dense>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <span>{carOptionText(option, now, t)}</span>
              {(!option.fits || !option.available) && (
                <Typography variant="caption" color="warning.main">
                  {[
                    !option.fits && t('bids.section.notFitting'),
                    !option.available && t('bids.section.notAvailable'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              )}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <TextField
          required
          label={t('bids.fields.price')}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          onBlur={() => touch('price')}
          error={Boolean(shown('price'))}
          helperText={shown('price')}
          slotProps={moneyProps}
        />
        <TextField
          label={t('bids.fields.driver_price')}
          value={driverPrice}
          onChange={(event) => setDriverPrice(event.target.value)}
          onBlur={() => touch('driver_price')}
          error={Boolean(shown('driver_price'))}
          helperText={shown('driver_price')}
          slotProps={moneyProps}
        />
        <TextField
          label={t('bids.section.etaHours')}
          value={etaHours}
          placeholder={carEta === null ? undefined : String(Math.floor(carEta / 3600))}
          onChange={(event) => setEtaHours(event.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={() => touch('eta')}
          error={Boolean(shown('eta'))}
          helperText={shown('eta')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={t('bids.section.etaMinutes')}
          value={etaMinutes}
          placeholder={carEta === null ? undefined : String(Math.round(carEta / 60) % 60)}
          onChange={(event) => setEtaMinutes(event.target.value.replace(/\D/g, '').slice(0, 2))}
          onBlur={() => touch('eta')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <Typography variant="body2" aria-live="polite">
        {t('bids.section.arrival', { window: arrivalWindow(now, etaSeconds) })}
      </Typography>
      <TextField
        label={t('bids.section.emailTo')}
        type="email"
        value={emailTo}
        onChange={(event) => setEmailTo(event.target.value)}
        onBlur={() => touch('email_to')}
        error={Boolean(shown('email_to'))}
        helperText={
          shown('email_to') ?? (emailTo.trim() === '' ? t('bids.section.emailToMissing') : undefined)
        }
      />
      <TextField
        label={t('bids.page.emailSubject')}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        onBlur={() => touch('email_subject')}
        error={Boolean(shown('email_subject'))}
        helperText={shown('email_subject')}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {editing ? t('bids.section.editingHint') : t('bids.section.previewHint')}
        </Typography>
        <Button
          size="small"
          onClick={() => {
            if (!editing) setOwnMessage(preview);
            setEditing((value) => !value);
          }}
        >
          {editing ? t('bids.section.useTemplate') : t('bids.section.editMessage')}
        </Button>
      </Box>
      {!editing && !car ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.25 }}
        >
          {t('bids.section.previewNeedsVehicle')}
        </Typography>
      ) : editing ? (
        <TextField
          multiline
          minRows={8}
          maxRows={20}
          label={t('bids.section.message')}
          value={ownMessage}
          onChange={(event) => setOwnMessage(event.target.value)}
          error={Boolean(shown('message'))}
          helperText={shown('message')}
        />
      ) : (
        <EmailMessage message={preview} label={t('bids.section.preview')} />
      )}
      {notAuthorized ? (
        <Alert severity="error">
          {t('errors.codes.email_not_authorized')} {t('bids.section.notAuthorizedHint')}{' '}
          <Link component={RouterLink} to="/settings/profile/">
            {t('bids.section.openProfile')}
          </Link>
        </Alert>
      ) : (
        <ErrorAlert error={send.error} messageText={message} />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          {send.isPending ? t('bids.section.sending') : t('bids.section.send')}
        </Button>
      </Box>
    </Box>
  );
}
