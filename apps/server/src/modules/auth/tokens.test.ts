import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const OTHER_SECRET = 'another-secret-that-is-long-enough-for-hs256';

// The signer remembers the access tokens it verified: these check that a remembered token is still held to
// its expiry, and that nothing but a token that verified is ever taken on trust.
describe('access token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a valid token, the second time as the first', async () => {
    const signer = createTokenSigner(SECRET, 300);
    const { token } = await signer.signAccess({ userId: 42, familyId: 'family-1' }, new Date());
    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 42, familyId: 'family-1' });
    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 42, familyId: 'family-1' });
  });

  it('refuses a remembered token once it has expired, as token_expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
    const signer = createTokenSigner(SECRET, 60);
    const { token } = await signer.signAccess({ userId: 7, familyId: 'family-2' }, new Date());
    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 7, familyId: 'family-2' });

    vi.setSystemTime(new Date('2026-11-22T15:00:59Z'));
    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 7, familyId: 'family-2' });

    vi.setSystemTime(new Date('2026-11-22T15:01:00Z'));
    await expect(signer.verifyAccess(token)).rejects.toMatchObject({
      statusCode: 401,
      code: 'token_expired',
    });
  });

  it("holds a token to the expiry of the app's clock, not the wall clock's", async () => {
    // A server whose clock says 27 November 2026, 15:00 UTC, whatever the wall clock says.
    let clock = new Date('2026-11-27T15:00:00Z');
    const signer = createTokenSigner(SECRET, 900, () => clock);
    const { token } = await signer.signAccess({ userId: 9, familyId: 'family-5' }, clock);
    await expect(signer.verifyAccess(token)).resolves.toEqual({ userId: 9, familyId: 'family-5' });
    const fresh = createTokenSigner(SECRET, 900, () => clock);
    await expect(fresh.verifyAccess(token)).resolves.toEqual({ userId: 9, familyId: 'family-5' });

    clock = new Date('2026-11-27T15:15:00Z');
    await expect(signer.verifyAccess(token)).rejects.toMatchObject({ code: 'token_expired' });
    await expect(fresh.verifyAccess(token)).rejects.toMatchObject({ code: 'token_expired' });
  });

  it('never takes a token on trust because a similar one verified', async () => {
    const signer = createTokenSigner(SECRET, 300);
    const { token } = await signer.signAccess({ userId: 1, familyId: 'family-3' }, new Date());
    await signer.verifyAccess(token);

    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '2' }),
    ).toString('base64url');
    await expect(signer.verifyAccess(`${header}.${otherPayload}.${signature}`)).rejects.toMatchObject({
      statusCode: 401,
    });

    const forged = await createTokenSigner(OTHER_SECRET, 300).signAccess(
      { userId: 1, familyId: 'family-3' },
      new Date(),
    );
    await expect(signer.verifyAccess(forged.token)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('does not take a refresh token as an access token, even after verifying it', async () => {
    const signer = createTokenSigner(SECRET, 300);
    const refresh = await signer.signRefresh(
      { tokenId: 'refresh-1', familyId: 'family-4', userId: 5 },
      new Date(),
      new Date(Date.now() + 3_600_000),
    );
    await expect(signer.verifyRefresh(refresh)).resolves.toMatchObject({ userId: 5 });
    await expect(signer.verifyAccess(refresh)).rejects.toMatchObject({ statusCode: 401 });
  });
});
