import { describe, expect, it } from 'vitest';
import { clearSessionStorage, isExpired, readTokens, saveRefreshedTokens, saveTokens } from './token-storage';

const tokens = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  access_token_expiration: '2099-01-01T00:15:00Z',
  refresh_token_expiration: '2099-01-31T00:00:00Z',
};

describe('token storage', () => {
  it('keeps the tokens and their expirations in localStorage and in cookies', () => {
    saveTokens(tokens);
    for (const [name, value] of Object.entries(tokens)) {
      expect(localStorage.getItem(name)).toBe(value);
      expect(document.cookie).toContain(`${name}=${encodeURIComponent(value)}`);
    }
    expect(readTokens()).toEqual(tokens);
  });

  it('reads the tokens from cookies when localStorage lost them', () => {
    saveTokens(tokens);
    localStorage.clear();
    expect(readTokens()).toEqual(tokens);
  });

  it('stores a refreshed pair and keeps the old refresh token when none is sent back', () => {
    saveTokens(tokens);
    saveRefreshedTokens({ access: 'access-2', access_token_expiration: '2099-01-01T00:30:00Z' });
    expect(readTokens()).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-1' });
  });

  it('clears localStorage and cookies on logout', () => {
    saveTokens(tokens);
    localStorage.setItem('compact_telephony', 'true');
    clearSessionStorage();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('access_token');
    expect(readTokens()).toBeNull();
  });

  it('compares expirations in whole UTC seconds', () => {
    const now = Date.parse('2026-11-21T15:04:05.900Z');
    expect(isExpired('2026-11-21T15:04:05Z', now)).toBe(true);
    expect(isExpired('2026-11-21T10:04:05.999-05:00', now)).toBe(true);
    expect(isExpired('2026-11-21T15:04:06Z', now)).toBe(false);
    expect(isExpired('', now)).toBe(false);
  });
});
