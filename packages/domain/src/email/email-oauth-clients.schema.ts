import { z } from 'zod';
import type { RoleId } from '../common/lookups';
import { maxCharactersMessage } from '../common/text-fields';
import { COMPANY_SETTINGS_ROLES } from '../company/company.schema';

// The company's own Google and Zoho OAuth client keys, which the users' mailbox sign-in needs (GET
// email/auth, GET email/zoho/auth answer email_oauth_not_configured without them). The "Mail sign-in"
// section of the company settings page, for admins and managers: GET email/oauth-clients, PUT and DELETE
// email/oauth-clients/{provider}. The client secret is written, never answered: the answer says only
// whether one is stored.

/** Who enters, changes and removes the company's client keys: the company settings' roles. */
export const EMAIL_OAUTH_CLIENT_ROLES: readonly RoleId[] = COMPANY_SETTINGS_ROLES;

export const EMAIL_OAUTH_PROVIDERS = ['google', 'zoho'] as const;
export type EmailOauthProvider = (typeof EMAIL_OAUTH_PROVIDERS)[number];

/** Google's client IDs are about 75 characters and Zoho's about 35; their secrets shorter still. */
export const MAX_OAUTH_CLIENT_ID_LENGTH = 255;
export const MAX_OAUTH_CLIENT_SECRET_LENGTH = 255;

export const EMAIL_OAUTH_CLIENT_MESSAGES = {
  providerInvalid: 'The provider must be google or zoho',
  clientIdRequired: 'Enter the client ID',
  clientIdSpaces: 'A client ID has no spaces',
  clientSecretSpaces: 'A client secret has no spaces',
  clientSecretRequired: 'Enter the client secret: none is stored yet',
} as const;
const M = EMAIL_OAUTH_CLIENT_MESSAGES;

/** Keys are pasted from the provider's console: a space inside one is a paste gone wrong. */
const NO_SPACES = /^\S*$/;

export const emailOauthProviderSchema = z.enum(EMAIL_OAUTH_PROVIDERS, { error: M.providerInvalid });

/** The path of PUT and DELETE email/oauth-clients/{provider}. */
export const emailOauthProviderParamsSchema = z.object({ provider: emailOauthProviderSchema });

/**
 * PUT email/oauth-clients/{provider}: the client ID, and the client secret when it changes. A secret left
 * out, null or blank keeps the stored one; with none stored (or one that no longer opens) the save is
 * refused with email_oauth_client_secret_required.
 */
export const emailOauthClientUpdateSchema = z.strictObject({
  client_id: z
    .string({ error: M.clientIdRequired })
    .trim()
    .min(1, { error: M.clientIdRequired })
    .max(MAX_OAUTH_CLIENT_ID_LENGTH, { error: maxCharactersMessage(MAX_OAUTH_CLIENT_ID_LENGTH) })
    .regex(NO_SPACES, { error: M.clientIdSpaces }),
  client_secret: z
    .string()
    .trim()
    .max(MAX_OAUTH_CLIENT_SECRET_LENGTH, { error: maxCharactersMessage(MAX_OAUTH_CLIENT_SECRET_LENGTH) })
    .regex(NO_SPACES, { error: M.clientSecretSpaces })
    .nullish()
    .transform((secret) => secret || undefined),
});
export type EmailOauthClientUpdateInput = z.input<typeof emailOauthClientUpdateSchema>;
export type EmailOauthClientUpdate = z.output<typeof emailOauthClientUpdateSchema>;

/** One provider's keys as answered: never the secret. */
export const emailOauthClientSchema = z.object({
  provider: emailOauthProviderSchema,
  /** null: the company has no keys of this provider, and its users cannot sign in with it. */
  client_id: z.string().nullable(),
  /** Whether a client secret is stored (and opens with the server's key). */
  has_secret: z.boolean(),
  /**
   * The address to register as the authorised redirect URI at the provider: `<PUBLIC_URL>/settings/profile/`.
   * null when the server has no PUBLIC_URL: the sign-ins need it, the provider sends the browser back there.
   */
  redirect_uri: z.string().nullable(),
  /** Mailboxes of the company signed in with this provider (they renew their sign-in with these keys). */
  connected_mailboxes: z.number().int(),
});
export type EmailOauthClient = z.infer<typeof emailOauthClientSchema>;

/** GET email/oauth-clients: Google, then Zoho. */
export const emailOauthClientListSchema = z.array(emailOauthClientSchema);
