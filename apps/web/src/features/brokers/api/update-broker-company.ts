import type {
  BlacklistUpdateInput,
  BrokerCompany,
  BrokerCompanyUpdateInput,
  CreditCheckUpdate,
  NotifyNoPosting,
} from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import { BROKERS_API } from './broker-query-keys';
import { useBrokerMutation } from './broker-mutation';
import { SHOWN_BY_THE_DIALOG } from './shown-by-dialog';

const BROKER_COMPANY_API = `${BROKERS_API}/broker-company`;

export const blacklistUpdatePath = (id: number) => `${BROKER_COMPANY_API}/blacklist/${id}/update`;
export const notifyNoPostingPath = (id: number) => `${BROKER_COMPANY_API}/${id}/`;
export const creditCheckPath = (id: number) => `${BROKER_COMPANY_API}/${id}/credit-check`;

/** The blacklist's update: on with the reason, or off (the server clears the reason). */
export function updateBlacklist({
  id,
  body,
}: {
  id: number;
  body: BlacklistUpdateInput;
}): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(blacklistUpdatePath(id), body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

/** PUT brokers/broker-company/{id}/ {notify_no_posting} */
export function updateNotifyNoPosting({
  id,
  body,
}: {
  id: number;
  body: NotifyNoPosting;
}): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(notifyNoPostingPath(id), body);
}

/** PUT brokers/broker-company/{id}/credit-check: the result; the server records when and who. */
export function recordCreditCheck({
  id,
  body,
}: {
  id: number;
  body: CreditCheckUpdate;
}): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(creditCheckPath(id), body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

export function useUpdateBlacklist() {
  return useBrokerMutation(updateBlacklist);
}

export function useUpdateNotifyNoPosting() {
  return useBrokerMutation(updateNotifyNoPosting);
}

export function useRecordCreditCheck() {
  return useBrokerMutation(recordCreditCheck);
}

export const brokerCompanyUpdatePath = (id: number) => `${BROKER_COMPANY_API}/${id}/update`;

/** PUT brokers/broker-company/{id}/update: any broker company; only the fields sent change. */
export function updateBrokerCompany({
  id,
  body,
}: {
  id: number;
  body: BrokerCompanyUpdateInput;
}): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(brokerCompanyUpdatePath(id), body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

export function useUpdateBrokerCompany() {
  return useBrokerMutation(updateBrokerCompany);
}
