// The session tokens live in localStorage and, with the same names, in cookies (path=/, SameSite=Lax).

export const TOKEN_NAMES = [
  'access_token',
  'refresh_token',
  'access_token_expiration',
  'refresh_token_expiration',
] as const;

export type StoredTokens = Record<(typeof TOKEN_NAMES)[number], string>;

export type RefreshedTokens = {
  access: string;
  access_token_expiration: string;
  refresh?: string;
  refresh_token_expiration?: string;
};

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string, expires?: string): void {
  const expiry =
    expires && !Number.isNaN(Date.parse(expires)) ? `; expires=${new Date(expires).toUTCString()}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function readTokens(): StoredTokens | null {
  const read = (name: string) => localStorage.getItem(name) ?? readCookie(name);
  const access = read('access_token');
  const refresh = read('refresh_token');
  if (!access || !refresh) return null;
  return {
    access_token: access,
    refresh_token: refresh,
    access_token_expiration: read('access_token_expiration') ?? '',
    refresh_token_expiration: read('refresh_token_expiration') ?? '',
  };
}

export function hasTokens(): boolean {
  return readTokens() !== null;
}

export function saveTokens(tokens: StoredTokens): void {
  for (const name of TOKEN_NAMES) {
    localStorage.setItem(name, tokens[name]);
    // Cookies live as long as the session can: until the refresh token expires.
    writeCookie(name, tokens[name], tokens.refresh_token_expiration);
  }
}

/** Stores the answer of the refresh call; a server that does not rotate keeps the old refresh token. */
export function saveRefreshedTokens(refreshed: RefreshedTokens): void {
  const current = readTokens();
  saveTokens({
    access_token: refreshed.access,
    access_token_expiration: refreshed.access_token_expiration,
    refresh_token: refreshed.refresh ?? current?.refresh_token ?? '',
    refresh_token_expiration: refreshed.refresh_token_expiration ?? current?.refresh_token_expiration ?? '',
  });
}

/** Logout: clears localStorage and every cookie this page can see. */
export function clearSessionStorage(): void {
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}

/**
 * Whether an ISO timestamp has passed. Compared in whole UTC seconds, as the spec says. A missing or
 * unreadable expiration is not treated as expired: the server then decides.
 */
export function isExpired(isoExpiration: string | null | undefined, nowMs: number): boolean {
  if (!isoExpiration) return false;
  const expiresAtMs = Date.parse(isoExpiration);
  if (Number.isNaN(expiresAtMs)) return false;
  return Math.floor(expiresAtMs / 1000) <= Math.floor(nowMs / 1000);
}
