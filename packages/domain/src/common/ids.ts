import { z } from 'zod';
import { LANGS, ROLE_IDS, STAFF_ROLE_IDS } from './lookups';

/** The largest id a client may send: ids are bigint in the database and whole numbers in JavaScript. */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

export const ID_MESSAGE = 'Must be an id: a positive whole number written with digits only';

// Digits only, without a leading zero: '0300', '+300', '300.0', '300e0' and '0x12c' are not ids (Number()
// would read each of them as 300), so that one record has exactly one address.
const ID_DIGITS = /^[1-9][0-9]{0,15}$/;

/**
 * A database id: a positive whole number in a JSON body, or its digits in a path or query string (which
 * are always text). Anything else is a 400 naming the field.
 */
export const idSchema = z.union(
  [
    z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE),
    z
      .string()
      .regex(ID_DIGITS, ID_MESSAGE)
      .transform(Number)
      .pipe(z.number().max(MAX_ID, ID_MESSAGE)),
  ],
  { error: ID_MESSAGE },
);
export const idParamsSchema = z.object({ id: idSchema });

export const langSchema = z.enum(LANGS);
export const roleIdSchema = z.literal(ROLE_IDS);
export const staffRoleIdSchema = z.literal(STAFF_ROLE_IDS, { error: 'Must be a staff role' });

/** ISO 8601 date-time as the API sends it (UTC 'Z' or an offset). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
