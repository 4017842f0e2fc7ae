import type { ContactKind, ContactUrls, MakeDirectCall } from '@app/domain/telephony/telephony.schema';
import { http } from '@/lib/api';

export const makeCallPath = (id: number) => `/backend/api/v2/telephony/make-call/${id}`;
export const MAKE_DIRECT_CALL_PATH = '/backend/api/v2/telephony/make-direct-call';

/** POST telephony/make-call/{id}?kind=: the call window's address for a person of the company. */
export function makeCall(kind: ContactKind, id: number): Promise<ContactUrls> {
  return http.post<ContactUrls>(makeCallPath(id), undefined, { query: { kind } });
}

/** POST telephony/make-direct-call: the call window's address for a number (the keypad, a load's broker). */
export function makeDirectCall(body: MakeDirectCall): Promise<ContactUrls> {
  return http.post<ContactUrls>(MAKE_DIRECT_CALL_PATH, body);
}
