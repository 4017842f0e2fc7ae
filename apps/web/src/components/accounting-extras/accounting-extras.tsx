import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';

// The accounting pages (features/accounting, features/payments) show pieces that other features own: the
// reports' buttons (Excel, invoice and pay sheet PDFs, sending them) and a load's incentives. A feature does
// not import another, so the pages place a slot from here and the app layer (app/accounting-extras.tsx)
// fills it. Without a provider (a page test that does not need them) the slots render nothing.

/** The filters of the list on screen, as the page sends them to its list call. */
export type ListFilters = Record<string, string | number | boolean | null | undefined>;

export type AccountingExtras = {
  /** Beside a list's title: the Excel export of what is listed (and, for brokers, the QuickBooks export). */
  ListTools: ComponentType<{
    list: string;
    filters: ListFilters;
    week?: { week: number; year: number } | null;
  }>;
  /** On a load of accounting: the broker's invoice (PDF, sending it). */
  LoadTools: ComponentType<{ loadId: number; brokerEmail?: string | null }>;
  /** Below a load of accounting: its bonuses and fines. */
  LoadPanels: ComponentType<{ loadId: number }>;
  /** On an owner's week: the pay sheet (PDF, sending it). */
  PayTools: ComponentType<{ paymentId: number; ownerEmail?: string | null }>;
  /** In the pay lists' toolbar: the incentive templates. */
  PayListTools: ComponentType<Record<string, never>>;
};

const AccountingExtrasContext = createContext<Partial<AccountingExtras>>({});

export const AccountingExtrasProvider = AccountingExtrasContext.Provider;

function slot<K extends keyof AccountingExtras>(name: K) {
  type Props = ComponentProps<AccountingExtras[K]>;
  function Slot(props: Props) {
    const component = useContext(AccountingExtrasContext)[name] as ComponentType<object> | undefined;
    return component ? createElement(component, props as object) : null;
  }
  Slot.displayName = `AccountingSlot(${name})`;
  return Slot;
}

export const ListToolsSlot = slot('ListTools');
export const LoadToolsSlot = slot('LoadTools');
export const LoadPanelsSlot = slot('LoadPanels');
export const PayToolsSlot = slot('PayTools');
export const PayListToolsSlot = slot('PayListTools');
