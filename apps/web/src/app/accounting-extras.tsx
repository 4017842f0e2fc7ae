import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { canManageIncentives } from '@app/domain/accounting/incentives.schema';
import type { ExcelList } from '@app/domain/accounting/reports.schema';
import {
  AccountingExtrasProvider,
  type AccountingExtras,
} from '@/components/accounting-extras/accounting-extras';
import { useCurrentUser } from '@/lib/current-user';

// The app layer joins features: the accounting pages' slots (components/accounting-extras) are filled with
// the reports' buttons and the incentives panel, each fetched when a page first shows it.

function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function LazyExtra(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const ExcelExportButton = lazyNamed(() =>
  import('@/features/reports/components/excel-export-button').then((m) => m.ExcelExportButton),
);
const QuickbooksExportButton = lazyNamed(() =>
  import('@/features/reports/components/quickbooks-export').then((m) => m.QuickbooksExportButton),
);
const InvoiceButtons = lazyNamed(() =>
  import('@/features/reports/components/invoice-buttons').then((m) => m.InvoiceButtons),
);
const PaySheetButtons = lazyNamed(() =>
  import('@/features/reports/components/pay-sheet-buttons').then((m) => m.PaySheetButtons),
);
const IncentivesPanel = lazyNamed(() =>
  import('@/features/incentives/components/incentives-panel').then((m) => m.IncentivesPanel),
);
const IncentiveTemplatesButton = lazyNamed(() =>
  import('@/features/incentives/components/incentive-templates-dialog').then(
    (m) => m.IncentiveTemplatesButton,
  ),
);

const ListTools: AccountingExtras['ListTools'] = ({ list, filters, week }) => (
  <>
    <ExcelExportButton list={list as ExcelList} filters={filters} />
    {list === 'brokers' && week ? <QuickbooksExportButton year={week.year} week={week.week} /> : null}
  </>
);

function LoadPanels({ loadId }: { loadId: number }) {
  const user = useCurrentUser();
  return canManageIncentives(user) ? <IncentivesPanel loadId={loadId} /> : null;
}

function PayListTools() {
  const user = useCurrentUser();
  return canManageIncentives(user) ? <IncentiveTemplatesButton /> : null;
}

const EXTRAS: AccountingExtras = {
  ListTools,
  LoadTools: InvoiceButtons,
  LoadPanels,
  PayTools: PaySheetButtons,
  PayListTools,
};

export function AppAccountingExtras({ children }: { children: ReactNode }) {
  return <AccountingExtrasProvider value={EXTRAS}>{children}</AccountingExtrasProvider>;
}
