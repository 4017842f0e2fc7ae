import {
  EMAIL_POSTING_MESSAGES,
  type EmailPosting,
  type EmailPostingCompletion,
  type EmailPostingList,
  type EmailPostingReceipt,
  type EmailPostingValues,
} from '@app/domain/loadboard/email-postings.schema';
import { intakePostingSchema } from '@app/domain/loadboard/intake.schema';
import {
  readPostingEmail,
  type PostingEmailField,
  type UnreadField,
} from '@app/domain/loadboard/posting-email.rules';
import { FIELD_REQUIRED_MESSAGE } from '@app/domain/common/text-fields';
import type { z } from 'zod';
import type { PaginationQuery } from '@app/domain/common/pagination';
import { createUnitOfWork, type ErrorLog, type Trx } from '../../db/unit-of-work';
import type { Db } from '../../db/types';
import { notFound, refuse, validationError } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent } from '../../realtime/events';
import type { CompanyCaller } from '../auth/caller';
import type { BrokersService } from '../brokers/brokers.service';
import type { GeoService } from '../geo/geo.service';
import { senderOf, type MailSender } from './email-posting-sender';
import {
  intakePostingOf,
  locateReading,
  sortUnread,
  unreadOfIssues,
  type PostingSender,
} from './email-posting-values';
import * as repository from './email-postings.repository';
import type { IntakeService } from './intake.service';

// E-mailed load postings: the load board's intake for broker e-mails.
//   receive(companyId, mail)   the SMTP receiver (modules/email) and POST loadboard/intake/email hand a mail
//                              over; it is read (domain posting-email.rules.ts), its places located in the
//                              gazetteer, and kept in email_postings in one unit of work with what follows:
//     - read enough (pick-up and delivery places, pick-up date, vehicle type) and accepted by the intake's
//       own check: posted through the intake (broker by MC number, else by the name the mail gives, else
//       the company's broker at the sender's domain, else one named after the domain is added), state
//       'posted' with its board load and whatever it could not read; update_loadboard as the intake does;
//     - otherwise 'needs_review' with what it could not read; update_email_postings to the board's roles.
//     A mail received again (the same Message-ID) is kept once and answers what was done the first time.
//   list / dismiss / post        the dispatcher's review list: the fields a dispatcher fills in replace
//                                what was read, and the posting goes through the intake like any other.

export type EmailPostingService = ReturnType<typeof createEmailPostingService>;

/** A received mail as the SMTP receiver or the route hands it over. */
export type ReceivedMail = {
  from: MailSender;
  subject: string | null;
  text: string | null;
  html: string | null;
  messageId: string | null;
  /** The Date header: the broker wrote '11/27' or 'tomorrow' then. Null when the mail has none. */
  sentAt?: Date | null;
  receivedAt: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the mail's dates are read from: when it was written, unless that claims to be in the future. */
const readingTime = (mail: ReceivedMail) =>
  mail.sentAt && mail.sentAt.getTime() <= mail.receivedAt.getTime() + DAY_MS ? mail.sentAt : mail.receivedAt;

export type EmailPostingDeps = {
  db: Db;
  bus: EventBus;
  now: () => Date;
  intake: Pick<IntakeService, 'intakeWithin'>;
  brokers: Pick<BrokersService, 'brokerOfEmailDomain'>;
  geo: Pick<GeoService, 'lookupAddress'>;
  log?: ErrorLog;
};

const TEXT_KEPT = 20_000;

function toEmailPosting(row: repository.EmailPostingRow): EmailPosting {
  return {
    id: row.id,
    from_address: row.from_address,
    from_name: row.from_name,
    subject: row.subject,
    text: row.text,
    received_at: row.received_at.toISOString(),
    state: row.state,
    load_id: row.load_id,
    read: row.read_fields,
    unread_fields: row.unread_fields,
  };
}

const receiptOf = (row: repository.EmailPostingRow): EmailPostingReceipt => ({
  id: row.id,
  state: row.state,
  load_id: row.load_id,
  unread_fields: row.unread_fields,
});

export function createEmailPostingService(deps: EmailPostingDeps) {
  const { db, now, intake, brokers, geo } = deps;
  const unit = createUnitOfWork(deps);
  const lookup = (query: string) => geo.lookupAddress({ query, limit: 1 }).results[0] ?? null;
  const reviewEvent = (companyId: number, id: number) =>
    companyEvent('update_email_postings', companyId, { ids: [id] });

  /** The broker name a mail is posted under when it names none (see the top of the file). */
  async function postingSender(trx: Trx, companyId: number, from: MailSender): Promise<PostingSender> {
    const sender = senderOf(from);
    const known = sender.domain
      ? await brokers.brokerOfEmailDomain(trx, companyId, sender.domain)
      : undefined;
    return {
      address: sender.address,
      name: sender.name,
      brokerName: known?.name ?? sender.fallbackBrokerName,
    };
  }

  /** Posts the values through the intake when they make a posting the intake accepts. */
  async function tryPosting(
    trx: Trx,
    companyId: number,
    values: EmailPostingValues,
    sender: PostingSender,
    at: Date,
  ): Promise<{ loadId: number; events: RealtimeEvent[] } | { issues: UnreadField[] } | null> {
    const posting = intakePostingOf(values, sender);
    if (posting === null) return null;
    const parsed = intakePostingSchema.safeParse(posting);
    if (!parsed.success) return { issues: unreadOfIssues(parsed.error.issues, values) };
    const { result, events } = await intake.intakeWithin(trx, companyId, parsed.data, at);
    return { loadId: result.id, events };
  }

  /** The review list's mail of the caller's company, locked; 404 for another's, 409 once it is settled. */
  async function lockReviewable(trx: Trx, caller: CompanyCaller, id: number) {
    const row = await repository.lockEmailPosting(trx, caller.companyId, id);
    if (!row) throw notFound();
    if (row.state !== 'needs_review') {
      throw refuse('email_posting_not_reviewable', EMAIL_POSTING_MESSAGES.notReviewable);
    }
    return row;
  }

  return {
    async receive(companyId: number, mail: ReceivedMail): Promise<EmailPostingReceipt> {
      const at = now();
      const reading = readPostingEmail(mail, readingTime(mail));
      const { values, unread } = locateReading(reading, lookup);
      const sender = senderOf(mail.from);
      return unit.run(async (trx, outbox) => {
        if (mail.messageId) {
          await repository.lockMessageId(trx, companyId, mail.messageId);
          const known = await repository.findByMessageId(trx, companyId, mail.messageId);
          if (known) return receiptOf(known);
        }
        const posted = await tryPosting(
          trx,
          companyId,
          values,
          await postingSender(trx, companyId, mail.from),
          at,
        );
        const loadId = posted && 'loadId' in posted ? posted.loadId : null;
        const row = await repository.insertEmailPosting(trx, {
          company_id: companyId,
          from_address: sender.address,
          from_name: sender.name,
          subject: (mail.subject ?? '').slice(0, 1000),
          text: (mail.text?.trim() ? mail.text : (mail.html ?? '')).slice(0, TEXT_KEPT),
          message_id: mail.messageId,
          received_at: mail.receivedAt,
          state: loadId === null ? 'needs_review' : 'posted',
          load_id: loadId,
          read_fields: JSON.stringify(values),
          unread_fields: JSON.stringify(
            sortUnread([...unread, ...(posted && 'issues' in posted ? posted.issues : [])]),
          ),
          created_at: at,
          updated_at: at,
        });
        if (posted && 'events' in posted) outbox.push(...posted.events);
        else outbox.push(reviewEvent(companyId, row.id));
        return receiptOf(row);
      });
    },

    /** GET loadboard/email-postings: the caller's company's mails waiting for review, newest first. */
    async list(caller: CompanyCaller, page: PaginationQuery): Promise<EmailPostingList> {
      const { count, rows } = await repository.findPage(db, caller.companyId, 'needs_review', page);
      return { count, results: rows.map(toEmailPosting) };
    },

    /** PUT loadboard/email-postings/{id}/dismiss: set aside; it leaves the review list. */
    async dismiss(caller: CompanyCaller, id: number): Promise<EmailPosting> {
      return unit.run(async (trx, outbox) => {
        await lockReviewable(trx, caller, id);
        const row = await repository.updateEmailPosting(trx, caller.companyId, id, {
          state: 'dismissed',
          updated_at: now(),
        });
        outbox.push(reviewEvent(caller.companyId, id));
        return toEmailPosting(row);
      });
    },

    /**
     * POST loadboard/email-postings/{id}/post: the dispatcher's fields replace what was read and the posting
     * goes through the intake; a posting still incomplete or refused answers 400 naming the fields.
     */
    async post(caller: CompanyCaller, id: number, body: EmailPostingCompletion): Promise<EmailPosting> {
      const at = now();
      return unit.run(async (trx, outbox) => {
        const row = await lockReviewable(trx, caller, id);
        const values = completedValues(row.read_fields, body);
        const sender = await postingSender(trx, caller.companyId, {
          address: row.from_address,
          name: row.from_name,
        });
        const posting = intakePostingOf(values, sender);
        if (posting === null) {
          throw validationError(
            Object.fromEntries(missingRequired(values).map((field) => [field, [FIELD_REQUIRED_MESSAGE]])),
          );
        }
        const parsed = intakePostingSchema.safeParse(posting);
        if (!parsed.success) throw validationError(fieldsOfIssues(parsed.error.issues, values));
        const posted = await intake.intakeWithin(trx, caller.companyId, parsed.data, at);
        const filled = new Set(
          Object.keys(body).filter((key) => body[key as keyof EmailPostingCompletion] != null),
        );
        const updated = await repository.updateEmailPosting(trx, caller.companyId, id, {
          state: 'posted',
          load_id: posted.result.id,
          read_fields: JSON.stringify(values),
          unread_fields: JSON.stringify(row.unread_fields.filter((field) => !filled.has(field.field))),
          updated_at: at,
        });
        outbox.push(...posted.events, reviewEvent(caller.companyId, id));
        return toEmailPosting(updated);
      });
    },
  };
}

/** The values read, with the dispatcher's fields in their place. */
function completedValues(read: EmailPostingValues, body: EmailPostingCompletion): EmailPostingValues {
  const place = (given: EmailPostingCompletion['pick_up']) =>
    given ? { ...given, zip_code: given.zip_code ?? null, country: given.country } : undefined;
  return {
    ...read,
    pick_up: place(body.pick_up) ?? read.pick_up,
    deliver_to: place(body.deliver_to) ?? read.deliver_to,
    pick_up_date: body.pick_up_date ?? read.pick_up_date,
    delivery_date: body.delivery_date ?? read.delivery_date,
    car: body.car ?? read.car,
    pays_cents: body.pays ?? read.pays_cents,
    weight: body.weight ?? read.weight,
    pieces: body.pieces ?? read.pieces,
    reference: body.reference ?? read.reference,
    broker_name: body.broker_name ?? read.broker_name,
  };
}

/** The fields a posting still lacks to go on the board. */
function missingRequired(values: EmailPostingValues): PostingEmailField[] {
  const missing: PostingEmailField[] = [];
  if (values.pick_up?.lat == null) missing.push('pick_up');
  if (values.pick_up_date === null) missing.push('pick_up_date');
  if (values.deliver_to?.lat == null) missing.push('deliver_to');
  if (values.car === null) missing.push('car');
  return missing;
}

/** The intake's refusal of a completed posting, by the fields of the review form, with its messages. */
function fieldsOfIssues(
  issues: readonly z.core.$ZodIssue[],
  values: EmailPostingValues,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  unreadOfIssues(issues, values).forEach((unread, index) => {
    (fields[unread.field] ??= []).push(issues[index]!.message);
  });
  return fields;
}
