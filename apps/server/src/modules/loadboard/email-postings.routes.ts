import { idParamsSchema } from '@app/domain/common/ids';
import {
  EMAIL_POSTING_ROLES,
  emailPostingCompletionSchema,
  emailPostingListQuerySchema,
  emailPostingListSchema,
  emailPostingReceiptSchema,
  emailPostingSchema,
} from '@app/domain/loadboard/email-postings.schema';
import { INTAKE_KEY_HEADER } from '@app/domain/loadboard/intake.schema';
import { INTAKE_MESSAGES } from '@app/domain/loadboard/intake.rules';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http/errors';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import type { EmailPostingService } from './email-posting.service';
import { parseRawMail } from './raw-mail';

export type EmailPostingsRoutesOptions = {
  emailPostings: EmailPostingService;
  /** The company of an intake key, or null (the load intake's key check). */
  companyOfKey: (key: string) => Promise<number | null>;
  requireAuth: RequireAuth;
  now: () => Date;
};

const API = '/backend/api/v2';

/** A raw message is at most this large (the posting's text; attachments are not read). */
const RAW_MAIL_LIMIT = 2 * 1024 * 1024;
const INTAKE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

const companyOfRequest = new WeakMap<FastifyRequest, number>();

/**
 * The load board's e-mail intake and the dispatcher's review of posting e-mails:
 *   POST loadboard/intake/email                a raw RFC 822 message with the company's X-Intake-Key (any
 *     mail source: a forwarding rule, a script, a test); the built-in SMTP receiver calls the service.
 *   GET  loadboard/email-postings               the mails waiting for review, newest first.
 *   PUT  loadboard/email-postings/{id}/dismiss  set one aside.
 *   POST loadboard/email-postings/{id}/post     post one with the fields the dispatcher filled in.
 */
export const emailPostingsRoutes: FastifyPluginCallbackZod<EmailPostingsRoutesOptions> = (
  app,
  { emailPostings, companyOfKey, requireAuth, now },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['loadboard']);

  // A raw message comes as message/rfc822 (or text/plain); JSON is refused by the body's schema.
  for (const type of ['message/rfc822', 'text/plain']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: RAW_MAIL_LIMIT },
      (_request, body, finish) => finish(null, body),
    );
  }

  app.post(
    `${API}/loadboard/intake/email`,
    {
      config: { rateLimit: INTAKE_RATE_LIMIT },
      bodyLimit: RAW_MAIL_LIMIT,
      onRequest: async (request) => {
        const header: unknown = request.headers[INTAKE_KEY_HEADER];
        const key = typeof header === 'string' ? header.trim() : '';
        if (!key) throw unauthorized(INTAKE_MESSAGES.keyMissing);
        const companyId = await companyOfKey(key);
        if (companyId === null) throw unauthorized(INTAKE_MESSAGES.keyInvalid);
        companyOfRequest.set(request, companyId);
      },
      schema: {
        tags: ['loadboard'],
        summary: "Post a broker's load posting e-mail to the company's load board",
        description:
          'Authenticated by the X-Intake-Key header (not a bearer token). The body is the raw RFC 822 ' +
          'message (Content-Type: message/rfc822 or text/plain), as a mail server received it. The mail ' +
          'is read (pick-up and delivery places and dates, vehicle type, miles, weight, pieces, dims, rate, ' +
          'reference, MC number): with a pick-up and a delivery place, a pick-up date and a vehicle type ' +
          'it goes on the board through the load intake (state posted, with its load_id); otherwise it ' +
          'waits on the dispatchers\u2019 review list (state needs_review). Either way unread_fields lists ' +
          'what could not be read. The same Message-ID again answers what was done the first time.',
        security: [{ intakeKey: [] }],
        headers: z.looseObject({
          [INTAKE_KEY_HEADER]: z.string().meta({ description: "The company's intake key" }),
        }),
        body: z.string().min(1).max(RAW_MAIL_LIMIT),
        response: { 200: emailPostingReceiptSchema, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) =>
      emailPostings.receive(companyOfRequest.get(request)!, await parseRawMail(request.body, now())),
  );

  app.get(
    `${API}/loadboard/email-postings`,
    route(EMAIL_POSTING_ROLES, {
      summary: "The posting e-mails waiting for a dispatcher's review, newest first",
      querystring: emailPostingListQuerySchema,
      response: { 200: emailPostingListSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => emailPostings.list(companyCallerOf(request), request.query),
  );

  app.put(
    `${API}/loadboard/email-postings/:id/dismiss`,
    route(EMAIL_POSTING_ROLES, {
      summary: 'Set a posting e-mail aside: it leaves the review list',
      params: idParamsSchema,
      response: { 200: emailPostingSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    (request) => emailPostings.dismiss(companyCallerOf(request), request.params.id),
  );

  app.post(
    `${API}/loadboard/email-postings/:id/post`,
    route(EMAIL_POSTING_ROLES, {
      summary:
        'Post a posting e-mail to the load board with the fields a dispatcher completed (each replaces ' +
        'what was read)',
      params: idParamsSchema,
      body: emailPostingCompletionSchema,
      response: { 200: emailPostingSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    (request) => emailPostings.post(companyCallerOf(request), request.params.id, request.body),
  );

  done();
};
