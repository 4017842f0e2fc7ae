import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the product keeps for a company or a user (an SMS provider's auth token, a mailbox password or
 * token) are stored sealed with AES-256-GCM under a key derived from the server's own secret (the JWT
 * secret of config.ts), and are never sent back to a browser. A sealed value reads `v1.<base64url>` where
 * the bytes are the 12-byte nonce, the 16-byte tag and the ciphertext; `purpose` binds a value to its use
 * (additional authenticated data), so a value sealed for one column does not open as another's.
 */
export type SecretBox = {
  seal: (plain: string, purpose: string) => string;
  /** The plain text, or null when the value was sealed under another key or purpose, or is damaged. */
  open: (sealed: string, purpose: string) => string | null;
};

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(appSecret: string): SecretBox {
  if (appSecret.length < 16)
    throw new Error('the secret box needs an application secret of 16 characters or more');
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'dispatch secret box', 'aes-256-gcm v1', 32));
  return {
    seal(plain, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) return null;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
