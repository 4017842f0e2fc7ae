import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registrationRequestSchema,
} from '@app/domain/auth/auth.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import type { AuthService } from './auth.service';
import { bearerToken, type Authenticator } from './require-auth';

export type AuthRoutesOptions = {
  auth: AuthService;
  authenticator: Authenticator;
};

const REGISTRATION_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  { auth, authenticator },
  done,
) => {
  app.post(
    '/backend/api/v2/rest-auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 429) },
      },
    },
    (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/backend/api/v2/rest-auth/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate a refresh token: a new access token and the next refresh token of the family',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/backend/api/rest-auth/registration/',
    {
      config: { rateLimit: REGISTRATION_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (no role, no company yet) and sign it in',
        body: registrationRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 429) },
      },
    },
    (request) => auth.register(request.body),
  );

  app.post(
    '/backend/api/v2/rest-auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh-token family of the given refresh token and of the bearer',
        body: logoutRequestSchema.optional(),
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      const caller = token ? await authenticator.authenticate(token).catch(() => null) : null;
      await auth.logout(request.body?.refresh, caller);
      return { detail: 'Successfully logged out.' };
    },
  );
  done();
};
