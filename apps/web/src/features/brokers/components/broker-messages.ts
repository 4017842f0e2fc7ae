import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BROKER_MESSAGES } from '@app/domain/brokers/brokers.rules';
import { FIELD_REQUIRED_MESSAGE } from '@app/domain/common/text-fields';
import { LOAD_FORM_MESSAGES, LOAD_FORM_MESSAGES_RU } from '@app/domain/loads/load-form.rules';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';

// The domain and the server speak English; the broker screens show their messages in the user's language.
// The 'brokers.serverMessages' keys of en.json hold exactly the domain's BROKER_MESSAGES (a test checks it).

const keyByMessage = new Map<string, string>([
  ...Object.entries(BROKER_MESSAGES).map(([key, text]) => [text, `brokers.serverMessages.${key}`] as const),
]);

const MAX_CHARACTERS = /^Must have at most (\d+) characters$/;

/** Turns a server or domain message into the user's language; unknown texts are shown as they are. */
export function useBrokerMessageText(): (message: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = keyByMessage.get(message);
      if (key) return t(key);
      const max = MAX_CHARACTERS.exec(message);
      if (max) return t('brokers.form.maxCharacters', { max: Number(max[1]) });
      if (currentLang() === 'ru') {
        if (message === FIELD_REQUIRED_MESSAGE) return LOAD_FORM_MESSAGES_RU.fieldRequired;
        if (message === LOAD_FORM_MESSAGES.phoneInvalid) return LOAD_FORM_MESSAGES_RU.phoneInvalid;
        if (message === LOAD_FORM_MESSAGES.emailInvalid) return LOAD_FORM_MESSAGES_RU.emailInvalid;
      }
      return message;
    },
    [t],
  );
}

/** The lines a refused change shows: the server's detail and each field's messages, translated. */
export function useBrokerErrorLines(): (error: unknown) => string[] {
  const { t } = useTranslation();
  const text = useBrokerMessageText();
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
