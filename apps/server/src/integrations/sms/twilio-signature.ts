import { createHmac, timingSafeEqual } from 'node:crypto';

/** Twilio's request signature header. */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/**
 * The X-Twilio-Signature of a webhook request: HMAC-SHA1 with the account's auth token of the full URL
 * followed by each POST parameter's name and value, sorted by name, in Base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether the signature is the one of these parameters at this URL (compared in constant time). */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
