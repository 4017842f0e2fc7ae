import type { DispatcherPayTerms } from '@app/domain/accounting/money.rules';
import { payWeekDates } from '@app/domain/accounting/pay-weeks.rules';
import type {
  DispatcherPaymentRow,
  OwnerPaymentRow,
  PayTerms,
  PayTotals,
} from '@app/domain/accounting/payments.schema';
import { lookupName, PAYMENT_STATUSES, type PaymentStatusId } from '@app/domain/common/lookups';
import { centsToAmount } from '@app/domain/common/money';
import type { Numberish, PayRowRecord, PayTotalsRecord } from './pay-read-model.repository';

// The pay read model's records as the API answers them: money in dollars, names joined, the week's dates.

const cents = (value: Numberish | null | undefined): number => Number(value ?? 0);
export const amount = (value: Numberish | null | undefined): number => centsToAmount(cents(value));

export const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The terms as the money model reads them, from a row's columns; null without terms. */
export function termsOf(row: {
  basis: DispatcherPayTerms['basis'] | null;
  percent: Numberish | null;
  terms_amount_cents?: Numberish | null;
  amount_cents?: Numberish | null;
}): DispatcherPayTerms | null {
  if (row.basis === null) return null;
  const amountCents = row.terms_amount_cents ?? row.amount_cents ?? null;
  return {
    basis: row.basis,
    percent: row.percent === null ? null : Number(row.percent),
    amount_cents: amountCents === null ? null : Number(amountCents),
  };
}

/** The terms as answered. */
export function toPayTerms(terms: DispatcherPayTerms | null, updatedAt: Date | null): PayTerms | null {
  if (!terms) return null;
  return {
    basis: terms.basis,
    percent: terms.percent,
    amount: terms.amount_cents === null ? null : centsToAmount(terms.amount_cents),
    updated_date: (updatedAt ?? new Date(0)).toISOString(),
  };
}

/** The week's money of a row, in cents: what it computes to, and what it pays (frozen once closed). */
export function rowCents(row: PayRowRecord) {
  const computed = cents(row.load_pay) + cents(row.bonuses) - cents(row.fines) + cents(row.items);
  return { computed, paid: row.amount_cents === null ? computed : cents(row.amount_cents) };
}

function paymentFields(row: PayRowRecord) {
  const dates = payWeekDates({ year: row.year, week: row.week });
  const { computed, paid } = rowCents(row);
  return {
    id: row.id,
    status: row.status as PaymentStatusId,
    status_name: lookupName(PAYMENT_STATUSES, row.status),
    week: row.week,
    year: row.year,
    week_start: dates.start,
    week_end: dates.end,
    is_closed: row.is_closed,
    paid_at: row.paid_at?.toISOString() ?? null,
    loads_count: cents(row.loads_count),
    gross: amount(row.gross),
    load_pay: amount(row.load_pay),
    bonuses: amount(row.bonuses),
    fines: amount(row.fines),
    items: amount(row.items),
    computed_total: centsToAmount(computed),
    amount: centsToAmount(paid),
  };
}

export function toOwnerRow(row: PayRowRecord): OwnerPaymentRow {
  return {
    ...paymentFields(row),
    type: 'owner',
    owner: {
      id: row.person_id,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: fullName(row.first_name, row.last_name),
      company_name: row.company_name,
      email: row.email,
    },
  };
}

export function toDispatcherRow(row: PayRowRecord): DispatcherPaymentRow {
  return {
    ...paymentFields(row),
    type: 'dispatcher',
    dispatcher: {
      id: row.person_id,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: fullName(row.first_name, row.last_name),
      email: row.email ?? '',
      team: row.team_id === null ? null : { id: row.team_id, name: row.team_name ?? '' },
    },
    terms: toPayTerms(termsOf(row), row.terms_updated_at),
    margin: amount(row.margin),
  };
}

export function toTotals(totals: PayTotalsRecord): PayTotals & { margin: number } {
  return {
    loads_count: cents(totals.loads_count),
    gross: amount(totals.gross),
    margin: amount(totals.margin),
    load_pay: amount(totals.load_pay),
    bonuses: amount(totals.bonuses),
    fines: amount(totals.fines),
    items: amount(totals.items),
    amount: amount(totals.amount),
  };
}
