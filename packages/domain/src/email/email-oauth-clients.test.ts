import { describe, expect, it } from 'vitest';
import {
  EMAIL_OAUTH_CLIENT_MESSAGES as M,
  emailOauthClientUpdateSchema,
  emailOauthProviderParamsSchema,
} from './email-oauth-clients.schema';

const messagesOf = (input: unknown): Record<string, string> => {
  const parsed = emailOauthClientUpdateSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
};

describe("the company's OAuth client keys", () => {
  it('take a client ID, trimmed, and a secret only when it changes', () => {
    expect(
      emailOauthClientUpdateSchema.parse({
        client_id: ' 77.apps.googleusercontent.com ',
        client_secret: ' s3 ',
      }),
    ).toEqual({ client_id: '77.apps.googleusercontent.com', client_secret: 's3' });
    // Left out, null or blank: the stored secret is kept.
    for (const client_secret of [undefined, null, '', '   ']) {
      expect(emailOauthClientUpdateSchema.parse({ client_id: 'id', client_secret })).toEqual({
        client_id: 'id',
        client_secret: undefined,
      });
    }
  });

  it('name the field of each mistake', () => {
    expect(messagesOf({})).toEqual({ client_id: M.clientIdRequired });
    expect(messagesOf({ client_id: '  ' })).toEqual({ client_id: M.clientIdRequired });
    expect(messagesOf({ client_id: 'a b' })).toEqual({ client_id: M.clientIdSpaces });
    expect(messagesOf({ client_id: 'x'.repeat(256), client_secret: 'y'.repeat(256) })).toEqual({
      client_id: 'Must have at most 255 characters',
      client_secret: 'Must have at most 255 characters',
    });
    expect(messagesOf({ client_id: 'x'.repeat(255), client_secret: 'GOCSPX abc' })).toEqual({
      client_secret: M.clientSecretSpaces,
    });
    expect(emailOauthClientUpdateSchema.safeParse({ client_id: 'id', extra: 1 }).success).toBe(false);
  });

  it('know two providers', () => {
    expect(emailOauthProviderParamsSchema.safeParse({ provider: 'zoho' }).success).toBe(true);
    expect(emailOauthProviderParamsSchema.safeParse({ provider: 'outlook' }).error?.issues[0]?.message).toBe(
      M.providerInvalid,
    );
  });
});
