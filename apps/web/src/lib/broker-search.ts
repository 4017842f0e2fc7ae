import { formatMcNumber } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import type { ListResponse } from '@app/domain/common/pagination';
import type { PickerOption } from '@/components/search-picker/search-picker';
import { http } from './api';

// The broker search is shared: the load form's broker pickers, the load lists' broker filter and the
// broker screens all find brokers the same way.

export const BROKER_SEARCH_PATH = '/backend/api/v2/brokers/broker-company/search';

/**
 * GET brokers/broker-company/search {name, in_blacklist}: the company's brokers whose name holds the text
 * or whose MC number starts with it (the first ones by name when the text is empty). `inBlacklist` null
 * asks for every broker. Silent: a picker shows a failed search in its list, not as a page-wide error.
 */
export async function searchBrokerCompanies(
  name: string,
  inBlacklist: boolean | null = null,
  signal?: AbortSignal,
): Promise<BrokerCompany[]> {
  const answer = await http.get<ListResponse<BrokerCompany>>(BROKER_SEARCH_PATH, {
    query: { name, in_blacklist: inBlacklist ?? undefined },
    signal,
    silent: true,
  });
  return answer.results;
}

/** The broker search for a search picker: brokers by name or MC number, the MC number beside the name. */
export async function searchBrokers(text: string, signal?: AbortSignal): Promise<PickerOption[]> {
  const brokers = await searchBrokerCompanies(text, null, signal);
  return brokers.map((broker) => ({
    id: broker.id,
    label: broker.name,
    detail: formatMcNumber(broker.mc_number) || null,
  }));
}
