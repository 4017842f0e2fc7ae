import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { currentUserSchema, menuEntrySchema } from '@app/domain/users/users.schema';
import { http } from './api';
import { errorStatus } from './api-error';
import { queryKeys } from './query-keys';

export type CurrentUser = z.infer<typeof currentUserSchema>;
export type MenuEntry = z.infer<typeof menuEntrySchema>;

export const CURRENT_USER_PATH = '/backend/api/users/my/';

/**
 * The signed-in user, or null when users/my knows no such user (a 404 or an answer without an id): the
 * guard then opens the request-access dialog. Answering null rather than failing keeps the answer cached
 * like any other, so the screens shown for it stay put while it is fetched again.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const user = await http.get<CurrentUser | null>(CURRENT_USER_PATH, { signal, quietStatuses: [404] });
    return user?.id ? user : null;
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 60_000,
});

export function useCurrentUserQuery() {
  return useQuery(currentUserQueryOptions);
}

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** Provided by the session guard once users/my has answered with a user who may use the app. */
export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

/** The signed-in user; only for components rendered inside the signed-in shell. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the signed-in shell');
  return user;
}

/** Trailing slashes do not matter when paths are compared. */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Every path of the menu, children included, normalised. */
export function menuPaths(menu: readonly MenuEntry[]): string[] {
  return menu.flatMap((entry) => [
    ...(entry.path ? [normalizePath(entry.path)] : []),
    ...menuPaths(entry.children),
  ]);
}

export function menuHasPath(menu: readonly MenuEntry[], path: string): boolean {
  return menuPaths(menu).includes(normalizePath(path));
}
