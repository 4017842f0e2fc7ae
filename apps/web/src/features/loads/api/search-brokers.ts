import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import type { PickerOption } from './picker-option';

export const BROKER_SEARCH_PATH = '/backend/api/v2/brokers/broker-company/search';

/** GET brokers/broker-company/search?name: broker companies by name or MC number, for a picker. */
export async function searchBrokers(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const answer = await http.get<BrokerCompany[] | { results: BrokerCompany[] }>(BROKER_SEARCH_PATH, {
    query: { name: text },
    signal,
    silent: true,
  });
  const brokers = Array.isArray(answer) ? answer : answer.results;
  return brokers.map((broker) => ({
    id: broker.id,
    label: broker.name,
    detail: broker.mc_number ? `MC-${broker.mc_number}` : null,
  }));
}
