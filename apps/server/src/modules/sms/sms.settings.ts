import { normalizePhoneNumber, SMS_MESSAGES } from '@app/domain/sms/sms.rules';
import type { SmsProviderSettings, SmsProviderUpdate } from '@app/domain/sms/sms.schema';
import { validationError } from '../../http/errors';
import { companyUpdatedEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as store from './sms-store.repository';
import { AUTH_TOKEN_PURPOSE, type SmsCore } from './sms.core';

// The company's SMS provider (GET/PUT company/my/sms-provider, admins and managers). The auth token is
// sealed before it is stored and never answered: the page learns only whether one is stored. Twilio needs
// an account SID, a sender number and a token (the stored one is kept when none is given). A save
// publishes update_company, so that colleagues' open settings pages show it.

export function createSmsSettings(core: SmsCore) {
  const { db, deps, unit } = core;

  async function read(companyId: number): Promise<SmsProviderSettings> {
    const [row, company] = await Promise.all([
      store.providerSettings(db, companyId),
      store.companyName(db, companyId),
    ]);
    return {
      provider: row?.provider ?? 'local',
      account_sid: row?.account_sid ?? null,
      sender_number: row?.sender_number ?? null,
      has_auth_token: Boolean(row?.auth_token_sealed),
      webhook_url: company ? core.webhookUrl(company.company_hash, 'inbound') : null,
    };
  }

  return {
    settings: (caller: CompanyCaller) => read(caller.companyId),

    async update(caller: CompanyCaller, body: SmsProviderUpdate): Promise<SmsProviderSettings> {
      const current = await store.providerSettings(db, caller.companyId);
      const accountSid = body.account_sid !== undefined ? body.account_sid : (current?.account_sid ?? null);
      const sender =
        body.sender_number !== undefined
          ? body.sender_number === null
            ? null
            : normalizePhoneNumber(body.sender_number)
          : (current?.sender_number ?? null);
      const token = body.auth_token?.trim() ? body.auth_token.trim() : null;
      const sealed = token
        ? deps.secretBox.seal(token, AUTH_TOKEN_PURPOSE)
        : (current?.auth_token_sealed ?? null);
      if (body.provider === 'twilio') {
        const fields: Record<string, string[]> = {};
        if (!accountSid) fields.account_sid = [SMS_MESSAGES.providerAccountRequired];
        if (!sender) fields.sender_number = [SMS_MESSAGES.providerSenderRequired];
        if (!sealed) fields.auth_token = [SMS_MESSAGES.providerTokenRequired];
        if (Object.keys(fields).length > 0) throw validationError(fields);
      }
      await store.saveProviderSettings(db, {
        company_id: caller.companyId,
        provider: body.provider,
        account_sid: accountSid,
        sender_number: sender,
        auth_token_sealed: sealed,
        updated_by: caller.userId,
        updated_at: deps.now(),
      });
      await unit.publish([companyUpdatedEvent(caller.companyId)]);
      return read(caller.companyId);
    },
  };
}
