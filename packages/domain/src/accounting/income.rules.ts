import { PAYMENT_STATUS, type PayStatusId } from '../common/lookups';
import { CANCELED_STATUS, COMPLETED_TONU_STATUS, TONU_STATUS } from '../loads/load-lifecycle.rules';

// The income side of a load's accounting beyond its money (money.rules.ts: income, the quick pay deduction):
// factoring, the payments pages' lists and the spec's pay status of a load.

/** Payment statuses that mean the invoice went to the factoring company. */
export const FACTORING_PAYMENT_STATUS_IDS: readonly number[] = [
  PAYMENT_STATUS.sentToFactoring,
  PAYMENT_STATUS.acceptedByFactoring,
];

export function isFactoring(paymentStatus: number): boolean {
  return FACTORING_PAYMENT_STATUS_IDS.includes(paymentStatus);
}

/** Statuses that put a broker payment on the payments page's completed list; the others are active. */
export function brokerPaymentList(paymentStatus: number): 'active' | 'completed' {
  return paymentStatus === PAYMENT_STATUS.completed ? 'completed' : 'active';
}

/**
 * The pay status of a load (the spec's Standard, TONU, Problems, W/0 Factoring, Quickpay, Canceled): Canceled
 * for a canceled load, TONU for a TONU, then Problems when its broker payment is on hold or charged back,
 * Quickpay with quick pay, W/0 Factoring when the broker pays the carrier directly, else Standard.
 */
export function payStatusOf(
  loadStatus: number,
  payment: { status: number; quickpay_percent: number | string | null } | null,
): PayStatusId {
  if (loadStatus === CANCELED_STATUS) return 'Canceled';
  if (loadStatus === TONU_STATUS || loadStatus === COMPLETED_TONU_STATUS) return 'TONU';
  if (!payment) return 'Standard';
  if (payment.status === PAYMENT_STATUS.paymentOnHold || payment.status === PAYMENT_STATUS.chargeback) {
    return 'Problems';
  }
  if (payment.quickpay_percent !== null) return 'Quickpay';
  if (payment.status === PAYMENT_STATUS.directPay) return 'W/0 Factoring';
  return 'Standard';
}
