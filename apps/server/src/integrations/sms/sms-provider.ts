import { randomUUID } from 'node:crypto';
import type { SmsDeliveryStatus, SmsProviderName } from '@app/domain/sms/sms.rules';

// How an SMS leaves the product: one interface, a provider per company (modules/sms picks it from the
// company's settings). `local` is the default: the message is kept and counts as delivered at once; the
// phone page of the chat (/sms-phone/{token}) plays the other side. `twilio` (twilio-provider.ts) hands
// it to a Twilio-compatible REST API.

export type OutgoingSms = {
  /** E.164. */
  to: string;
  body: string;
  /** Public addresses of the pictures (MMS); empty when the server has no public address. */
  mediaUrls: readonly string[];
  /** Where the provider reports the message's delivery; null when the server has no public address. */
  statusCallbackUrl: string | null;
};

export type SmsSendResult =
  { ok: true; providerMessageId: string; status: SmsDeliveryStatus } | { ok: false; error: string };

export type SmsProvider = {
  name: SmsProviderName;
  send(message: OutgoingSms): Promise<SmsSendResult>;
};

/** Keeps the message: delivered at once, under an id of its own. */
export function createLocalSmsProvider(): SmsProvider {
  return {
    name: 'local',
    send: () =>
      Promise.resolve({ ok: true, providerMessageId: `local-${randomUUID()}`, status: 'delivered' }),
  };
}
