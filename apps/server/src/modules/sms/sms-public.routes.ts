import { idSchema } from '@app/domain/common/ids';
import {
  smsCounterpartReplySchema,
  smsCounterpartThreadSchema,
  smsCounterpartTokenParamsSchema,
  smsMessageSchema,
} from '@app/domain/sms/sms.schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TWILIO_SIGNATURE_HEADER } from '../../integrations/sms/twilio-signature';
import { errorResponses } from '../../http/route-schemas';
import { SMS_API as API } from './sms.shape';
import type { SmsService } from './sms.service';

export type SmsPublicRoutesOptions = { sms: SmsService; publicUrl: string | undefined };

const TAGS = ['sms'];
/** Twilio's webhooks and the phone page: a busy provider posts a few a second, a person a few a minute. */
const WEBHOOK_RATE_LIMIT = { max: 1200, timeWindow: '1 minute' };
const PHONE_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

const webhookParams = z.object({ company_hash: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a company') });
const webhookBody = z.record(z.string(), z.string()).meta({
  description: "Twilio's form parameters (From, To, Body, MessageSid; MessageStatus for a status callback)",
});
const twimlSchema = z.string().meta({ description: 'An empty TwiML answer: <Response/>' });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** The address the provider signed: PUBLIC_URL and the path, or the address the request came to. */
function signedUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  const base = publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
  return `${base}${request.url}`;
}

/**
 * Routes without a user's token:
 *   POST /backend/api/v2/sms/webhook/{company_hash}          Twilio's inbound messages for the company
 *   POST /backend/api/v2/sms/webhook/{company_hash}/status   Twilio's delivery status callbacks
 *     Both are form posts signed in X-Twilio-Signature (HMAC-SHA1 with the company's auth token of the
 *     URL and the sorted parameters); a missing or bad signature answers 403 and stores nothing.
 *   GET/POST /backend/api/v2/sms/counterpart/{token}          the phone page of a chat (local provider): the
 *     thread, and a reply that arrives as an inbound message; the chat's token is the key.
 *   GET /backend/api/v2/sms/counterpart/{token}/files/{id}    a picture of the thread (also the MMS address).
 */
export const smsPublicRoutes: FastifyPluginCallbackZod<SmsPublicRoutesOptions> = (
  app,
  { sms, publicUrl },
  done,
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, parsed) => {
      try {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      } catch (error) {
        parsed(error as Error, undefined);
      }
    },
  );

  for (const kind of ['inbound', 'status'] as const) {
    app.post(
      `${API}/sms/webhook/:company_hash${kind === 'status' ? '/status' : ''}`,
      {
        config: { rateLimit: WEBHOOK_RATE_LIMIT },
        schema: {
          tags: TAGS,
          summary:
            kind === 'inbound'
              ? "Twilio's webhook for the company's inbound SMS (signed with X-Twilio-Signature)"
              : "Twilio's delivery status callback of a sent SMS (signed with X-Twilio-Signature)",
          description:
            'Give Twilio this address (the SMS provider section of the company settings shows it). The ' +
            'signature is checked with the auth token of the company whose hash is in the path; a bad one ' +
            'answers 403 and nothing is stored. A message from a number nobody in the company has starts a chat.',
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          params: webhookParams,
          body: webhookBody,
          response: { 200: twimlSchema, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const signature = request.headers[TWILIO_SIGNATURE_HEADER];
        await sms.webhook(
          request.params.company_hash,
          kind,
          signedUrl(request, publicUrl),
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.type('text/xml').send('<Response/>');
      },
    );
  }

  app.get(
    `${API}/sms/counterpart/:token`,
    {
      config: { rateLimit: PHONE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'The phone page: the thread as the driver or owner sees it, newest last (25 a page)',
        security: [],
        params: smsCounterpartTokenParamsSchema,
        querystring: pageQuery,
        response: { 200: smsCounterpartThreadSchema, ...errorResponses(400, 404, 429) },
      },
    },
    (request) => sms.counterpartThread(request.params.token, request.query.page),
  );

  app.post(
    `${API}/sms/counterpart/:token`,
    {
      config: { rateLimit: PHONE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: "The phone page's reply: it arrives in the chat as an inbound message (local provider only)",
        security: [],
        params: smsCounterpartTokenParamsSchema,
        body: smsCounterpartReplySchema,
        response: { 200: smsMessageSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    (request) => sms.counterpartReply(request.params.token, request.body.content),
  );

  app.get(
    `${API}/sms/counterpart/:token/files/:id`,
    {
      config: { rateLimit: PHONE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'A file of the thread, for the phone page and the provider (MMS)',
        security: [],
        params: smsCounterpartTokenParamsSchema.extend({ id: idSchema }),
        response: errorResponses(400, 404, 429),
      },
    },
    async (request, reply) => {
      const companyId = await sms.counterpartFile(request.params.token, request.params.id);
      const file = await sms.openFile(companyId, request.params.id);
      return reply
        .header('content-type', file.mimeType ?? 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  done();
};
