import type { BrokerCompany, OtrBrokerCreateInput } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import { BROKERS_API } from './broker-query-keys';
import { useBrokerMutation } from './broker-mutation';
import { SHOWN_BY_THE_DIALOG } from './shown-by-dialog';

export const CREATE_OTR_BROKER_PATH = `${BROKERS_API}/otr-broker-company/create`;

/** POST brokers/otr-broker-company/create: a broker known by its MC number (a taken MC number is a 409). */
export function createOtrBroker(body: OtrBrokerCreateInput): Promise<BrokerCompany> {
  return http.post<BrokerCompany>(CREATE_OTR_BROKER_PATH, body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

export function useCreateOtrBroker() {
  return useBrokerMutation(createOtrBroker);
}
