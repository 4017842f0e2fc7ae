import { PAYMENT_STATUS, PAYMENT_STATUSES, lookupName, type Lang } from '../common/lookups';
import { type LoadFileType, DOCUMENTS_REQUIRED_MESSAGE, nextStatus } from '../loads/load-lifecycle.rules';
import { accountingStatusClass, loadStatusClass } from '../loads/loads.rules';

// A load's accounting status (loads.accounting_status, a payment status id) and what moving it does. The
// spec's classes: 1 checkout, 8 completed, 9 canceled, any other active (loads.rules accountingStatusClass).
// Only a load in checkout or completed is in accounting. It reaches 8 Completed only with its rate
// confirmation and proof of delivery uploaded, or with the accountant's explicit override (kept in the load's
// history); reaching 8 also completes a load still in checkout (8 Delivered -> 10, 9 TONU -> 11). Leaving 8
// reopens the load in accounting (the income active list) and leaves the load's own status as it is. 9 is
// the canceled class: a load gets it from its cancel action, never from this move.

/** The documents a load needs before its accounting status reaches Completed. */
export const COMPLETION_DOCUMENTS: readonly LoadFileType[] = ['rate_confirmation', 'proof_of_delivery'];

/** The accounting statuses a user may set: every payment status but 9 (the canceled class). */
export const SETTABLE_ACCOUNTING_STATUS_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type SettableAccountingStatus = (typeof SETTABLE_ACCOUNTING_STATUS_IDS)[number];

export const ACCOUNTING_STATUS_MESSAGES = {
  statusInvalid: 'Choose an accounting status from 1 to 8',
  canceledStatus: 'A load is canceled with its cancel action, not by its accounting status',
  notInAccounting: 'Only a load in checkout or completed has an accounting status.',
  documentsRequired: DOCUMENTS_REQUIRED_MESSAGE,
} as const;

/** The code of each refusal (common/errors.ts). */
export const ACCOUNTING_STATUS_CODES = {
  notInAccounting: 'load_not_in_accounting',
  documentsRequired: 'documents_required',
} as const;

/** Name of an accounting status (a payment status), 'Unknown' for none. */
export function accountingStatusName(status: number | null | undefined, lang: Lang = 'en'): string {
  return lookupName(PAYMENT_STATUSES, status, lang);
}

/** The completion documents not among the load's uploaded file types, in the order of COMPLETION_DOCUMENTS. */
export function missingCompletionDocuments(uploadedTypes: Iterable<string>): LoadFileType[] {
  const uploaded = new Set(uploadedTypes);
  return COMPLETION_DOCUMENTS.filter((type) => !uploaded.has(type));
}

/** Whether the load (by its status) is in accounting: checkout (8, 9) or completed (10, 11). */
export function isInAccounting(loadStatus: number): boolean {
  const list = loadStatusClass(loadStatus);
  return list === 'checkout' || list === 'completed';
}

/** The income list a load of accounting belongs to: completed once its accounting status is 8. */
export function incomeListOf(accountingStatus: number | null | undefined): 'active' | 'completed' {
  return accountingStatusClass(accountingStatus) === 'completed' ? 'completed' : 'active';
}

export type AccountingStatusMoveInput = {
  /** The load's status (1..12). */
  loadStatus: number;
  /** The load's accounting status now. */
  from: number | null;
  to: SettableAccountingStatus;
  /** The file types uploaded to the load. */
  uploadedTypes: Iterable<string>;
  /** The accountant completes the load without its documents. */
  override: boolean;
};

export type AccountingStatusRefusal = {
  code: (typeof ACCOUNTING_STATUS_CODES)[keyof typeof ACCOUNTING_STATUS_CODES];
  detail: string;
  missing_documents?: LoadFileType[];
};

export type AccountingStatusMove = {
  /** Nothing changes: the load already has that accounting status. */
  unchanged: boolean;
  /** The completion documents missing that the override let through (kept in the load's history). */
  overridden: LoadFileType[];
  /** The load's next status when the move completes a load still in checkout (10 or 11), else null. */
  completeTo: number | null;
};

/**
 * What moving a load's accounting status does, or why it is refused: a load outside checkout and completed
 * has none to move (409 load_not_in_accounting); Completed needs the completion documents unless overridden
 * (409 documents_required, naming the missing ones).
 */
export function accountingStatusMove(
  input: AccountingStatusMoveInput,
): { refusal: AccountingStatusRefusal } | { move: AccountingStatusMove } {
  if (!isInAccounting(input.loadStatus)) {
    return {
      refusal: {
        code: ACCOUNTING_STATUS_CODES.notInAccounting,
        detail: ACCOUNTING_STATUS_MESSAGES.notInAccounting,
      },
    };
  }
  const completing = input.to === PAYMENT_STATUS.completed;
  const missing = completing ? missingCompletionDocuments(input.uploadedTypes) : [];
  if (input.from === input.to) return { move: { unchanged: true, overridden: [], completeTo: null } };
  if (missing.length > 0 && !input.override) {
    return {
      refusal: {
        code: ACCOUNTING_STATUS_CODES.documentsRequired,
        detail: ACCOUNTING_STATUS_MESSAGES.documentsRequired,
        missing_documents: missing,
      },
    };
  }
  const inCheckout = loadStatusClass(input.loadStatus) === 'checkout';
  return {
    move: {
      unchanged: false,
      overridden: missing,
      completeTo: completing && inCheckout ? nextStatus(input.loadStatus) : null,
    },
  };
}

/**
 * What a broker payment's status sets on its invoice: 8 Completed means the broker paid (invoice Paid,
 * paid at that moment); any other status leaves the invoice unpaid (an invoice Closed stays closed).
 */
export function brokerInvoiceAfterStatus(
  status: number,
  invoice: { invoice_status: number; paid_at: Date | null },
  at: Date,
): { invoice_status: number; paid_at: Date | null } {
  if (status === PAYMENT_STATUS.completed) {
    return { invoice_status: 3, paid_at: invoice.invoice_status === 3 ? (invoice.paid_at ?? at) : at };
  }
  if (invoice.invoice_status === 2) return { invoice_status: 2, paid_at: null };
  return { invoice_status: 1, paid_at: null };
}
