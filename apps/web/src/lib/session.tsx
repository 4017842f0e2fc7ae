import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginResponseSchema } from '@app/domain/auth/auth.schema';
import { setLanguage, isLang } from '@/i18n/i18n';
import { http } from './api';
import { appEvents } from './events';
import { clearSessionStorage, hasTokens, readTokens, saveTokens } from './token-storage';

export type LoginAnswer = z.infer<typeof loginResponseSchema>;

export const LOGOUT_PATH = '/backend/api/v2/rest-auth/logout/';
export const LOGIN_ROUTE = '/login/';
/** Where a signed-in user with no role asks to join a company. */
export const REGISTRATION_CONFIRMATION_ROUTE = '/registration-confirmation/';

type SessionContextValue = {
  signedIn: boolean;
  /** Stores the tokens of a login or registration answer and follows the user's language. */
  signIn: (answer: LoginAnswer) => void;
  /** Tells the server (a failure is ignored), clears storage, cookies and tokens, goes to the login page. */
  signOut: () => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(hasTokens);

  const endLocally = useCallback(() => {
    clearSessionStorage();
    queryClient.clear();
    setSignedIn(false);
    void navigate(LOGIN_ROUTE, { replace: true });
  }, [navigate, queryClient]);

  const signIn = useCallback(
    (answer: LoginAnswer) => {
      saveTokens({
        access_token: answer.access_token,
        refresh_token: answer.refresh_token,
        access_token_expiration: answer.access_token_expiration,
        refresh_token_expiration: answer.refresh_token_expiration,
      });
      queryClient.clear();
      const lang: unknown = answer.user?.lang;
      if (isLang(lang)) void setLanguage(lang);
      setSignedIn(true);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const refresh = readTokens()?.refresh_token;
    if (refresh) {
      await http.post(LOGOUT_PATH, { refresh }, { silent: true, noRefresh: true }).catch(() => undefined);
    }
    endLocally();
  }, [endLocally]);

  // The HTTP client ends the session when a token cannot be refreshed.
  useEffect(() => appEvents.on('logout', endLocally), [endLocally]);

  const value = useMemo(() => ({ signedIn, signIn, signOut }), [signedIn, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside SessionProvider');
  return session;
}
