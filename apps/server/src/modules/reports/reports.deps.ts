import type { Readable } from 'node:stream';
import type {
  BrokerPaymentListQuery,
  BrokerPaymentListResponse,
} from '@app/domain/accounting/broker-payments.schema';
import type {
  AccountingLoadListQuery,
  AccountingLoadListResponse,
  IncomeDetail,
  IncomeListQuery,
} from '@app/domain/accounting/income.schema';
import type {
  DispatcherPaymentList,
  OwnerPayDetail,
  OwnerPaymentList,
  PayListQuery,
} from '@app/domain/accounting/payments.schema';
import type { Db } from '../../db/types';
import type { ErrorLog, Trx } from '../../db/unit-of-work';
import type { Mailer } from '../../integrations/mail/mailer';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import type { CompanyCaller } from '../auth/caller';

// What the reports read from the other modules, through their services (app.ts joins them): the loads of
// accounting and the brokers' payments (accounting), the owners' and dispatchers' pay and the closing of a
// week (payments), a load's documents (loads) and a broker's billing contact (brokers).

export type BrokerBilling = {
  id: number;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  email: string | null;
  mc_number: string | null;
};

export type ReportsDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  mailer: Mailer;
  /** A mailer that keeps its connections open for a batch (the scheduled pay sheets), closed after it. */
  batchMailer?: () => Mailer;
  log?: ErrorLog;
  accounting: {
    listOfLoads(caller: CompanyCaller, query: AccountingLoadListQuery): Promise<AccountingLoadListResponse>;
    income(caller: CompanyCaller, query: IncomeListQuery): Promise<AccountingLoadListResponse>;
    incomeDetail(caller: CompanyCaller, loadId: number): Promise<IncomeDetail>;
    brokerPayments(caller: CompanyCaller, query: BrokerPaymentListQuery): Promise<BrokerPaymentListResponse>;
  };
  payments: {
    ownerPaySheet(caller: CompanyCaller, paymentId: number): Promise<OwnerPayDetail>;
    owners(caller: CompanyCaller, query: PayListQuery): Promise<OwnerPaymentList>;
    dispatchers(caller: CompanyCaller, query: PayListQuery): Promise<DispatcherPaymentList>;
    /** Closes the week (its pay frozen); the events to publish after the commit. */
    closeWeek(
      trx: Trx,
      companyId: number,
      year: number,
      week: number,
      userId: number | null,
    ): Promise<RealtimeEvent[]>;
    /** Stamps the load's invoice as sent on its broker payment (the first time); the events to publish. */
    invoiceSent(trx: Trx, companyId: number, loadId: number, at: Date): Promise<RealtimeEvent[]>;
  };
  loads: {
    openFile(
      caller: CompanyCaller,
      fileId: number,
    ): Promise<{ stream: Readable; name: string; mimeType: string | null; size: number }>;
  };
  brokers: { billingOf(companyId: number, brokerId: number): Promise<BrokerBilling | undefined> };
};
