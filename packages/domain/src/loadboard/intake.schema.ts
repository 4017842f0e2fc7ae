import { z } from 'zod';
import { mcNumberError, normalizeMcNumber } from '../brokers/brokers.rules';
import { isoDateTimeSchema } from '../common/ids';
import { ROLES, type RoleId } from '../common/lookups';
import { optionalText, requiredText } from '../common/text-fields';
import { LOAD_FORM_MESSAGES, MAX_DIMENSION, MAX_PIECES, MAX_WEIGHT } from '../loads/load-form.rules';
import {
  checkStateInCountry,
  equipmentSchema,
  optionalMoneyFieldSchema,
  placeInputShape,
  vehicleTypeSchema,
} from '../loads/loads.schema';
import { INTAKE_MESSAGES } from './intake.rules';

// The API contract of the load intake: one way postings reach the load board, whether a dispatcher posts
// one quickly (POST loads/fast-create), an outside load board or a script posts JSON with the company's
// intake key (POST loadboard/intake), or an e-mailed posting is read. And the intake key of the company
// settings page, shown once when it is generated.

/** The header an outside poster sends the company's intake key in. */
export const INTAKE_KEY_HEADER = 'x-intake-key';

/** Who may see, generate or turn off the company's intake key: the company settings page's roles. */
export const INTAKE_KEY_ROLES = [ROLES.admin, ROLES.manager] as const satisfies readonly RoleId[];

const M = LOAD_FORM_MESSAGES;

/** A whole number 0..max, or nothing; as a number or digits. */
const optionalCount = (max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: M.fieldRequired })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value.toString().trim() === '') return null;
      const text = value.toString().trim();
      if (!/^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: INTAKE_MESSAGES.wholeNumber });
        return z.NEVER;
      }
      const number = Number(text);
      if (number > max) {
        ctx.addIssue({ code: 'custom', message: max === MAX_DIMENSION ? M.maxThreeDigits : M.maxSixDigits });
        return z.NEVER;
      }
      return number;
    });

/** An MC number as brokers write it ('MC-411443', 411443), or nothing; given as its digits. */
const optionalMcNumber = z
  .union([z.string(), z.number(), z.null()], { error: INTAKE_MESSAGES.mcNumberInvalid })
  .optional()
  .transform((value, ctx) => {
    const mcNumber = normalizeMcNumber(value);
    if (mcNumber === '') return null;
    const error = mcNumberError(mcNumber);
    if (error) {
      ctx.addIssue({ code: 'custom', message: error });
      return z.NEVER;
    }
    return mcNumber;
  });

/** A place of a posting: an address with its coordinates (they place the load on the map and the match). */
const postingPlaceSchema = z
  .object({
    ...placeInputShape,
    date: z.iso.datetime({ offset: true, error: INTAKE_MESSAGES.dateTimeInvalid }),
  })
  .superRefine(checkStateInCountry);

/** The broker company of a posting: matched by MC number, then by name; a new one is added. */
export const postingBrokerSchema = z.object({
  name: requiredText(200),
  mc_number: optionalMcNumber,
});
export type PostingBroker = z.output<typeof postingBrokerSchema>;

/**
 * POST /backend/api/v2/loadboard/intake: one load posted by an outside load board or a script, with the
 * company's intake key in the X-Intake-Key header. `reference` is the broker's own reference of the
 * posting: the same broker posting the same reference within 24 hours updates the load it posted.
 */
export const intakePostingSchema = z
  .object({
    reference: optionalText(100),
    broker_company: postingBrokerSchema,
    /** The broker's contact for this load. */
    broker_name: optionalText(150),
    broker_phone: optionalText(30),
    reply_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { error: M.emailInvalid })
      .refine((text) => text === '' || z.regexes.email.test(text), { error: M.emailInvalid })
      .nullish()
      .transform((value) => value || null),
    pick_up: postingPlaceSchema,
    deliver_to: postingPlaceSchema,
    /** The vehicle type the load needs. */
    car: vehicleTypeSchema,
    /** The posted rate: a number or text such as '$1,250.00'. */
    pays: optionalMoneyFieldSchema,
    weight: optionalCount(MAX_WEIGHT),
    pieces: optionalCount(MAX_PIECES),
    length: optionalCount(MAX_DIMENSION),
    width: optionalCount(MAX_DIMENSION),
    height: optionalCount(MAX_DIMENSION),
    equipment: equipmentSchema.default({}),
    dock_level: z.boolean().default(false),
    isDanger: z.boolean().default(false),
    isUrgent: z.boolean().default(false),
    isCanPutOnTop: z.boolean().default(false),
    note: optionalText(300, M.noteTooLong),
  })
  .superRefine((body, ctx) => {
    if (Date.parse(body.deliver_to.date) < Date.parse(body.pick_up.date)) {
      ctx.addIssue({ code: 'custom', path: ['deliver_to', 'date'], message: M.deliveryBeforeFirstPoint });
    }
  });
export type IntakePostingInput = z.input<typeof intakePostingSchema>;
export type IntakePosting = z.output<typeof intakePostingSchema>;

/** What the intake did with a posting. */
export const INTAKE_OUTCOMES = ['created', 'updated', 'unchanged'] as const;
export type IntakeOutcome = (typeof INTAKE_OUTCOMES)[number];

/**
 * The intake's answer: the board load, what was done with the posting (created; updated, a repeat of a
 * posting still on the board; unchanged, a repeat of one already booked or taken off the board), and the
 * broker company it was matched to (created: added by this posting; in_blacklist: the posting is marked).
 */
export const intakeResultSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(INTAKE_OUTCOMES),
  board_status: z.enum(['posted', 'booked', 'withdrawn', 'expired']).nullable(),
  broker_company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      created: z.boolean(),
      in_blacklist: z.boolean(),
    })
    .nullable(),
});
export type IntakeResult = z.infer<typeof intakeResultSchema>;

/** An example posting for the API docs. */
export const INTAKE_POSTING_EXAMPLE: IntakePostingInput = {
  reference: 'TQL-88213',
  broker_company: { name: 'Total Quality Logistics', mc_number: 'MC-411443' },
  broker_name: 'Mike Ross',
  broker_phone: '(513) 831-2600',
  reply_email: 'mross@tql.example',
  pick_up: {
    address: '1500 Marilla St, Dallas, TX 75201',
    city: 'Dallas',
    state: 'TX',
    zip_code: '75201',
    country: 'US',
    lat: 32.7767,
    lon: -96.797,
    date: '2026-11-26T08:00:00-06:00',
  },
  deliver_to: {
    address: '1 Peachtree St, Atlanta, GA 30303',
    city: 'Atlanta',
    state: 'GA',
    zip_code: '30303',
    country: 'US',
    lat: 33.749,
    lon: -84.388,
    date: '2026-11-27T14:00:00-05:00',
  },
  car: 'SPRINTER VAN',
  pays: '$1,250.00',
  weight: 1800,
  pieces: 3,
  length: 48,
  width: 40,
  height: 48,
  equipment: { straps: true },
  dock_level: true,
  note: 'Call 1 hour before arrival',
};

// ---------------------------------------------------------------- the intake key

/** GET company/my/intake-key: whether the company has a key, and since when it works (never the key). */
export const intakeKeyStatusSchema = z.object({
  has_key: z.boolean(),
  created_at: isoDateTimeSchema.nullable(),
});
export type IntakeKeyStatus = z.infer<typeof intakeKeyStatusSchema>;

/** POST company/my/intake-key/rotate: the new key, shown this once; the key before it stops working. */
export const intakeKeyCreatedSchema = z.object({
  key: z.string(),
  created_at: isoDateTimeSchema,
});
export type IntakeKeyCreated = z.infer<typeof intakeKeyCreatedSchema>;
