import type { BrokerCompany, NonOtrBrokerInput } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import { BROKERS_API } from './broker-query-keys';
import { useBrokerMutation } from './broker-mutation';
import { SHOWN_BY_THE_DIALOG } from './shown-by-dialog';

export const NON_OTR_API = `${BROKERS_API}/non-otr-broker-company`;

/** POST brokers/non-otr-broker-company/create */
export function createNonOtrBroker(body: NonOtrBrokerInput): Promise<BrokerCompany> {
  return http.post<BrokerCompany>(`${NON_OTR_API}/create`, body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

/** PUT brokers/non-otr-broker-company/{id}/update: every field is sent; one left out is cleared. */
export function updateNonOtrBroker({
  id,
  body,
}: {
  id: number;
  body: NonOtrBrokerInput;
}): Promise<BrokerCompany> {
  return http.put<BrokerCompany>(`${NON_OTR_API}/${id}/update`, body, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

/** DELETE brokers/non-otr-broker-company/{id}/ */
export function deleteNonOtrBroker(id: number): Promise<unknown> {
  return http.delete(`${NON_OTR_API}/${id}/`, { quietStatuses: SHOWN_BY_THE_DIALOG });
}

export function useCreateNonOtrBroker() {
  return useBrokerMutation(createNonOtrBroker);
}

export function useUpdateNonOtrBroker() {
  return useBrokerMutation(updateNonOtrBroker);
}

export function useDeleteNonOtrBroker() {
  return useBrokerMutation(deleteNonOtrBroker);
}
