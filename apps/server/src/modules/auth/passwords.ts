import { hash, verify, type Algorithm } from '@node-rs/argon2';

// The package's Algorithm is a const enum, which isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (no such user) it still spends the
 * time of one verification, so that response times do not reveal which e-mails are registered.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}
