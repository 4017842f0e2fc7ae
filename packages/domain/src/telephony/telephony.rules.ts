import { canViewPhoneNumber } from '../units/vehicle.rules';

// The telephony rules of the spec that are not the panel's state (telephony-panel.rules.ts): who sees
// numbers, the keypad, the click-to-call URL template, and the panel's widths and truncation.

export const TELEPHONY_MESSAGES = {
  dialStringInvalid: 'Enter a phone number: digits, * and #',
  templateScheme: 'Must start with https:// or the scheme of the calling app, such as zoiper:',
  templatePhoneMissing: 'Must contain {phone} where the number goes',
  callSystemNotConfigured:
    'The company has no external call system with a click-to-call address: call through the phone (tel:)',
  contactHasNoPhone: 'This contact has no phone number',
} as const;

// ---------------------------------------------------------------- who sees numbers

/**
 * canViewNumber: numbers are shown to managers (role 4), to a superuser, or to everyone when the company
 * shows phones to all users (is_visible_phone_numbers).
 */
export function canViewNumber(user: {
  role: number | null | undefined;
  is_superuser?: boolean;
  company_instance?: { is_visible_phone_numbers: boolean } | null;
}): boolean {
  return canViewPhoneNumber(user.role, user.company_instance, user.is_superuser === true);
}

// ---------------------------------------------------------------- the keypad and numbers

/** The keys of the keypad: digits, star and hash. */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
export const DIAL_STRING_MAX = 30;

/** Whether the keypad takes a key: digits, star and hash only. */
export function isKeypadKey(key: string): boolean {
  return /^[0-9*#]$/.test(key);
}

/** What the keypad's field keeps of a typed or pasted text: its digits, stars and hashes. */
export function keypadInput(text: string): string {
  return [...text].filter(isKeypadKey).join('').slice(0, DIAL_STRING_MAX);
}

/** A number as it is dialled: '+1 (555) 100-2000' -> '+15551002000'; a leading + is kept. */
export function dialStringOf(phone: string): string {
  const trimmed = phone.trim();
  const body = trimmed.replace(/[^0-9*#]/g, '');
  return trimmed.startsWith('+') ? `+${body}` : body;
}

/** Whether a text is a number that can be dialled: at least 3 digits, stars or hashes, and nothing else. */
export function isDialString(text: string): boolean {
  if (!/^\+?[\d\s().*#-]+$/.test(text.trim())) return false;
  const dial = dialStringOf(text).replace(/^\+/, '');
  return dial.length >= 3 && dial.length <= DIAL_STRING_MAX;
}

/** The tel: link a call uses without an external call system. */
export function telLink(phone: string): string {
  return `tel:${encodeURIComponent(dialStringOf(phone)).replace(/%2B/g, '+')}`;
}

// ---------------------------------------------------------------- the click-to-call URL template

/**
 * A company with an external call system (company.call_system, e.g. RingCentral, Zoiper, 3CX) keeps a
 * click-to-call address template: the call opens that address in a separate window. {phone} is replaced by
 * the number as dialled (digits, with + when the number has one) and {name} by the contact's name, both
 * URL-encoded. The SMS template works the same way and answers chat_url.
 *   https://app.ringcentral.com/r/call?number={phone}&name={name}
 *   zoiper://call?number={phone}
 */
export const CONTACT_URL_PLACEHOLDERS = ['{phone}', '{name}'] as const;
export const CONTACT_URL_TEMPLATE_MAX = 500;
export const EXAMPLE_CALL_URL_TEMPLATE = 'https://app.ringcentral.com/r/call?number={phone}&name={name}';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);

/** Why a template cannot be saved, or null. */
export function contactUrlTemplateProblem(template: string): string | null {
  const scheme = SCHEME.exec(template.trim())?.[1]?.toLowerCase();
  if (!scheme || FORBIDDEN_SCHEMES.has(scheme)) return TELEPHONY_MESSAGES.templateScheme;
  if (!template.includes('{phone}')) return TELEPHONY_MESSAGES.templatePhoneMissing;
  return null;
}

/** The address of a call (or SMS) to a number and a name, from the company's template. */
export function fillContactUrl(template: string, contact: { phone: string; name: string }): string {
  const phone = encodeURIComponent(dialStringOf(contact.phone));
  const name = encodeURIComponent(contact.name.trim());
  return template.trim().replaceAll('{phone}', phone).replaceAll('{name}', name);
}

/** Whether calls go through the company's external system: a call system named and a call template. */
export function hasExternalCallSystem(company: {
  call_system: string | null;
  call_url_template: string | null;
}): boolean {
  return Boolean(company.call_system?.trim()) && Boolean(company.call_url_template?.trim());
}

// ---------------------------------------------------------------- the panel's size and texts

export const TELEPHONY_PANEL_WIDTH = 300;
export const TELEPHONY_PANEL_COMPACT_WIDTH = 192;
/** The key the compact flag is kept under in localStorage. */
export const COMPACT_TELEPHONY_STORAGE_KEY = 'compact_telephony';

export const NAME_TRUNCATION = { wide: 20, compact: 9 } as const;
export const LABEL_TRUNCATION = { wide: 30, compact: 9 } as const;

function truncate(text: string, limit: number): string {
  const chars = [...text];
  return chars.length > limit ? `${chars.slice(0, limit).join('').trimEnd()}…` : text;
}

/** A name in the panel: at most 20 characters, 9 when compact, then an ellipsis. */
export function truncateName(name: string, compact: boolean): string {
  return truncate(name, compact ? NAME_TRUNCATION.compact : NAME_TRUNCATION.wide);
}

/** A label in the panel (company, unit, load): at most 30 characters, 9 when compact. */
export function truncateLabel(label: string, compact: boolean): string {
  return truncate(label, compact ? LABEL_TRUNCATION.compact : LABEL_TRUNCATION.wide);
}
