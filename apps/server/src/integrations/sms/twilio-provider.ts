import { deliveryStatusOf } from '@app/domain/sms/sms.rules';
import type { OutgoingSms, SmsProvider, SmsSendResult } from './sms-provider';

/** Twilio's REST API; tests and Twilio-compatible services give another base URL. */
export const TWILIO_DEFAULT_BASE_URL = 'https://api.twilio.com';
const REQUEST_TIMEOUT_MS = 10_000;

export type TwilioAccount = { accountSid: string; authToken: string; senderNumber: string };

type TwilioAnswer = { sid?: unknown; status?: unknown; message?: unknown; code?: unknown };

/**
 * Sends through a Twilio-compatible API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, a form with
 * To, From, Body, MediaUrl and StatusCallback, with basic auth (the account SID and auth token). A refusal
 * (4xx, 5xx) or no answer is a failed message with the provider's reason; the message is never retried here.
 */
export function createTwilioSmsProvider(
  account: TwilioAccount,
  baseUrl = TWILIO_DEFAULT_BASE_URL,
): SmsProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`;

  async function send(message: OutgoingSms): Promise<SmsSendResult> {
    const form = new URLSearchParams({ To: message.to, From: account.senderNumber, Body: message.body });
    for (const media of message.mediaUrls) form.append('MediaUrl', media);
    if (message.statusCallbackUrl) form.set('StatusCallback', message.statusCallbackUrl);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      return { ok: false, error: `The SMS provider did not answer: ${(error as Error).message}` };
    }
    const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
    if (!response.ok) {
      const reason = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
      return { ok: false, error: `The SMS provider refused the message: ${reason}`.slice(0, 500) };
    }
    if (typeof answer.sid !== 'string' || answer.sid === '') {
      return { ok: false, error: 'The SMS provider answered without a message id' };
    }
    const status = (typeof answer.status === 'string' ? deliveryStatusOf(answer.status) : null) ?? 'queued';
    if (status === 'failed' || status === 'undelivered') {
      return { ok: false, error: `The SMS provider could not send the message (${String(answer.status)})` };
    }
    return { ok: true, providerMessageId: answer.sid, status };
  }

  return { name: 'twilio', send };
}
