import { accountingDeps, type AccountingServiceDeps } from './accounting.deps';
import { createAccountingBrokers } from './accounting.brokers';
import { createAccountingLoads } from './accounting.loads';

// Accounting of loads, income and what brokers owe, one file per group of use cases:
//   accounting.loads.ts    GET loads/lol, GET loads/income, GET loads/income/{id}/,
//                          PUT loads/{id}/update-accounting-status
//   accounting.brokers.ts  GET payments/brokers/all, GET payments/brokers/ageing,
//                          GET payments/brokers/{id}/days-to-pay, PUT payments/update-quickpay/{id}
// A load's accounting status is written by the loads service in this module's transaction; the payment rows
// by the payments module (broker-payments.ts). Changes publish update_accounting after commit.

export type { AccountingServiceDeps } from './accounting.deps';

export type AccountingService = ReturnType<typeof createAccountingService>;

export function createAccountingService(deps: AccountingServiceDeps) {
  const shared = accountingDeps(deps);
  return { ...createAccountingLoads(shared), ...createAccountingBrokers(shared) };
}
