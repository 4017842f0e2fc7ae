import type { FieldErrors, Resolver } from 'react-hook-form';
import type { Lang } from '@app/domain/common/lookups';
import { validateLoadForm } from '@app/domain/loads/load-form.rules';
import type { LoadFormErrors, LoadFormKind, LoadFormValues } from '@app/domain/loads/load-form.rules';
import { formRuleMessage } from '@/components/error-messages/error-messages';

// The load form's messages: the domain's rules run as react-hook-form's resolver, and the server's field
// errors (the same rules on save, in English) are placed beside the same fields in the user's language.

/** The fields of the form that show their own message, apart from the points' fields. */
export const LOAD_FORM_FIELDS = [
  'accounting_broker_company',
  'broker_company',
  'broker_name',
  'broker_phone',
  'reply_email',
  'rateconf_ref',
  'pays',
  'weight',
  'pieces',
  'length',
  'width',
  'height',
  'car',
  'note',
  'pick_up_datetime',
  'delivery_datetime',
] as const;

export type LoadFormField = (typeof LOAD_FORM_FIELDS)[number];

export const POINT_FIELDS = ['type', 'address', 'state', 'date'] as const;
export type PointField = (typeof POINT_FIELDS)[number];

export const pointPath = (index: number, field: PointField) => `points.${index}.${field}` as const;

/** Where the list of points shows a message about the points as a whole (too few of them). */
export const POINTS_PATH = 'points';

// The parts of a point that come with its address from the lookup: their errors belong to the address.
const ADDRESS_PARTS = new Set(['address', 'city', 'zip_code', 'country', 'lat', 'lon', 'fullAddress']);

/**
 * The form field that shows a server error, e.g. 'points.0.lat' -> 'points.0.address'; null when no field
 * shows it (the form lists those above its buttons).
 */
export function fieldForServerKey(key: string, pointCount: number): string | null {
  if ((LOAD_FORM_FIELDS as readonly string[]).includes(key)) return key;
  if (key === POINTS_PATH) return POINTS_PATH;
  const match = /^points\.(\d+)\.(\w+)$/.exec(key);
  if (!match) return null;
  const index = Number(match[1]);
  const part = match[2]!;
  if (index >= pointCount) return null;
  if (ADDRESS_PARTS.has(part)) return pointPath(index, 'address');
  if ((POINT_FIELDS as readonly string[]).includes(part)) return `points.${index}.${part}`;
  return null;
}

export type ServerErrors = {
  /** Field path -> message, in the user's language. */
  byField: Record<string, string>;
  /** Messages no field shows: 'points.0.order: Points must be numbered 1, 2, 3... in their order'. */
  other: string[];
};

/** The server's `fields` of a refused save, placed on the form's fields. */
export function placeServerErrors(
  fields: Record<string, string[]>,
  pointCount: number,
  lang: Lang,
): ServerErrors {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const first = messages[0];
    if (!first) continue;
    const message = formRuleMessage(first, lang);
    const field = fieldForServerKey(key, pointCount);
    if (field === null) other.push(`${key}: ${message}`);
    else byField[field] ??= message;
  }
  return { byField, other };
}

/** The flat errors of validateLoadForm as react-hook-form's nested errors (the points' own on points.root). */
export function toFieldErrors(errors: LoadFormErrors): FieldErrors<LoadFormValues> {
  const nested: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    const parts = path === POINTS_PATH ? [POINTS_PATH, 'root'] : path.split('.');
    let node = nested;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = { type: 'validate', message };
        return;
      }
      const existing = node[part];
      const child = typeof existing === 'object' && existing !== null ? existing : {};
      node[part] = child;
      node = child as Record<string, unknown>;
    });
  }
  return nested;
}

/** react-hook-form's resolver: the domain's validateLoadForm, in the user's language. */
export function loadFormResolver(kind: LoadFormKind, lang: Lang): Resolver<LoadFormValues> {
  return (values) => {
    const errors = validateLoadForm(values, { kind, now: new Date(), lang });
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: toFieldErrors(errors) };
  };
}
