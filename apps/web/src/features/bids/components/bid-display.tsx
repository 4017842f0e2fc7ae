import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import { padAccountingNumber } from '@app/domain/loads/loads.rules';
import type { LoadPoint } from '@app/domain/loads/loads.schema';
import type { Proposition, PropositionDelivery, PropositionStatus } from '@app/domain/bids/bids.schema';
import { currentLang } from '@/i18n/i18n';

// How a bid reads in the lists and on its page; the rules themselves are the domain's.

/** The load's accounting number padded to 6 digits, or its id while it has none. */
export function bidLoadNumber(load: { id: number; load_accounting_number: number | null }): string {
  return load.load_accounting_number === null
    ? `#${load.id}`
    : padAccountingNumber(load.load_accounting_number);
}

function ordered(points: readonly LoadPoint[]): LoadPoint[] {
  return [...points].sort((a, b) => a.order - b.order);
}

export function firstPickUpOf(points: readonly LoadPoint[]): LoadPoint | undefined {
  return ordered(points).find((point) => point.type === 'pick_up');
}

export function lastDeliveryOf(points: readonly LoadPoint[]): LoadPoint | undefined {
  return ordered(points)
    .reverse()
    .find((point) => point.type === 'deliver_to');
}

export function placeOf(point: Pick<LoadPoint, 'city' | 'state'> | undefined): string {
  if (!point) return '—';
  return [point.city, point.state].filter(Boolean).join(', ') || '—';
}

/** 'Ada Admin', or '' without a person. */
export function fullName(person: { first_name: string; last_name: string } | null | undefined): string {
  return person ? `${person.first_name} ${person.last_name}`.trim() : '';
}

/** An ETA in seconds as hours and minutes: '2 h 05 min', '45 min'. */
export function etaText(seconds: number | null | undefined, t: TFunction) {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('bids.eta.minutes', { minutes: rest });
  return t('bids.eta.hours', { hours, minutes: String(rest).padStart(2, '0') });
}

/** Where the bid's page is: active bids under /bid/active, won and lost under /bid/completed. */
export function bidPagePath(bid: Pick<Proposition, 'id' | 'status'>): string {
  return `/bid/${bid.status === 1 ? 'active' : 'completed'}/${bid.id}`;
}

const STATUS_COLOR: Record<PropositionStatus, 'info' | 'success' | 'default'> = {
  1: 'info',
  2: 'success',
  3: 'default',
};

/** Active, Won or Lost, with "by phone" when the broker's answer came by phone. */
export function BidStatusChip({ bid }: { bid: Pick<Proposition, 'status' | 'via_phone'> }) {
  const { t } = useTranslation();
  const label = t(`bids.status.${bid.status}`);
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[bid.status]}
      variant={bid.status === 1 ? 'outlined' : 'filled'}
      label={bid.via_phone && bid.status !== 1 ? t('bids.status.viaPhone', { status: label }) : label}
    />
  );
}

const DELIVERY_COLOR: Record<PropositionDelivery, 'success.main' | 'text.secondary' | 'error.main'> = {
  sent: 'success.main',
  kept: 'text.secondary',
  failed: 'error.main',
};

/** What became of the e-mail: sent, kept without sending (no SMTP), or refused by the mail server. */
export function DeliveryText({ delivery }: { delivery: PropositionDelivery }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`bids.delivery.${delivery}`)}
      title={t(`bids.deliveryHint.${delivery}`)}
      sx={{ color: DELIVERY_COLOR[delivery], borderColor: 'currentColor', height: 22 }}
    />
  );
}

/** A broker's rating in its colour (1 Unknown ... 5 Call Office). */
export function BrokerRatingChip({ rating }: { rating: number | null | undefined }) {
  useTranslation();
  const { name, color } = brokerRating(rating, currentLang());
  return (
    <Chip
      label={name}
      size="small"
      variant="outlined"
      sx={{ height: 20, fontSize: 11, borderColor: color, color, bgcolor: alpha(color, 0.08) }}
    />
  );
}
