import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import { formatWait } from '@app/domain/bids/driver-bids.rules';
import { driverBidCreateSchema, type PortalLoad } from '@app/domain/bids/driver-bids.schema';
import { isApiError, isRefusal } from '@/lib/api-error';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime, formatDims, formatUsd, formatWeight } from '@/lib/format';
import { usePlaceBid } from '../api/place-bid';
import { BidStateChip } from './bid-state-chip';
import { useDriverPortalMessageText, useErrorLines } from './driver-portal-messages';
import { useCountdown } from './use-countdown';

type Fields = { price: string; hours: string; minutes: string };
type FieldErrors = Partial<Record<'price' | 'eta_minutes', string>>;

const place = (point: PortalLoad['points'][number] | undefined) =>
  point ? `${point.city}, ${point.state}` : '—';

/**
 * One load forwarded to my vehicle: where and when, miles and deadhead from my truck, what it needs, my
 * bid's answer, and the bid form (price, ETA). While the spec's limit holds, the form says how long is
 * left and counts it down.
 */
export function PortalLoadCard({ load, fetchedAt }: { load: PortalLoad; fetchedAt: number }) {
  const { t } = useTranslation();
  const messageText = useDriverPortalMessageText();
  const errorLines = useErrorLines();
  const placeBid = usePlaceBid();
  const [fields, setFields] = useState<Fields>({ price: '', hours: '', minutes: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  // A refusal for the limit carries the time left: it counts down from the moment it came.
  const [limit, setLimit] = useState<{ seconds: number; at: number } | null>(null);

  const pickUp = load.points.find((point) => point.type === 'pick_up') ?? load.points[0];
  const delivery = [...load.points].reverse().find((point) => point.type === 'deliver_to');
  const waitFromLoad = useCountdown(load.wait_seconds, fetchedAt);
  const waitFromRefusal = useCountdown(limit?.seconds ?? 0, limit?.at ?? 0);
  const wait = Math.max(waitFromLoad, waitFromRefusal);
  const id = `load-${load.load_id}-${load.vehicle.id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hours = fields.hours.trim() === '' ? 0 : Number(fields.hours);
    const minutes = fields.minutes.trim() === '' ? 0 : Number(fields.minutes);
    const parsed = driverBidCreateSchema.safeParse({
      load_id: load.load_id,
      vehicle_id: load.vehicle.id,
      price: fields.price,
      eta_minutes: Number.isFinite(hours) && Number.isFinite(minutes) ? hours * 60 + minutes : Number.NaN,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'price' || field === 'eta_minutes') && !next[field])
          next[field] = messageText(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    placeBid.mutate(
      {
        body: {
          load_id: load.load_id,
          vehicle_id: load.vehicle.id,
          price: fields.price,
          eta_minutes: parsed.data.eta_minutes,
        },
        idempotencyKey: key,
      },
      {
        onSuccess: () => {
          setKey(crypto.randomUUID());
          setLimit(null);
        },
        onError: (error) => {
          // A request that got no answer is sent again with the same key; an answered one gets a new key.
          if (isApiError(error) && error.status !== undefined) setKey(crypto.randomUUID());
          const seconds = isRefusal(error, 'bid_limit') ? Number(error.fields.seconds_left?.[0]) : Number.NaN;
          setLimit(Number.isFinite(seconds) ? { seconds, at: Date.now() } : null);
        },
      },
    );
  };

  return (
    <Card variant="outlined" component="article" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography
            id={`${id}-title`}
            variant="h3"
            component="h2"
            sx={{ flex: 1, fontSize: '1rem', fontWeight: 600 }}
          >
            {place(pickUp)} → {place(delivery)}
          </Typography>
          {load.my_bid && <BidStateChip state={load.my_bid.state} />}
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.25,
            fontSize: '0.875rem',
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          <dt>{t('driverPortal.load.pickUp')}</dt>
          <dd>{formatDateTime(pickUp?.date ?? load.pick_up_datetime)}</dd>
          <dt>{t('driverPortal.load.delivery')}</dt>
          <dd>{formatDateTime(delivery?.date ?? load.delivery_datetime)}</dd>
          <dt>{t('driverPortal.load.miles')}</dt>
          <dd>
            {load.miles ?? '—'}
            {' · '}
            {t('driverPortal.load.deadhead', { miles: load.deadhead_miles ?? '—' })}
          </dd>
          <dt>{t('driverPortal.load.vehicleType')}</dt>
          <dd>{load.vehicle_type ? lookupName(VEHICLE_TYPES, load.vehicle_type, currentLang()) : '—'}</dd>
          <dt>{t('driverPortal.load.weight')}</dt>
          <dd>{[formatWeight(load.weight), formatDims(load.dims)].filter(Boolean).join(' · ') || '—'}</dd>
          <dt>{t('driverPortal.load.unit')}</dt>
          <dd>{load.vehicle.unit_id}</dd>
        </Box>
        {load.my_bid && (
          <Typography variant="body2">
            {t('driverPortal.load.myBid', {
              price: formatUsd(load.my_bid.price),
              time: formatDateTime(load.my_bid.placed_at),
            })}
            {load.my_bid.state === 'rejected' && load.my_bid.rejected_reason
              ? ` · ${t('driverPortal.bids.reason', { reason: load.my_bid.rejected_reason })}`
              : ''}
          </Typography>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('driverPortal.bid.price')}
            value={fields.price}
            onChange={(event) => setFields({ ...fields, price: event.target.value })}
            error={Boolean(errors.price)}
            helperText={errors.price}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': undefined } }}
            sx={{ flex: '1 1 7rem' }}
          />
          <TextField
            size="small"
            label={t('driverPortal.bid.etaHours')}
            value={fields.hours}
            onChange={(event) => setFields({ ...fields, hours: event.target.value })}
            error={Boolean(errors.eta_minutes)}
            helperText={errors.eta_minutes}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: '1 1 4.5rem' }}
          />
          <TextField
            size="small"
            label={t('driverPortal.bid.etaMinutes')}
            value={fields.minutes}
            onChange={(event) => setFields({ ...fields, minutes: event.target.value })}
            error={Boolean(errors.eta_minutes)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: '1 1 4.5rem' }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={placeBid.isPending || wait > 0}
            sx={{ flex: '1 1 100%' }}
          >
            {load.my_bid?.state === 'pending' ? t('driverPortal.bid.change') : t('driverPortal.bid.place')}
          </Button>
        </Box>
        {wait > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('driverPortal.bid.wait', { wait: formatWait(wait) })}
          </Typography>
        )}
        {placeBid.isError && (
          <Alert severity={isRefusal(placeBid.error, 'bid_limit') ? 'warning' : 'error'}>
            {errorLines(placeBid.error).join(' ')}
          </Alert>
        )}
        {placeBid.isSuccess && !placeBid.isPending && (
          <Alert severity="success">{t('driverPortal.bid.sent')}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
