import { z } from 'zod';
import { idSchema, isoDateTimeSchema, langSchema, roleIdSchema, staffRoleIdSchema } from '../common/ids';
import { DEPARTMENT_IDS, REQUEST_STATUS_IDS } from '../common/lookups';
import { boardTemplatesSchema } from '../loadboard/loadboard.schema';

const FIELD_REQUIRED = 'This field is required';

/** A required name: trimmed, not empty. */
export const personNameSchema = z
  .string({ error: FIELD_REQUIRED })
  .trim()
  .min(1, { error: FIELD_REQUIRED })
  .max(150, { error: 'Must have at most 150 symbols' });

/** The company settings the browser needs (the spec's company_instance). */
export const companyInstanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_hash: z.string(),
  google_maps_key: z.string().nullable(),
  /**
   * The vector tile archive the maps read (a .pmtiles address): the company's own, else the server's
   * MAP_TILES_URL (or /map/tiles.pmtiles when it serves MAP_TILES_FILE); null: the built-in map.
   */
  map_tiles_url: z.string().nullable(),
  call_system: z.string().nullable(),
  language_select: z.boolean(),
  disable_some_menu_items: z.boolean(),
  enable_address_language_notice: z.boolean(),
  /** Show phones to all users. */
  is_visible_phone_numbers: z.boolean(),
  can_dispatchers_search_loads_for_on_load_unit: z.boolean(),
});
export type CompanyInstance = z.infer<typeof companyInstanceSchema>;

const menuItemFields = {
  id: z.number().int(),
  name: z.string(),
  /** null for addLoad, which is an action, not a route. */
  path: z.string().nullable(),
};

// The menu is two levels deep, so the schema is written out rather than recursive: a recursive schema
// becomes a $ref cycle in the OpenAPI document, and nothing needs a third level.
export const menuChildSchema = z.object({ ...menuItemFields, children: z.array(z.never()) });

export const menuEntrySchema = z.object({ ...menuItemFields, children: z.array(menuChildSchema) });

/** A side-menu entry: {id, name, path, children}; the children's own children are always empty. */
export type MenuEntry = z.infer<typeof menuEntrySchema>;

export const REQ_STATUSES = ['None', 'Send'] as const;
export type ReqStatus = (typeof REQ_STATUSES)[number];

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleIdSchema.nullable(),
  is_superuser: z.boolean(),
  avatar: z.string().nullable(),
  lang: langSchema,
  working_gmail: z.string().nullable(),
  in_gmail: z.boolean(),
  working_group: z.number().int().nullable(),
  unit_id: z.string().nullable(),
  /** JSON text of the list of load board filter templates. */
  filters_data_2: z.string().default('[]'),
  /** 'Send' once a user with no role has asked to join a company. */
  req_status: z.enum(REQ_STATUSES),
  /** Hides the accounting section (menu id 12) for this user. */
  hide_accounting: z.boolean(),
  company_instance: companyInstanceSchema.nullable(),
  menu: z.array(menuEntrySchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ---------------------------------------------------------------- joining a company

export const departmentSchema = z.enum(DEPARTMENT_IDS, { error: FIELD_REQUIRED });

/** A newcomer asks to join a company; a dispatcher names the manager who is to approve. */
export const userRequestCreateSchema = z
  .object({
    target_department: departmentSchema,
    resp_user: idSchema.nullable().default(null),
  })
  .refine((request) => request.target_department !== 'Dispatcher' || request.resp_user !== null, {
    path: ['resp_user'],
    error: FIELD_REQUIRED,
  });
export type UserRequestCreate = z.infer<typeof userRequestCreateSchema>;

/** A company a newcomer may ask to join, listed by one of its managers. */
export const firmSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type Firm = z.infer<typeof firmSchema>;

export const requestStatusIdSchema = z.literal(REQUEST_STATUS_IDS);

export const userRequestSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  target_department: departmentSchema,
  resp_user: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  status: requestStatusIdSchema,
  created_at: isoDateTimeSchema,
});
export type UserRequest = z.infer<typeof userRequestSchema>;

/** Approving a request grants one of the staff roles. */
export const approveRequestSchema = z.object({ role: staffRoleIdSchema });
export type ApproveRequest = z.infer<typeof approveRequestSchema>;

// ---------------------------------------------------------------- profile

export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  lang: langSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const WORKING_EMAIL_MESSAGE = 'Must be a valid e-mail';

export const profileUpdateSchema = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  lang: langSchema,
  /**
   * The user's working mailbox, where brokers answer their propositions (Reply-To). Saving one authorises
   * it (in_gmail), which placing a bid needs; null or '' removes it; left out, it stays as it is.
   */
  working_gmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, { error: WORKING_EMAIL_MESSAGE })
    .refine((text) => text === '' || z.email().safeParse(text).success, { error: WORKING_EMAIL_MESSAGE })
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null)),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The load board filter templates are saved as JSON text of a list, each template as the load board's
 * schema says (loadboard.schema.ts: boardTemplatesSchema); the first problem is named.
 */
export const updateFiltersSchema = z.object({
  filters_data_2: z
    .string({ error: FIELD_REQUIRED })
    .max(100_000, { error: 'Too many filter templates' })
    .superRefine((text, ctx) => {
      const parsed = parsedJson(text);
      if (!parsed || !Array.isArray(parsed.value)) {
        ctx.addIssue({ code: 'custom', message: 'Must be a JSON list' });
        return;
      }
      const templates = boardTemplatesSchema.safeParse(parsed.value);
      const issue = templates.error?.issues[0];
      if (!issue) return;
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      ctx.addIssue({ code: 'custom', message: `${where}${issue.message}` });
    }),
});
export type UpdateFilters = z.infer<typeof updateFiltersSchema>;
