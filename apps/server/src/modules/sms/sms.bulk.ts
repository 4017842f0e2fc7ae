import { normalizePhoneNumber, SMS_MESSAGES } from '@app/domain/sms/sms.rules';
import type { SmsBulkFailure, SmsBulkProgress, SmsBulkSending } from '@app/domain/sms/sms.schema';
import type { Row } from '../../db/types';
import { notFound, refuse } from '../../http/errors';
import { userEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import * as people from './sms-people.repository';
import * as store from './sms-store.repository';
import * as repository from './sms.repository';
import type { SmsCore } from './sms.core';

// Bulk sending: one text to the drivers or owners chosen, to every driver of a team's units, or to every
// driver of the units in a state. The request is answered at once (202) with the sending's id and its
// count; the messages are then stored and handed to the provider in the background, a batch at a time,
// each in its own chat (made when the person has none). Each batch adds to the counts, tells the sender
// (sms_bulk_progress) and everyone with SMS access (sms_chat_message). A recipient without a usable
// number fails at once; a refusal of the provider fails that recipient only.

const BATCH_SIZE = 100;

const nameOf = (recipient: people.Recipient) => `${recipient.first_name} ${recipient.last_name}`.trim();

function toProgress(row: Row<'sms_bulk_sendings'>): SmsBulkProgress {
  return {
    id: row.id,
    state: row.state,
    requested: row.requested,
    sent: row.sent,
    failed: row.failed,
    failures: row.failures,
    created_date: row.created_at.toISOString(),
    finished_date: row.finished_at?.toISOString() ?? null,
  };
}

export function createSmsBulk(
  core: SmsCore,
  deliver: (
    companyId: number,
    messages: readonly repository.MessageRow[],
    tokens: Map<number, string | null>,
  ) => Promise<{ id: number; status: string; error: string | null }[]>,
) {
  const { db, unit, deps } = core;
  const running = new Set<Promise<void>>();

  async function recipientsOf(caller: CompanyCaller, body: SmsBulkSending): Promise<people.Recipient[]> {
    if (body.driver_ids) return people.driversByIds(db, caller.companyId, [...new Set(body.driver_ids)]);
    if (body.owner_ids) return people.ownersByIds(db, caller.companyId, [...new Set(body.owner_ids)]);
    if (body.team_id !== undefined) {
      if (!(await people.teamExists(db, caller.companyId, body.team_id))) {
        throw refuse('sms_team_not_found', 'Team not found', { team_id: ['Team not found'] });
      }
      return people.driversOfUnits(db, caller.companyId, { teamId: body.team_id });
    }
    return people.driversOfUnits(db, caller.companyId, { state: body.state! });
  }

  async function sendBatch(
    caller: CompanyCaller,
    bulkId: number,
    content: string,
    batch: readonly (people.Recipient & { phone: string })[],
    last: boolean,
  ) {
    const messages = await unit.run(async (trx) => {
      const chatIds = await people.ensureChats(
        trx,
        caller.companyId,
        batch.map((r) => ({ driver_id: r.driver_id, owner_id: r.owner_id, phone_number: r.phone })),
      );
      return repository.insertMessages(
        trx,
        chatIds.map((chatId) => ({
          company_id: caller.companyId,
          chat_id: chatId,
          direction: 'out' as const,
          user_from: caller.userId,
          content,
          delivery_status: 'queued' as const,
          bulk_id: bulkId,
          created_at: deps.now(),
        })),
      );
    });
    const results = await deliver(caller.companyId, messages, new Map());
    const failures: SmsBulkFailure[] = [];
    results.forEach((result, index) => {
      if (result.status !== 'failed') return;
      const recipient = batch[index]!;
      failures.push({
        driver_id: recipient.driver_id,
        owner_id: recipient.owner_id,
        full_name: nameOf(recipient),
        phone_number: recipient.phone,
        reason: result.error ?? 'Not sent',
      });
    });
    const row = await store.addBulkProgress(
      db,
      caller.companyId,
      bulkId,
      results.length - failures.length,
      failures,
      last ? deps.now() : null,
    );
    await unit.publish([
      ...(await core.messageEvents(db, caller.companyId, messages)),
      userEvent('sms_bulk_progress', caller.companyId, [caller.userId], toProgress(row)),
    ]);
  }

  async function run(
    caller: CompanyCaller,
    bulkId: number,
    content: string,
    batches: (people.Recipient & { phone: string })[][],
  ) {
    for (let index = 0; index < batches.length; index += 1) {
      try {
        await sendBatch(caller, bulkId, content, batches[index]!, index === batches.length - 1);
      } catch (error) {
        deps.log?.error({ err: error, bulkId }, 'SMS bulk sending batch failed');
        const failures = batches[index]!.map((recipient) => ({
          driver_id: recipient.driver_id,
          owner_id: recipient.owner_id,
          full_name: nameOf(recipient),
          phone_number: recipient.phone,
          reason: 'Not sent: the server met an error',
        }));
        await store
          .addBulkProgress(
            db,
            caller.companyId,
            bulkId,
            0,
            failures,
            index === batches.length - 1 ? deps.now() : null,
          )
          .catch(() => undefined);
      }
    }
  }

  return {
    /** Accepts the sending: answers its progress at once and sends in the background. */
    async start(caller: CompanyCaller, body: SmsBulkSending): Promise<SmsBulkProgress> {
      const recipients = await recipientsOf(caller, body);
      if (recipients.length === 0) {
        throw refuse('sms_no_recipients', SMS_MESSAGES.bulkNoRecipients);
      }
      const reachable: (people.Recipient & { phone: string })[] = [];
      const unreachable: SmsBulkFailure[] = [];
      for (const recipient of recipients) {
        const phone = normalizePhoneNumber(recipient.phone_number);
        if (phone) reachable.push({ ...recipient, phone });
        else
          unreachable.push({
            driver_id: recipient.driver_id,
            owner_id: recipient.owner_id,
            full_name: nameOf(recipient),
            phone_number: recipient.phone_number,
            reason: SMS_MESSAGES.noPhoneNumber,
          });
      }
      const at = deps.now();
      const row = await store.insertBulk(db, {
        company_id: caller.companyId,
        created_by: caller.userId,
        content: body.content,
        requested: recipients.length,
        failed: unreachable.length,
        failures: JSON.stringify(unreachable),
        created_at: at,
        ...(reachable.length === 0 ? { state: 'done' as const, finished_at: at } : {}),
      });
      if (reachable.length > 0) {
        const batches: (people.Recipient & { phone: string })[][] = [];
        for (let start = 0; start < reachable.length; start += BATCH_SIZE) {
          batches.push(reachable.slice(start, start + BATCH_SIZE));
        }
        const work = run(caller, row.id, body.content, batches).finally(() => running.delete(work));
        running.add(work);
      }
      return toProgress(row);
    },

    async progress(caller: CompanyCaller, bulkId: number): Promise<SmsBulkProgress> {
      const row = await store.findBulk(db, caller.companyId, bulkId);
      if (!row) throw notFound();
      return toProgress(row);
    },

    /** Waits for the sendings under way (the app waits for them before it closes). */
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
