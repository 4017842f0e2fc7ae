import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@app/domain/common/lookups';
import { LOAD_FORM_MESSAGES, loadFormMessage } from '@app/domain/loads/load-form.rules';
import type { LoadFormMessageKey } from '@app/domain/loads/load-form.rules';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';

// The server and the domain speak the spec's English texts; every screen shows them in the user's
// language. Each area names the texts it knows (text -> translation key) and the patterns of texts that
// carry a value; what all areas share is kept here: the domain's form messages (their Russian is in the
// domain), "Must have at most N characters", and the lines a refused request shows.

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
 * The lines a refused request shows, with the area's message text: the server's detail, then each field's
 * messages that say something else; a request that got no answer or failed in the page says so.
 */
export function useErrorLines(messageText: (message: string) => string): (error: unknown) => string[] {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return [t('errors.unexpected')];
      if (error.status === undefined) return [t('errors.unknownCode')];
      const fieldLines = Object.values(error.fields).flat().map(messageText);
      const detail = error.detail
        ? messageText(error.detail)
        : t('errors.httpCode', { status: error.status });
      return [detail, ...fieldLines.filter((line) => line !== detail)];
    },
    [t, messageText],
  );
}

/** The server's message for one field of a refused form, translated; undefined when it names none. */
export function fieldErrorOf(
  error: unknown,
  field: string,
  messageText: (message: string) => string,
): string | undefined {
  const message = isApiError(error) ? error.fields[field]?.[0] : undefined;
  return message ? messageText(message) : undefined;
}
