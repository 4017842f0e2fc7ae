import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  MIN_PASSWORD_LENGTH,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registrationRequestSchema,
} from './auth.schema';

/** Messages of a failed parse by field, or null when the input is valid. */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

const registration = {
  email: 'new.driver@example.com',
  password1: 'longenough',
  password2: 'longenough',
  first_name: 'Anna',
  last_name: 'Petrova',
};

describe('the spec messages', () => {
  it('are the texts of the spec', () => {
    expect(AUTH_MESSAGES.emailRequired).toBe('Email is required');
    expect(AUTH_MESSAGES.emailInvalid).toBe('Email must be valid');
    expect(AUTH_MESSAGES.passwordRequired).toBe('Password required');
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password too short');
    expect(AUTH_MESSAGES.passwordsDontMatch).toBe("Passwords don't match");
    expect(AUTH_MESSAGES.passwordWhitespace).toBe("Password mustn't has whitespaces");
    expect(AUTH_MESSAGES.fieldRequired).toBe('This field is required');
    expect(AUTH_MESSAGES.mustHaveEightSymbols).toBe('Must have at least 8 symbols');
    expect(AUTH_MESSAGES.mustBeEqualToNewPassword).toBe('Must be equal to new password');
    expect(AUTH_MESSAGES.mustBePresent).toBe('Must be present');
  });
  it('minimum password length is 8', () => expect(MIN_PASSWORD_LENGTH).toBe(8));
});

describe('login request', () => {
  it('accepts an e-mail and a password, trimming and lower-casing the e-mail', () => {
    expect(loginRequestSchema.parse({ email: ' Admin@Demo.TEST ', password: 'demo1234' })).toEqual({
      email: 'admin@demo.test',
      password: 'demo1234',
    });
  });
  it("a missing e-mail reads 'Email is required'", () => {
    expect(messages(loginRequestSchema, { password: 'demo1234' })).toEqual({ email: ['Email is required'] });
    expect(messages(loginRequestSchema, { email: '  ', password: 'demo1234' })).toEqual({
      email: ['Email is required'],
    });
  });
  it("a malformed e-mail reads 'Email must be valid'", () => {
    expect(messages(loginRequestSchema, { email: 'admin@', password: 'demo1234' })).toEqual({
      email: ['Email must be valid'],
    });
  });
  it("a missing password reads 'Password required'", () => {
    expect(messages(loginRequestSchema, { email: 'a@b.co', password: '' })).toEqual({
      password: ['Password required'],
    });
    expect(messages(loginRequestSchema, { email: 'a@b.co' })).toEqual({ password: ['Password required'] });
  });
});

describe('registration request', () => {
  it('accepts a valid registration', () => {
    expect(messages(registrationRequestSchema, registration)).toBeNull();
  });
  it('requires every field with its message', () => {
    expect(messages(registrationRequestSchema, {})).toEqual({
      email: ['Email is required'],
      password1: ['Password required'],
      password2: ['Password required'],
      first_name: ['This field is required'],
      last_name: ['This field is required'],
    });
  });
  it('says only that an empty field is required', () => {
    expect(
      messages(registrationRequestSchema, {
        email: '',
        password1: '',
        password2: '',
        first_name: ' ',
        last_name: '',
      }),
    ).toEqual({
      email: ['Email is required'],
      password1: ['Password required'],
      password2: ['Password required'],
      first_name: ['This field is required'],
      last_name: ['This field is required'],
    });
  });
  it("an invalid e-mail reads 'Email must be valid'", () => {
    expect(messages(registrationRequestSchema, { ...registration, email: 'not-an-email' })).toEqual({
      email: ['Email must be valid'],
    });
  });
  it("a password shorter than 8 reads 'Password too short'", () => {
    expect(
      messages(registrationRequestSchema, { ...registration, password1: 'short12', password2: 'short12' }),
    ).toEqual({ password1: ['Password too short'] });
  });
  it('a password of exactly 8 is enough', () => {
    expect(
      messages(registrationRequestSchema, { ...registration, password1: '12345678', password2: '12345678' }),
    ).toBeNull();
  });
  it('a password with whitespace reads "Password mustn\'t has whitespaces"', () => {
    expect(
      messages(registrationRequestSchema, {
        ...registration,
        password1: 'long enough',
        password2: 'long enough',
      }),
    ).toEqual({ password1: ["Password mustn't has whitespaces"] });
  });
  it('different passwords read "Passwords don\'t match" on password2', () => {
    expect(messages(registrationRequestSchema, { ...registration, password2: 'longenougH' })).toEqual({
      password2: ["Passwords don't match"],
    });
  });
  it('reports the mismatch together with the other field errors', () => {
    expect(
      messages(registrationRequestSchema, { ...registration, first_name: '', password2: 'other' }),
    ).toEqual({
      first_name: ['This field is required'],
      password2: ["Passwords don't match"],
    });
  });
  it('trims the names', () => {
    expect(registrationRequestSchema.parse({ ...registration, first_name: ' Anna ' }).first_name).toBe(
      'Anna',
    );
  });
});

describe('change password request', () => {
  const change = { old_password: 'demo1234', new_password1: 'newpass123', new_password2: 'newpass123' };
  it('accepts a valid change', () => expect(messages(changePasswordRequestSchema, change)).toBeNull());
  it("the current and new passwords read 'Must be present' when missing", () => {
    expect(
      messages(changePasswordRequestSchema, { old_password: '', new_password1: '', new_password2: '' }),
    ).toEqual({
      old_password: ['Must be present'],
      new_password1: ['Must be present'],
      new_password2: ['Must be present'],
    });
  });
  it("a new password shorter than 8 reads 'Must have at least 8 symbols'", () => {
    expect(
      messages(changePasswordRequestSchema, { ...change, new_password1: 'short', new_password2: 'short' }),
    ).toEqual({
      new_password1: ['Must have at least 8 symbols'],
    });
  });
  it("a different repeat reads 'Must be equal to new password' on new_password2", () => {
    expect(messages(changePasswordRequestSchema, { ...change, new_password2: 'newpass124' })).toEqual({
      new_password2: ['Must be equal to new password'],
    });
  });
});

describe('tokens', () => {
  it('refresh takes {refresh}', () => {
    expect(refreshRequestSchema.parse({ refresh: 'token' })).toEqual({ refresh: 'token' });
    expect(refreshRequestSchema.safeParse({}).success).toBe(false);
  });
  it('refresh answers access and refresh with ISO 8601 expirations', () => {
    const answer = {
      access: 'a',
      access_token_expiration: '2024-07-10T16:15:00.000Z',
      refresh: 'r',
      refresh_token_expiration: '2024-08-09T16:00:00+00:00',
    };
    expect(refreshResponseSchema.parse(answer)).toEqual(answer);
    expect(refreshResponseSchema.safeParse({ ...answer, access_token_expiration: 'tomorrow' }).success).toBe(
      false,
    );
  });
  it('login answers the tokens with their expirations and the user', () => {
    expect(Object.keys(loginResponseSchema.shape)).toEqual([
      'access_token',
      'refresh_token',
      'access_token_expiration',
      'refresh_token_expiration',
      'user',
    ]);
  });
});
