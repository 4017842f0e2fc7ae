import { z } from 'zod';
import { LANGS, ROLE_IDS, STAFF_ROLE_IDS } from './lookups';

/** A database id: a positive integer, coerced from a path or query string. */
export const idSchema = z.coerce.number().int().positive();
export const idParamsSchema = z.object({ id: idSchema });

export const langSchema = z.enum(LANGS);
export const roleIdSchema = z.literal(ROLE_IDS);
export const staffRoleIdSchema = z.literal(STAFF_ROLE_IDS, { error: 'Must be a staff role' });

/** ISO 8601 date-time as the API sends it (UTC 'Z' or an offset). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
