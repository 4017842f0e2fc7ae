import { INCOME_ROLES } from '@app/domain/accounting/income.schema';
import { incomeListOf } from '@app/domain/accounting/accounting-status.rules';
import type { AccountingLoad } from '@app/domain/accounting/income.schema';
import { loadStatusClass } from '@app/domain/loads/loads.rules';
import { effectiveRole } from '@app/domain/shell/menu.rules';
import type { CurrentUser } from '@/lib/current-user';

// What the accounting pages offer a user: admins, managers and accountants work the income pages (open a
// load there, move its accounting status, change payments); a dispatcher reads the list of loads and opens
// a load on its own load page.

export function worksIncome(user: Pick<CurrentUser, 'role' | 'is_superuser'>): boolean {
  const role = effectiveRole(user);
  return user.is_superuser || (role !== null && (INCOME_ROLES as readonly number[]).includes(role));
}

/** The income page of a load of accounting: /accounting/income/{active|completed}/{id}. */
export function incomePagePath(load: Pick<AccountingLoad, 'id' | 'accounting_status'>): string {
  return `/accounting/income/${incomeListOf(load.accounting_status)}/${load.id}`;
}

/** Where a row of an accounting list opens for the user: the income page, or the load's own page. */
export function accountingLoadPath(
  user: Pick<CurrentUser, 'role' | 'is_superuser'>,
  load: Pick<AccountingLoad, 'id' | 'status' | 'accounting_status'>,
): string {
  return worksIncome(user) ? incomePagePath(load) : `/load/${loadStatusClass(load.status)}/${load.id}`;
}
