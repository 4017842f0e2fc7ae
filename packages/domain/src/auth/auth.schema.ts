import { z } from 'zod';
import { isoDateTimeSchema } from '../common/ids';
import { currentUserSchema, personNameSchema } from '../users/users.schema';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email must be valid',
  passwordRequired: 'Password required',
  passwordTooShort: 'Password too short',
  passwordsDontMatch: "Passwords don't match",
  passwordWhitespace: "Password mustn't has whitespaces",
  fieldRequired: 'This field is required',
  mustHaveEightSymbols: 'Must have at least 8 symbols',
  mustBeEqualToNewPassword: 'Must be equal to new password',
  mustBePresent: 'Must be present',
  invalidCredentials: 'Unable to log in with provided credentials.',
} as const;

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes any length, but an unbounded password is an easy way to burn server time. */
export const MAX_PASSWORD_LENGTH = 128;

/** Trimmed and lower-cased, so that 'Admin@Demo.test ' signs in as admin@demo.test. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .max(254, { error: AUTH_MESSAGES.emailInvalid })
  .toLowerCase()
  .regex(z.regexes.email, {
    error: (issue) => (issue.input === '' ? AUTH_MESSAGES.emailRequired : AUTH_MESSAGES.emailInvalid),
  });

// One length check per password, so an empty one reads 'required' alone and not also 'too short'.
const lengthMessage = (required: string, tooShort: string) => (issue: { input?: unknown }) =>
  issue.input === '' ? required : tooShort;

/** A password being chosen: at least 8 symbols, no whitespace. */
export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, {
    error: lengthMessage(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordTooShort),
  })
  .max(MAX_PASSWORD_LENGTH, { error: `Must have at most ${MAX_PASSWORD_LENGTH} symbols` })
  .regex(/^\S*$/, { error: AUTH_MESSAGES.passwordWhitespace });

// Signing in checks presence only: the length rules belong to choosing a password.
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, { error: AUTH_MESSAGES.passwordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: AUTH_MESSAGES.invalidCredentials }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  access_token_expiration: isoDateTimeSchema,
  refresh_token_expiration: isoDateTimeSchema,
  user: currentUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refresh: z.string({ error: AUTH_MESSAGES.fieldRequired }).min(1, { error: AUTH_MESSAGES.fieldRequired }),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const refreshResponseSchema = z.object({
  access: z.string(),
  access_token_expiration: isoDateTimeSchema,
  refresh: z.string(),
  refresh_token_expiration: isoDateTimeSchema,
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** Logging out revokes the family of the refresh token given. */
export const logoutRequestSchema = z.object({ refresh: z.string().min(1).optional() });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const registrationRequestSchema = z
  .object({
    email: emailSchema,
    password1: newPasswordSchema,
    password2: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, { error: AUTH_MESSAGES.passwordRequired }),
    first_name: personNameSchema,
    last_name: personNameSchema,
  })
  .refine((form) => form.password1 === form.password2, {
    path: ['password2'],
    error: AUTH_MESSAGES.passwordsDontMatch,
    // Compare as soon as both passwords are typed, so the mismatch shows along with the other field errors.
    when: (payload) => {
      const value = payload.value as { password1?: unknown; password2?: unknown } | undefined;
      return (
        typeof value?.password1 === 'string' && typeof value.password2 === 'string' && value.password2 !== ''
      );
    },
  });
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    old_password: z
      .string({ error: AUTH_MESSAGES.mustBePresent })
      .min(1, { error: AUTH_MESSAGES.mustBePresent }),
    new_password1: z
      .string({ error: AUTH_MESSAGES.mustBePresent })
      .min(MIN_PASSWORD_LENGTH, {
        error: lengthMessage(AUTH_MESSAGES.mustBePresent, AUTH_MESSAGES.mustHaveEightSymbols),
      })
      .max(MAX_PASSWORD_LENGTH, { error: `Must have at most ${MAX_PASSWORD_LENGTH} symbols` })
      .regex(/^\S*$/, { error: AUTH_MESSAGES.passwordWhitespace }),
    new_password2: z
      .string({ error: AUTH_MESSAGES.mustBePresent })
      .min(1, { error: AUTH_MESSAGES.mustBePresent }),
  })
  .refine((form) => form.new_password1 === form.new_password2, {
    path: ['new_password2'],
    error: AUTH_MESSAGES.mustBeEqualToNewPassword,
    when: (payload) => {
      const value = payload.value as { new_password1?: unknown; new_password2?: unknown } | undefined;
      return (
        typeof value?.new_password1 === 'string' &&
        typeof value.new_password2 === 'string' &&
        value.new_password2 !== ''
      );
    },
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
