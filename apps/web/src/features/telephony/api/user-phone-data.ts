import type { CallInfo } from '@app/domain/telephony/telephony.schema';
import { http } from '@/lib/api';

export const userPhoneDataPath = (id: number) => `/backend/api/v2/telephony/user-phone-data/${id}`;

/**
 * GET telephony/user-phone-data/{id}?kind=: the call system and the driver and owner of a driver, an owner
 * or a vehicle. A failure is only logged (the spec): the panel shows what it already has.
 */
export function fetchUserPhoneData(kind: 'driver' | 'owner' | 'vehicle', id: number): Promise<CallInfo> {
  return http.get<CallInfo>(userPhoneDataPath(id), { query: { kind }, silent: true });
}
