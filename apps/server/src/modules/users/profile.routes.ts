import { changePasswordRequestSchema } from '@app/domain/auth/auth.schema';
import { currentUserSchema, profileUpdateSchema, updateFiltersSchema } from '@app/domain/users/users.schema';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUploadedFile, readMultipartForm, type UploadedFile } from '../../http/multipart';
import { detailSchema, errorResponses } from '../../http/route-schemas';
import type { AuthService } from '../auth/auth.service';
import { callerOf } from '../auth/caller';
import type { RequireAuth } from '../auth/require-auth';
import { MAX_AVATAR_BYTES, type UsersService } from './users.service';

export type ProfileRoutesOptions = { users: UsersService; auth: AuthService; requireAuth: RequireAuth };

const profileResponseSchema = currentUserSchema.omit({ menu: true });

const avatarFileSchema = z
  .custom<UploadedFile>(isUploadedFile, { error: 'Upload the avatar as a file (multipart/form-data).' })
  .meta({ type: 'string', format: 'binary', description: 'PNG, JPEG, WebP or GIF, at most 5 MB' });

/** The signed-in user's own profile: names, language, avatar, password and saved load board filters. */
export const profileRoutes: FastifyPluginCallbackZod<ProfileRoutesOptions> = (
  app,
  { users, auth, requireAuth },
  done,
) => {
  app.get(
    '/backend/api/v2/profile/me',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['profile'],
        summary: 'The current user without the menu',
        response: { 200: profileResponseSchema, ...errorResponses(401) },
      },
    },
    (request) => users.profile(callerOf(request).userId),
  );

  app.put(
    '/backend/api/v2/profile/me/update',
    {
      onRequest: requireAuth('authenticated'),
      // A multipart form (with an optional avatar file) is read into the body before validation, so that
      // JSON and forms are validated by the same schema.
      preValidation: async (request) => {
        if (!request.isMultipart()) return;
        const form = await readMultipartForm(request, MAX_AVATAR_BYTES);
        const body: Record<string, unknown> = { ...form.fields };
        if (form.files.avatar) body.avatar = form.files.avatar;
        // Validated against the route's body schema right after this hook.
        (request as { body: unknown }).body = body;
      },
      schema: {
        tags: ['profile'],
        summary: 'Update names and language; multipart/form-data may add an avatar image',
        consumes: ['application/json', 'multipart/form-data'],
        body: profileUpdateSchema.extend({ avatar: avatarFileSchema.optional() }),
        response: { 200: profileResponseSchema, ...errorResponses(400, 401, 413) },
      },
    },
    (request) => {
      const { avatar, ...fields } = request.body;
      return users.updateProfile(callerOf(request), fields, avatar);
    },
  );

  app.put(
    '/backend/api/v2/profile/me/change-password',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['profile'],
        summary: "Change the caller's password; their other sign-ins end",
        body: changePasswordRequestSchema,
        response: { 200: detailSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await auth.changePassword(callerOf(request), request.body);
      return { detail: 'New password has been saved.' };
    },
  );

  app.put(
    '/backend/api/v2/profile/update-filters',
    {
      onRequest: requireAuth('authenticated'),
      schema: {
        tags: ['profile'],
        summary: 'Save the load board filter templates (JSON text of a list)',
        body: updateFiltersSchema,
        response: { 200: updateFiltersSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => users.updateFilters(callerOf(request), request.body.filters_data_2),
  );
  done();
};
