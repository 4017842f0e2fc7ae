import { phoneSearchDigits } from '@app/domain/units/people.rules';
import { canViewPhoneNumber } from '@app/domain/units/vehicle.rules';
import type { Db } from '../../db/types';
import type { CompanyCaller } from '../auth/caller';
import { findPhonesVisibleToAll, type TextSearch } from './drivers.repository';

// Who sees the phone numbers of drivers and owners, wherever they are answered (the drivers and owners
// lists and cards, contacts, the drivers of a vehicle): the domain's canViewPhoneNumber — a manager (role
// 4), a superuser, or everyone when the company shows phone numbers to all users. For anyone else
// phone_number is null, and a search does not match phone numbers either.

/** Whether the caller sees phone numbers under the company's setting. */
export function seesPhonesUnder(
  caller: CompanyCaller,
  company: { is_visible_phone_numbers: boolean } | null,
): boolean {
  return canViewPhoneNumber(caller.role, company, caller.isSuperuser);
}

/** Whether the caller sees phone numbers; the company's setting is read only when the role does not decide. */
export async function callerSeesPhones(db: Db, caller: CompanyCaller): Promise<boolean> {
  if (seesPhonesUnder(caller, null)) return true;
  const visibleToAll = await findPhonesVisibleToAll(db, caller.companyId);
  return seesPhonesUnder(caller, { is_visible_phone_numbers: visibleToAll });
}

/** A search text as the repositories match it; phone numbers only for a viewer who sees them. */
export function textSearchOf(text: string | undefined, seesPhones: boolean): TextSearch | undefined {
  if (text === undefined) return undefined;
  return { text, phoneDigits: seesPhones ? phoneSearchDigits(text) : null };
}
