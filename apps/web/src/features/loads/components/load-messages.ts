import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAD_FORM_MESSAGES, LOAD_FORM_MESSAGES_RU } from '@app/domain/loads/load-form.rules';
import {
  CANCEL_WARNING,
  DOCUMENTS_REQUIRED_MESSAGE,
  LOAD_ACTION_MESSAGES,
  LOAD_FILE_MESSAGES,
} from '@app/domain/loads/load-lifecycle.rules';
import { LOAD_SCHEMA_MESSAGES } from '@app/domain/loads/loads.schema';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';

// The server and the domain speak the spec's English texts; the load screens show them in the user's
// language. The 'loads.serverMessages' keys of en.json hold exactly the domain's texts (a test checks it).

const keyByMessage = new Map<string, string>([
  ...Object.entries(LOAD_ACTION_MESSAGES).map(
    ([key, text]) => [text, `loads.serverMessages.${key}`] as const,
  ),
  ...Object.entries(LOAD_FILE_MESSAGES).map(([key, text]) => [text, `loads.fileMessages.${key}`] as const),
  ...Object.entries(LOAD_SCHEMA_MESSAGES).map(
    ([key, text]) => [text, `loads.schemaMessages.${key}`] as const,
  ),
  [DOCUMENTS_REQUIRED_MESSAGE, 'loads.documentsRequired'],
  [CANCEL_WARNING, 'loads.cancel.warning'],
]);

const formKeyByMessage = new Map<string, keyof typeof LOAD_FORM_MESSAGES>(
  Object.entries(LOAD_FORM_MESSAGES).map(([key, text]) => [text, key as keyof typeof LOAD_FORM_MESSAGES]),
);

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useLoadMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = keyByMessage.get(message);
      if (key) return t(key);
      const formKey = formKeyByMessage.get(message);
      if (formKey && currentLang() === 'ru') return LOAD_FORM_MESSAGES_RU[formKey];
      return message;
    },
    [t],
  );
}

/** The lines an error shows: the server's detail and the messages of each field, translated. */
export function useErrorLines(): (error: unknown) => string[] {
  const { t } = useTranslation();
  const text = useLoadMessageText();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return [t('errors.unexpected')];
      if (error.status === undefined) return [t('errors.unknownCode')];
      const fieldLines = Object.values(error.fields).flat().map(text);
      const detail = error.detail ? text(error.detail) : t('errors.httpCode', { status: error.status });
      return [detail, ...fieldLines.filter((line) => line !== detail)];
    },
    [t, text],
  );
}
