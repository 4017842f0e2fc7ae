import {
  INTAKE_KEY_HEADER,
  INTAKE_POSTING_EXAMPLE,
  intakePostingSchema,
  intakeResultSchema,
} from '@app/domain/loadboard/intake.schema';
import { INTAKE_MESSAGES } from '@app/domain/loadboard/intake.rules';
import { loadCreateResponseSchema, loadFastCreateSchema } from '@app/domain/loads/loads.schema';
import { menuRoles } from '@app/domain/shell/menu.rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http/errors';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKeyOf } from '../../http/idempotency';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { IntakeService } from './intake.service';

export type IntakeRoutesOptions = { intake: IntakeService; requireAuth: RequireAuth };

const API = '/backend/api/v2';

/** Who may post a load quickly: the roles of the menu's addLoad entry, as for the load form. */
const FAST_CREATE_ROLES = menuRoles('addLoad');

/** At most this many postings a minute from one address (an outside board posts a few a minute). */
const INTAKE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

// The company a request's intake key opened, from the key check (onRequest) to the handler.
const companyOfRequest = new WeakMap<FastifyRequest, number>();

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Retrying with the same key within 24 hours answers the first result' }),
});

const intakeHeaders = z.looseObject({
  [INTAKE_KEY_HEADER]: z.string().meta({
    description:
      "The company's intake key, generated on the company settings page by an admin or a manager and " +
      'shown once. A missing or wrong key answers 401 and changes nothing.',
  }),
});

/**
 * The load intake's endpoints:
 *   POST /backend/api/v2/loads/fast-create   a dispatcher's quick posting (the spec's call), signed in.
 *   POST /backend/api/v2/loadboard/intake    an outside load board or a script posts one load as JSON,
 *     with the company's intake key in the X-Intake-Key header instead of a user's token. The key is
 *     checked before the body is read: a missing or wrong key answers 401 and changes nothing. The answer
 *     says what was done: created, updated (the same broker and reference within 24 hours, still on the
 *     board) or unchanged (a repeat of a load already booked or taken off the board), and the broker
 *     company it was matched to (created when it was added; in_blacklist when its postings are marked).
 */
export const intakeRoutes: FastifyPluginCallbackZod<IntakeRoutesOptions> = (
  app,
  { intake, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  app.post(
    `${API}/loads/fast-create`,
    route(FAST_CREATE_ROLES, {
      summary:
        'Post a load to the load board quickly: two places, a vehicle type, a broker (id or name) and a ' +
        'price; honours Idempotency-Key',
      headers: idempotencyHeaders,
      body: loadFastCreateSchema,
      response: { 200: loadCreateResponseSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request, reply) => {
      const created = await intake.fastCreate(
        companyCallerOf(request),
        request.body,
        idempotencyKeyOf(request),
      );
      if (created.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return { id: created.id };
    },
  );

  app.post(
    `${API}/loadboard/intake`,
    {
      config: { rateLimit: INTAKE_RATE_LIMIT },
      onRequest: async (request) => {
        const header: unknown = request.headers[INTAKE_KEY_HEADER];
        const key = typeof header === 'string' ? header.trim() : '';
        if (!key) throw unauthorized(INTAKE_MESSAGES.keyMissing);
        const companyId = await intake.companyOfKey(key);
        if (companyId === null) throw unauthorized(INTAKE_MESSAGES.keyInvalid);
        companyOfRequest.set(request, companyId);
      },
      schema: {
        tags: ['loadboard'],
        summary: "Post a load to the company's load board from an outside load board or a script",
        description:
          'Authenticated by the X-Intake-Key header (not a bearer token). A posting is matched to a broker ' +
          'company by MC number, then by name, and a broker the company does not know is added. The same ' +
          'broker and reference within 24 hours updates the load posted then instead of adding one. The ' +
          'load lands on the board (not in the four load lists) and every open board shows it at once.',
        security: [{ intakeKey: [] }],
        headers: intakeHeaders,
        body: intakePostingSchema.meta({ example: INTAKE_POSTING_EXAMPLE }),
        response: { 200: intakeResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => intake.intake(companyOfRequest.get(request)!, request.body),
  );

  done();
};
