import { z } from 'zod';

// Text field schemas shared by every area's API contract, so that one field reads the same everywhere.

export const FIELD_REQUIRED_MESSAGE = 'This field is required';

export const maxCharactersMessage = (max: number) => `Must have at most ${max} characters`;

/** A form's empty value: missing, null or ''. */
export const isEmptyInput = (input: unknown) => input === undefined || input === null || input === '';

/** Required text, trimmed, at most `max` characters. */
export const requiredText = (max: number, required: string = FIELD_REQUIRED_MESSAGE) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: maxCharactersMessage(max) });

/** Optional text: '' and a missing field both become null. */
export const optionalText = (max: number, tooLong = maxCharactersMessage(max)) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((value) => value || null);
