import { z } from 'zod';
import { ROLES, type Lang, type RoleId } from '../common/lookups';
import { maxCharactersMessage, optionalText } from '../common/text-fields';
import { LOAD_FILE_TYPE_IDS, type RequiredDocumentsTable } from '../loads/load-lifecycle.rules';
import { MAX_BOARD_EXPIRY_HOURS } from '../loadboard/loadboard.schema';
import { US_PHONE_PATTERN, LOAD_FORM_MESSAGES } from '../loads/load-form.rules';
import { payScheduleIssue, payScheduleSettingsShape, payScheduleUpdateShape } from './pay-schedule.schema';

// The company settings page (/settings/company/) and its calls: GET company/my and PUT company/my/update.
// The spec names the fields of company_instance and the company modal's two messages; the rest (who may
// edit, the limits, the documents table's shape) is ours. Later areas add their sections (mail and SMS
// providers, the proposition template, the pay-sheet schedule, quick pay) as fields of these schemas.

/** Admins and managers see and change the company's settings; a superuser may too. */
export const COMPANY_SETTINGS_ROLES = [ROLES.admin, ROLES.manager] as const satisfies readonly RoleId[];

export function canEditCompanySettings(user: {
  role: number | null | undefined;
  is_superuser?: boolean;
}): boolean {
  return (
    user.is_superuser === true || (COMPANY_SETTINGS_ROLES as readonly number[]).includes(user.role ?? -1)
  );
}

/** The longest address of the company's map tiles (map_tiles_url). */
export const MAP_TILES_URL_MAX = 500;

export const COMPANY_MESSAGES = {
  nameRequired: 'Name must be present',
  phoneRequired: 'Phone number must be present',
  phoneInvalid: LOAD_FORM_MESSAGES.phoneInvalid,
  mapsKeyInvalid: 'A Google Maps key has only letters, digits, - and _',
  mapTilesUrlInvalid:
    'Map tiles (PMTiles URL) must be an http:// or https:// address or a path starting with /, ending in .pmtiles',
  mapTilesUrlTooLong: `Map tiles (PMTiles URL) must have at most ${MAP_TILES_URL_MAX} characters`,
  documentTypeInvalid: 'Choose document types from the list',
  documentStatusInvalid: 'Documents can be asked for before statuses 2 to 8 only',
  boardExpiryInvalid: `Hours on the board must be a whole number from 1 to ${MAX_BOARD_EXPIRY_HOURS}`,
} as const;

export type CompanyMessageKey = keyof typeof COMPANY_MESSAGES;

export const COMPANY_MESSAGES_RU: Record<CompanyMessageKey, string> = {
  nameRequired: 'Укажите название',
  phoneRequired: 'Укажите номер телефона',
  phoneInvalid: 'Нужен номер телефона США, например (555) 123-4567',
  mapsKeyInvalid: 'Ключ Google Maps состоит только из латинских букв, цифр, - и _',
  mapTilesUrlInvalid:
    'Тайлы карты (адрес PMTiles): нужен адрес http:// или https:// либо путь, начинающийся с /, с окончанием .pmtiles',
  mapTilesUrlTooLong: `Тайлы карты (адрес PMTiles): не больше ${MAP_TILES_URL_MAX} символов`,
  documentTypeInvalid: 'Выберите типы документов из списка',
  documentStatusInvalid: 'Документы можно требовать только перед статусами 2–8',
  boardExpiryInvalid: `Часы на бирже — целое число от 1 до ${MAX_BOARD_EXPIRY_HOURS}`,
};

/** The message in the user's language; a text that is not one of ours is returned as it is. */
export function companyMessage(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  const key = (Object.keys(COMPANY_MESSAGES) as CompanyMessageKey[]).find(
    (name) => COMPANY_MESSAGES[name] === message,
  );
  return key ? COMPANY_MESSAGES_RU[key] : message;
}

export const COMPANY_NAME_MAX = 150;
export const MAPS_KEY_MAX = 100;
export const CALL_SYSTEM_MAX = 50;

/**
 * The statuses a load can be moved to with documents asked for first: a forward move goes one step at a
 * time from 1 Waiting to accept up to 8 Delivered (TONU, Completed and Canceled are not status moves).
 */
export const DOCUMENT_STATUS_IDS = [2, 3, 4, 5, 6, 7, 8] as const;

/**
 * The documents each status needs, as the company keeps it: { "2": ["rate_confirmation"], ... }. A status
 * without documents may be left out or given []; a type appears once per status.
 */
export const requiredDocumentsSchema = z
  .record(
    z
      .string()
      .refine((key) => /^\d$/.test(key) && (DOCUMENT_STATUS_IDS as readonly number[]).includes(Number(key)), {
        error: COMPANY_MESSAGES.documentStatusInvalid,
      }),
    z
      .array(z.enum(LOAD_FILE_TYPE_IDS, { error: COMPANY_MESSAGES.documentTypeInvalid }))
      .max(LOAD_FILE_TYPE_IDS.length),
    {
      error: (issue) =>
        issue.code === 'invalid_key'
          ? COMPANY_MESSAGES.documentStatusInvalid
          : COMPANY_MESSAGES.documentTypeInvalid,
    },
  )
  .transform((table) => {
    const clean: Record<string, (typeof LOAD_FILE_TYPE_IDS)[number][]> = {};
    for (const status of DOCUMENT_STATUS_IDS) {
      const types = table[String(status)];
      if (types && types.length > 0) clean[String(status)] = [...new Set(types)];
    }
    return clean;
  });

/** The table as the load status rule reads it (status number -> file types). */
export function toRequiredDocumentsTable(table: Record<string, readonly string[]>): RequiredDocumentsTable {
  const result: Record<number, (typeof LOAD_FILE_TYPE_IDS)[number][]> = {};
  for (const [status, types] of Object.entries(table))
    result[Number(status)] = types.filter((type): type is (typeof LOAD_FILE_TYPE_IDS)[number] =>
      (LOAD_FILE_TYPE_IDS as readonly string[]).includes(type),
    );
  return result;
}

const companyName = z
  .string({ error: COMPANY_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: COMPANY_MESSAGES.nameRequired, abort: true })
  .max(COMPANY_NAME_MAX, { error: maxCharactersMessage(COMPANY_NAME_MAX) });

const companyPhone = z
  .string({ error: COMPANY_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: COMPANY_MESSAGES.phoneRequired, abort: true })
  .refine((text) => US_PHONE_PATTERN.test(text), { error: COMPANY_MESSAGES.phoneInvalid });

const mapsKey = optionalText(MAPS_KEY_MAX).refine((key) => key === null || /^[A-Za-z0-9_-]+$/.test(key), {
  error: COMPANY_MESSAGES.mapsKeyInvalid,
});

/** An http(s) address (host, optional port) or a path of this server; its path is group 1 or group 2. */
const MAP_TILES_URL_PATTERN =
  /^(?:https?:\/\/(?:[A-Za-z0-9._~%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(\/[^\s?#\\]*)|(\/(?!\/)[^\s?#\\]*))(?:\?[^\s#\\]*)?(?:#[^\s\\]*)?$/i;

/**
 * Where the maps read a vector tile archive of their own (one PMTiles file): an absolute http:// or https://
 * address (a bucket, a CDN) or a path on this server starting with / (GET /map/tiles.pmtiles when the server
 * serves MAP_TILES_FILE). Its path ends in .pmtiles, in any case; a query (?v=2) may follow, which a new
 * extract under the same name needs past the browsers' caches. No spaces, no address of another host
 * written as //host.
 */
export function isMapTilesUrl(value: string): boolean {
  if (value.length > MAP_TILES_URL_MAX) return false;
  const match = MAP_TILES_URL_PATTERN.exec(value);
  return match !== null && /\.pmtiles$/i.test(match[1] ?? match[2] ?? '');
}

const mapTilesUrl = optionalText(MAP_TILES_URL_MAX, COMPANY_MESSAGES.mapTilesUrlTooLong).refine(
  (url) => url === null || isMapTilesUrl(url),
  { error: COMPANY_MESSAGES.mapTilesUrlInvalid },
);

/**
 * How long a board load stays on the board after its pick-up time has passed, in hours (24 by default):
 * a number, or the digits a form's field holds.
 */
const boardExpiryHours = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ],
    {
      error: COMPANY_MESSAGES.boardExpiryInvalid,
    },
  )
  .pipe(
    z
      .number()
      .int({ error: COMPANY_MESSAGES.boardExpiryInvalid })
      .min(1, { error: COMPANY_MESSAGES.boardExpiryInvalid })
      .max(MAX_BOARD_EXPIRY_HOURS, { error: COMPANY_MESSAGES.boardExpiryInvalid }),
  );

/**
 * PUT company/my/update: every field of the page, the whole form each time. The accounting section's fields
 * (pay-schedule.schema.ts) may be left out, which keeps what is saved.
 */
export const companyUpdateSchema = z
  .strictObject({
    name: companyName,
    phone: companyPhone,
    google_maps_key: mapsKey,
    map_tiles_url: mapTilesUrl,
    call_system: optionalText(CALL_SYSTEM_MAX),
    language_select: z.boolean(),
    disable_some_menu_items: z.boolean(),
    enable_address_language_notice: z.boolean(),
    /** Show phones to all users (otherwise managers only). */
    is_visible_phone_numbers: z.boolean(),
    can_dispatchers_search_loads_for_on_load_unit: z.boolean(),
    board_expiry_hours: boardExpiryHours,
    required_documents: requiredDocumentsSchema,
    ...payScheduleUpdateShape,
  })
  .superRefine((update, ctx) => {
    const issue = payScheduleIssue(update);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
/** The settings' fields, in the page's order: the columns the server reads and writes, the form's fields. */
export const COMPANY_SETTINGS_FIELDS = Object.keys(companyUpdateSchema.shape) as (keyof CompanyUpdate)[];

/** What the form sends (before the schema trims and normalises it). */
export type CompanyUpdateInput = z.input<typeof companyUpdateSchema>;
export type CompanyUpdate = z.output<typeof companyUpdateSchema>;

/** GET company/my and the answer of PUT company/my/update. */
export const companySettingsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  google_maps_key: z.string().nullable(),
  /** The company's own vector tile archive (a .pmtiles address), or null: the built-in map. */
  map_tiles_url: z.string().nullable(),
  call_system: z.string().nullable(),
  language_select: z.boolean(),
  disable_some_menu_items: z.boolean(),
  enable_address_language_notice: z.boolean(),
  is_visible_phone_numbers: z.boolean(),
  can_dispatchers_search_loads_for_on_load_unit: z.boolean(),
  board_expiry_hours: z.number().int(),
  required_documents: z.record(z.string(), z.array(z.enum(LOAD_FILE_TYPE_IDS))),
  ...payScheduleSettingsShape,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
