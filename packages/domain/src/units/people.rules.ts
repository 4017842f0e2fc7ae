import type { RoleId } from '../common/lookups';

// Rules of drivers and owners: who may read and change them, when a driver may be let see loads, and how
// a search text reads as a phone number.

/**
 * The roles of the people calls (a superuser may do everything). The spec gives the pages (the side menu's
 * drivers and owners entries: 3, 4, 7, 8) and that HR (8) and managers (4) add drivers; the rest is ours:
 *   view            the pages' roles, and dispatchers (5) and trackers (6) too: they pick drivers and owners
 *                   in the load form, the load list filters and the vehicle details, and find them to call;
 *   manageDrivers   adding a driver and switching whether a driver (or the owner) sees loads: HR, managers
 *                   and admins, who hire and let go;
 *   manageOwners    creating and editing owners, wage visibility included: the pages' roles, accountants
 *                   included because they pay owners and keep their details.
 */
export const PEOPLE_ROLES = {
  view: [3, 4, 5, 6, 7, 8],
  manageDrivers: [3, 4, 8],
  manageOwners: [3, 4, 7, 8],
} as const satisfies Record<string, readonly RoleId[]>;

export type PeopleAction = keyof typeof PEOPLE_ROLES;

/** Whether a user may take the action: the web shows or hides the buttons by it, the server checks it. */
export function canManagePeople(
  action: PeopleAction,
  user: { role: number | null | undefined; is_superuser?: boolean },
): boolean {
  if (user.is_superuser === true) return true;
  return (PEOPLE_ROLES[action] as readonly number[]).includes(user.role ?? -1);
}

export const PEOPLE_MESSAGES = {
  firedDriverActivation: 'A fired driver cannot be allowed to see loads.',
  unknownOwner: 'Choose one of your owners.',
  unknownVehicle: 'Choose one of your vehicles.',
} as const;

/**
 * Why a driver's "sees loads" switch (general or for the owner) may not be turned on (409), or null. A
 * fired driver must not see loads; switching off is always allowed.
 */
export function driverActivationRefusal(driver: { status: string }, turningOn: boolean): string | null {
  return turningOn && driver.status === 'Fired' ? PEOPLE_MESSAGES.firedDriverActivation : null;
}

/** At least this many digits make a search text count as (the start of) a phone number. */
export const MIN_PHONE_SEARCH_DIGITS = 3;

const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * The digits a search text stands for when it looks like the start of a US phone number, without the
 * country code: '(555) 10' -> '55510', '+1 555' -> '555', '15551002000' -> '5551002000'. null when the
 * text is not phone-like or has fewer than 3 digits. Stored numbers are matched by their last 10 digits.
 */
export function phoneSearchDigits(text: string): string | null {
  const trimmed = text.trim();
  if (!PHONE_LIKE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  const national =
    /^\+\s*1/.test(trimmed) || (digits.length === 11 && digits.startsWith('1')) ? digits.slice(1) : digits;
  return national.length >= MIN_PHONE_SEARCH_DIGITS ? national : null;
}
