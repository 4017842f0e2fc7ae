import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import { searchBrokerCompanies } from '@/lib/broker-search';
import type { PickerOption } from './picker-option';

/**
 * GET brokers/broker-company/search {name} for the load lists' broker filter: brokers by name or MC
 * number, the MC number beside the name.
 */
export async function searchBrokers(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const brokers = await searchBrokerCompanies(text, null, signal);
  return brokers.map((broker) => ({
    id: broker.id,
    label: broker.name,
    detail: formatMcNumber(broker.mc_number) || null,
  }));
}
