import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const SECRET = 's'.repeat(32);

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not carry the secret', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('twilio-auth-token-123', 'sms.auth_token');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('twilio-auth-token-123');
    expect(box.open(sealed, 'sms.auth_token')).toBe('twilio-auth-token-123');
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    const box = createSecretBox(SECRET);
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
  });

  it('refuses another purpose, another key, and damaged values', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('password', 'mail.password');
    expect(box.open(sealed, 'sms.auth_token')).toBeNull();
    expect(createSecretBox('t'.repeat(32)).open(sealed, 'mail.password')).toBeNull();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(box.open(tampered, 'mail.password')).toBeNull();
    expect(box.open('plain text', 'mail.password')).toBeNull();
    expect(box.open('v1.', 'mail.password')).toBeNull();
  });

  it('needs a real application secret', () => {
    expect(() => createSecretBox('short')).toThrow();
  });
});
