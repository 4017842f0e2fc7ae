import { createSecretKey } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache } from 'lru-cache';
import { tokenExpired, unauthorized } from '../../http/errors';

export const TOKEN_ISSUER = 'dispatch-back-office';
export const TOKEN_AUDIENCE = 'dispatch-web';
/** The only algorithm accepted: a token signed any other way (none, RS256 with our secret as key...) is refused. */
export const TOKEN_ALGORITHM = 'HS256';

export type TokenType = 'access' | 'refresh';

export type AccessTokenClaims = {
  userId: number;
  /** The refresh-token family of the sign-in this access token belongs to. */
  familyId: string;
};

export type RefreshTokenClaims = {
  tokenId: string;
  familyId: string;
  userId: number;
};

export type SignedToken = { token: string; expiresAt: Date };

export type TokenSigner = {
  signAccess(claims: AccessTokenClaims, now: Date): Promise<SignedToken>;
  /** Deterministic for the same row: re-signing a stored refresh token gives the same string. */
  signRefresh(claims: RefreshTokenClaims, issuedAt: Date, expiresAt: Date): Promise<string>;
  verifyAccess(token: string): Promise<AccessTokenClaims>;
  verifyRefresh(token: string): Promise<RefreshTokenClaims>;
};

/**
 * How many verified access tokens a server process remembers. A browser sends the same access token with
 * every request until it refreshes it, so one entry a signed-in tab is plenty; the least recently used go.
 */
const VERIFIED_ACCESS_TOKENS = 10_000;

/**
 * `now` is the app's clock: a token is checked for expiry by the clock that signed it (the server's own
 * time in production; a test's fixed day in tests, whose tokens would otherwise expire by the wall clock).
 */
export function createTokenSigner(
  secret: string,
  accessTtlSeconds: number,
  now: () => Date = () => new Date(),
): TokenSigner {
  // A KeyObject made once: given the secret's bytes, jose imports a WebCrypto key on every call, which costs
  // several times the check itself on each request.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));

  async function sign(payload: JWTPayload, subject: number, issuedAt: number, expiresAt: number) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(String(subject))
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);
  }

  async function verify(token: string, type: TokenType): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        currentDate: now(),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw tokenExpired(`The ${type} token has expired.`);
      throw unauthorized(`The ${type} token is not valid.`);
    }
    if (payload.typ !== type) throw unauthorized(`The ${type} token is not valid.`);
    return payload;
  }

  // A token that verified once is the same string with the same signature until it expires: its claims are
  // remembered instead of checking the signature again on every request (jose checks it with WebCrypto,
  // asynchronously: a fifth of a millisecond a request, much more at the tail). Only successes are kept, and
  // a remembered token is checked for expiry on each use, so an expired one goes to jose, which says so.
  const verifiedAccess = new LRUCache<string, AccessTokenClaims & { expiresAt: number }>({
    max: VERIFIED_ACCESS_TOKENS,
  });

  function userIdOf(payload: JWTPayload, type: TokenType): number {
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) throw unauthorized(`The ${type} token is not valid.`);
    return userId;
  }

  function familyOf(payload: JWTPayload, type: TokenType): string {
    if (typeof payload.fam !== 'string' || payload.fam === '')
      throw unauthorized(`The ${type} token is not valid.`);
    return payload.fam;
  }

  return {
    async signAccess(claims, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + accessTtlSeconds;
      const token = await sign(
        { typ: 'access', fam: claims.familyId, jti: crypto.randomUUID() },
        claims.userId,
        issuedAt,
        expiresAt,
      );
      return { token, expiresAt: new Date(expiresAt * 1000) };
    },

    signRefresh(claims, issuedAt, expiresAt) {
      return sign(
        { typ: 'refresh', fam: claims.familyId, jti: claims.tokenId },
        claims.userId,
        Math.floor(issuedAt.getTime() / 1000),
        Math.floor(expiresAt.getTime() / 1000),
      );
    },

    async verifyAccess(token) {
      const known = verifiedAccess.get(token);
      if (known && Math.floor(now().getTime() / 1000) < known.expiresAt) {
        return { userId: known.userId, familyId: known.familyId };
      }
      const payload = await verify(token, 'access');
      const claims = { userId: userIdOf(payload, 'access'), familyId: familyOf(payload, 'access') };
      verifiedAccess.set(token, { ...claims, expiresAt: payload.exp! });
      return claims;
    },

    async verifyRefresh(token) {
      const payload = await verify(token, 'refresh');
      return {
        tokenId: String(payload.jti),
        familyId: familyOf(payload, 'refresh'),
        userId: userIdOf(payload, 'refresh'),
      };
    },
  };
}
