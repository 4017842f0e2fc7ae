import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERAL_ERROR_CODES } from '@app/domain/common/errors';
import type { Lang } from '@app/domain/common/lookups';
import { LOAD_FORM_MESSAGES, loadFormMessage } from '@app/domain/loads/load-form.rules';
import type { LoadFormMessageKey } from '@app/domain/loads/load-form.rules';
import { loadFileTypeName } from '@app/domain/loads/load-lifecycle.rules';
import { currentLang, i18n } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import type { ApiError } from '@/lib/api-error';

// A refused request is shown by its code: a refusal with a code of its own (a 409, a rule's 400 or 403)
// is one line, the `errors.codes.<code>` text in the user's language with the values the server named in
// `fields` (document types by their names). The general codes (validation_error, bad_request...) and a
// code this client does not know yet show the server's detail and field messages: those are the domain
// schemas' texts, which each area pairs with its keys (the same tables the forms validate with), and an
// unknown text is shown as it is.

const GENERAL_CODES: ReadonlySet<string> = new Set(GENERAL_ERROR_CODES);

/** The key of a code's own text, or undefined for a general code and a code without a text. */
export function errorCodeKey(code: string): string | undefined {
  if (code === '' || GENERAL_CODES.has(code)) return undefined;
  const key = `errors.codes.${code}`;
  return i18n.exists(key) ? key : undefined;
}

/** How the values of a field are shown inside a refusal's text: document types by their names. */
const VALUE_NAMES: Record<string, (value: string, lang: Lang) => string> = {
  missing_documents: (value, lang) => loadFileTypeName(value, lang),
};

/** The values a refusal names in its fields, each field's values joined: {units: 'T-1, T-2'}. */
function refusalValues(fields: Record<string, string[]>, lang: Lang): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [field, list] of Object.entries(fields)) {
    const name = VALUE_NAMES[field];
    values[field] = list.map((value) => (name ? name(value, lang) : value)).join(', ');
  }
  return values;
}

/** A refusal's own text in the user's language, or undefined when its code has none (see errorCodeKey). */
export function refusalText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const key = errorCodeKey(error.code);
  if (!key) return undefined;
  const lang = currentLang();
  return i18n.t(key, { ...refusalValues(error.fields, lang), lng: lang });
}

/** The text of a refused request: its code's text, else its detail in the area's words. */
export function errorText(
  error: ApiError,
  messageText: (message: string) => string | undefined,
): string | undefined {
  return refusalText(error) ?? messageText(error.detail);
}

/** A text that carries a value, e.g. "Must have at most 200 characters": its key and the key's values. */
export type MessagePattern = {
  pattern: RegExp;
  key: string;
  values: (match: RegExpExecArray) => Record<string, string | number>;
};

/** Pairs each text of a domain message table with the key of the same name under `prefix`. */
export function messageKeys(messages: Record<string, string>, prefix: string): [string, string][] {
  return Object.entries(messages).map(([name, text]) => [text, `${prefix}.${name}`]);
}

const formKeyByMessage = new Map<string, LoadFormMessageKey>(
  Object.entries(LOAD_FORM_MESSAGES).map(([key, text]) => [text, key as LoadFormMessageKey]),
);

/** A message of the domain's form rules (required, phone, e-mail, numbers...) in the language; other texts as they are. */
export function formRuleMessage(message: string, lang: Lang): string {
  const key = formKeyByMessage.get(message);
  return key ? loadFormMessage(key, lang) : message;
}

const MAX_CHARACTERS: MessagePattern = {
  pattern: /^Must have at most (\d+) characters$/,
  key: 'errors.maxCharacters',
  values: (match) => ({ max: Number(match[1]) }),
};

const NO_PATTERNS: readonly MessagePattern[] = [];

/**
 * Turns a server or domain message into the user's language: the area's own texts first, then the form
 * rules' messages, then the area's patterns and the length limit; an unknown text is shown as it is.
 * `keyByMessage` and `patterns` are module constants of the area, so the function stays the same.
 */
export function useMessageText(
  keyByMessage: ReadonlyMap<string, string>,
  patterns: readonly MessagePattern[] = NO_PATTERNS,
): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = keyByMessage.get(message);
      if (key) return t(key);
      const lang = currentLang();
      if (formKeyByMessage.has(message)) return formRuleMessage(message, lang);
      for (const { pattern, key: patternKey, values } of [...patterns, MAX_CHARACTERS]) {
        const match = pattern.exec(message);
        if (match) return t(patternKey, values(match));
      }
      return message;
    },
    [t, keyByMessage, patterns],
  );
}

/**
 * The lines a refused request shows: a refusal with its own code is its one translated line; otherwise the
 * server's detail, then each field's messages that say something else, in the area's words. A request that
 * got no answer or failed in the page says so.
 */
export function useErrorLines(messageText: (message: string) => string): (error: unknown) => string[] {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return [t('errors.unexpected')];
      if (error.status === undefined) return [t('errors.unknownCode')];
      const refusal = refusalText(error);
      if (refusal !== undefined) return [refusal];
      const lang = currentLang();
      // A field of values (document types) is one line of their names, never the values themselves.
      const fieldLines = Object.entries(error.fields).flatMap(([field, list]) => {
        const name = VALUE_NAMES[field];
        return name ? [list.map((value) => name(value, lang)).join(', ')] : list.map(messageText);
      });
      const detail = error.detail
        ? messageText(error.detail)
        : t('errors.httpCode', { status: error.status });
      return [detail, ...fieldLines.filter((line) => line !== detail)];
    },
    [t, messageText],
  );
}

/**
 * The server's message for one field of a refused form, translated; undefined when it names none. A
 * refusal with its own code shows its text at the field it names.
 */
export function fieldErrorOf(
  error: unknown,
  field: string,
  messageText: (message: string) => string | undefined,
): string | undefined {
  const message = isApiError(error) ? error.fields[field]?.[0] : undefined;
  if (!message) return undefined;
  return refusalText(error) ?? messageText(message);
}
