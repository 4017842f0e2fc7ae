import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGES } from '@app/domain/auth/auth.schema';

// The domain's schemas and the server speak the spec's English texts; the interface shows them in the
// user's language through the 'validation' keys, which carry the same names as AUTH_MESSAGES.

const keyByMessage = new Map<string, string>(Object.entries(AUTH_MESSAGES).map(([key, text]) => [text, key]));

/** Turns a validation or server message into the user's language; unknown texts are shown as they are. */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = keyByMessage.get(message);
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
}
