import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { http } from '@/lib/api';
import { errorStatus } from '@/lib/api-error';
import { BROKERS_API, brokerQueryKeys } from './broker-query-keys';

export const BROKER_BY_MC_PATH = `${BROKERS_API}/get-by-mc`;

/** GET brokers/get-by-mc {mc_number}: the company's broker with this MC number, or null when it has none. */
export async function fetchBrokerByMc(mcNumber: string, signal?: AbortSignal): Promise<BrokerCompany | null> {
  try {
    return await http.get<BrokerCompany>(BROKER_BY_MC_PATH, {
      query: { mc_number: mcNumber },
      signal,
      quietStatuses: [404],
    });
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export function brokerByMcQueryOptions(mcNumber: string) {
  return queryOptions({
    queryKey: brokerQueryKeys.byMc(mcNumber),
    queryFn: ({ signal }) => fetchBrokerByMc(mcNumber, signal),
  });
}

/** Looks the MC number up once it is given (null: nothing asked yet). */
export function useBrokerByMc(mcNumber: string | null) {
  return useQuery({ ...brokerByMcQueryOptions(mcNumber ?? ''), enabled: mcNumber !== null });
}
