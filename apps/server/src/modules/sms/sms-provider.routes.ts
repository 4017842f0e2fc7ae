import {
  SMS_PROVIDER_ROLES,
  smsProviderSettingsSchema,
  smsProviderUpdateSchema,
} from '@app/domain/sms/sms.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route-schemas';
import { companyCallerOf } from '../auth/caller';
import { guardedRouteOptions, type RequireAuth } from '../auth/require-auth';
import { SMS_API as API } from './sms.shape';
import type { SmsService } from './sms.service';

export type SmsProviderRoutesOptions = { sms: SmsService; requireAuth: RequireAuth };

/** The company's SMS provider, for admins and managers: the auth token is written, never read back. */
export const smsProviderRoutes: FastifyPluginCallbackZod<SmsProviderRoutesOptions> = (
  app,
  { sms, requireAuth },
  done,
) => {
  const route = guardedRouteOptions(requireAuth, ['company']);

  app.get(
    `${API}/company/my/sms-provider`,
    route(SMS_PROVIDER_ROLES, {
      summary:
        "The company's SMS provider, its account and sender number, and the webhook address for Twilio",
      response: { 200: smsProviderSettingsSchema, ...errorResponses(401, 403) },
    }),
    (request) => sms.settings(companyCallerOf(request)),
  );

  app.put(
    `${API}/company/my/sms-provider`,
    route(SMS_PROVIDER_ROLES, {
      summary:
        'Choose the SMS provider: local (kept, the phone page plays the other side) or twilio (account SID, ' +
        'sender number, auth token; the stored token is kept when none is given)',
      body: smsProviderUpdateSchema,
      response: { 200: smsProviderSettingsSchema, ...errorResponses(400, 401, 403) },
    }),
    (request) => sms.updateSettings(companyCallerOf(request), request.body),
  );

  done();
};
