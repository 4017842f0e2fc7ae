import { randomUUID } from 'node:crypto';
import {
  isTransientNotificationType,
  ROLE_IDS,
  type Lang,
  type NotificationTypeId,
  type RoleId,
} from '@app/domain/common/lookups';
import { pageOffset, type ListResponse } from '@app/domain/common/pagination';
import { replacementKey } from '@app/domain/notifications/notifications.rules';
import type { Notification } from '@app/domain/notifications/notifications.schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { userEvent } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import { mergeNewestFirst, type NoticeSource } from './notice-source';
import { createNotices } from './notification-notices';
import {
  fromRow,
  noticeText,
  toNotification,
  type NoticeText,
  type NotificationActor,
  type NotificationDetails,
} from './notification-shape';
import * as repository from './notifications.repository';

// Notifications: what the right-hand panel lists for each user, created by the services that own the
// change, inside their transaction, and published (new_notice) after it commits.
//
// Who gets which (the user who caused it is never notified of their own action; fired users never; a
// recipient must hold a role that may open what it links to, see `roles`):
//   load status (100, transient)  modules/loads: a status move (next, prev, TONU, cancel, restore) -> the
//                                  load's dispatcher, the lead of its team (working group), the lead and
//                                  the members of its subgroup (the working group's members when the load
//                                  has no subgroup); only roles that see the load's new list.
//   rate notice (8)                modules/loads: change price, TONU, cancel, completed-load edit, when the
//                                  broker or driver price changes -> the load's dispatcher, the team lead
//                                  and the subgroup lead (who answer for the load's money); only roles
//                                  that see the load's list.
//   load info (4)                  (later) load board and e-mail intake: a load assigned to a dispatcher
//                                  -> that dispatcher. modules/loadboard (intake.no-posting.ts): a broker
//                                  with notify_no_posting posted nothing for a day -> the company's
//                                  dispatchers who see the load board.
//   bid info (3)                   (later) modules/bids: a driver's bid on a load board load, or the
//                                  broker's answer to a dispatcher's bid -> the load's dispatcher.
//   tracking info (5, 6)           modules/tracking: a tracked vehicle (on, or its pause is over) sends no
//                                  location for TRACKING_SILENCE_LIMIT_MS (5, "stopped reporting"), then
//                                  reports again (6) -> the vehicle's dispatcher and the company's trackers
//                                  (role 6). Managers are not told of every truck: watching the fleet is
//                                  the trackers' and dispatchers' work, and a manager would get one per
//                                  vehicle of the company. Only when the vehicle has no dispatcher and the
//                                  company no tracker do its managers (role 4) get it, so that it reaches
//                                  someone. Only roles that see the vehicles page, where the notice leads.
//   damage notice (9)              modules/loads/damage-reports: a damage report on a load -> the load's
//                                  dispatcher, the team lead and the subgroup lead (as a rate notice), and
//                                  the company's managers (role 4); only roles that see the load's list.
//   group chat (1), notes (7)      modules/chats (chat-notices.ts): a message or a load note -> the
//                                  chat's members except the sender (a load's chats start with its
//                                  dispatcher and team lead; whoever writes joins); only group chat roles.
//                                  Not stored here: read from the chat (a NoticeSource, below).
//   sms chat (2), owner sms (11)   (later) an SMS from a driver or owner -> the chat's responsible
//                                  dispatcher and members.
//   e-mail (10)                    (later) an e-mail into a bid or load chain -> the bid's or load's
//                                  dispatcher.
// Later areas call `notify` (or `notifyNow`) with the recipients they resolve, and `readByKeys` when a
// chat is marked read.
//
// Storage: types 2 to 11 are stored, one row per recipient, until read. A group chat's notice (1, 7) is
// its newest message, unread by the member and not dismissed, read from the chat when listed: the chats
// module's NoticeSource (notice-source.ts), whose ids are 'chat-<id>'; `list` merges it with the stored.
// A new one of the kinds the domain replaces (sms, owner sms, rate, damage, e-mail: replacementKey) takes
// the place of the recipient's unread older one for the same chat or load (keeping its id; lists order by
// time); a unique index keeps it one even when several write at once. Types from 100 up (load status)
// are transient: never stored, sent once over the socket with an id 't-<uuid>' so that every tab of the
// user shows and dismisses the same one; the client drops them after 30 seconds; set-read with such an id
// only tells the user's other sockets. A client that was offline does not get them back: its load lists
// refetch on reconnect anyway.
//
// Texts (label, content) are written in the recipient's language (users.lang).

/** The kinds GET notifications/urgent answers: tracking, rate and damage notices, which need action. */
export const URGENT_NOTIFICATION_TYPES: readonly NotificationTypeId[] = [5, 6, 8, 9];
/** notifications/urgent answers at most this many, newest first. */
export const URGENT_LIMIT = 100;

/** Ids of transient notifications: 't-' and a UUID. */
const TRANSIENT_ID = /^t-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STORED_ID = /^[1-9][0-9]{0,17}$/;

export type NotifyInput = {
  companyId: number;
  /** Who should know; the service drops the actor, fired users, users of other companies, doubles. */
  userIds: readonly number[];
  type: NotificationTypeId;
  /** The texts, or functions of the recipient's language and the load (as it is after the change). */
  label: string | NoticeText;
  content: string | NoticeText;
  loadId?: number | null;
  /** A user of the company (their name and avatar are copied), or a snapshot (a driver, an owner). */
  actor?: { userId: number } | NotificationActor | null;
  details?: NotificationDetails | ((load: repository.NoticeLoad | null) => NotificationDetails);
  /** Only recipients with one of these roles (a superuser has every role). */
  roles?: readonly RoleId[];
};

/** The team of a load, as the loads service knows it. */
export type LoadTeam = {
  id: number;
  dispatcher_id: number | null;
  working_group_id: number | null;
  subgroup_id: number | null;
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The users `roles` lets in (isAllowed, as a caller of the recipient's role), as a filter of the
 * recipients' query: the roles allowed, and whether a superuser (who has every role) is.
 */
function allowedRecipients(roles: readonly RoleId[] | undefined): repository.RecipientRoles {
  if (roles === undefined) return null;
  const as = (role: RoleId | null, isSuperuser: boolean) =>
    isAllowed({ userId: 0, companyId: 0, role, isSuperuser, familyId: '' }, roles);
  return {
    roles: ROLE_IDS.filter((role) => as(role, false)),
    superusers: as(null, true) && ROLE_IDS.every((role) => as(role, true)),
  };
}

export function createNotificationsService(deps: {
  db: Db;
  bus: EventBus;
  now: () => Date;
  log?: ErrorLog;
  /** Notices kept by other modules, listed beside the stored ones (notice-source.ts). */
  sources?: readonly NoticeSource[];
}) {
  const { db, now, sources = [] } = deps;
  const unit = createUnitOfWork(deps);
  const { publish } = unit;

  async function resolveActor(
    trx: Db,
    companyId: number,
    actor: NotifyInput['actor'],
  ): Promise<NotificationActor | null> {
    if (!actor) return null;
    if (!('userId' in actor)) return actor;
    const user = await repository.findUserName(trx, companyId, actor.userId);
    if (!user) return null;
    return {
      first_name: user.first_name,
      last_name: user.last_name,
      avatar: user.avatar,
      responsible_dispatcher: null,
    };
  }

  /**
   * Creates the notifications of one change inside the caller's transaction `trx` and answers the
   * new_notice events to publish after it commits (one per recipient, to that user's sockets only).
   */
  async function notify(trx: Db, input: NotifyInput): Promise<RealtimeEvent[]> {
    const actorUserId = input.actor && 'userId' in input.actor ? input.actor.userId : null;
    const wanted = [...new Set(input.userIds)].filter((id) => id !== actorUserId);
    if (wanted.length === 0) return [];
    const allowed = allowedRecipients(input.roles);
    const transient = isTransientNotificationType(input.type);
    // A transient notice reads its load and actor only when someone is to be told.
    const recipients = transient
      ? await repository.findRecipients(trx, input.companyId, wanted, allowed)
      : [];
    if (transient && recipients.length === 0) return [];

    const at = now();
    const load =
      input.loadId === undefined || input.loadId === null
        ? null
        : ((await repository.findLoad(trx, input.companyId, input.loadId)) ?? null);
    const actor = await resolveActor(trx, input.companyId, input.actor);
    const details = (typeof input.details === 'function' ? input.details(load) : input.details) ?? {};
    const rowOf = (lang: Lang) => ({
      type_id: input.type,
      label: noticeText(input.label, lang, load),
      content: noticeText(input.content, lang, load),
      details,
      actor,
      created_at: at,
    });
    const notice = (userId: number, row: ReturnType<typeof rowOf>, id: number | string) =>
      userEvent('new_notice', input.companyId, [userId], toNotification(row, load, id));

    if (transient) return recipients.map((user) => notice(user.id, rowOf(user.lang), `t-${randomUUID()}`));

    // Stored: the recipients chosen and theirs added, or put in place of the unread ones they replace, in
    // one statement.
    const rows: Record<Lang, ReturnType<typeof rowOf>> = { en: rowOf('en'), ru: rowOf('ru') };
    const inserted = await repository.insertForRecipients(trx, {
      companyId: input.companyId,
      userIds: wanted,
      allowed,
      replacementKey: replacementKey(toNotification(rows.en, load, 0)),
      texts: {
        en: { label: rows.en.label, content: rows.en.content },
        ru: { label: rows.ru.label, content: rows.ru.content },
      },
      row: {
        type_id: input.type,
        load_id: load?.id ?? null,
        details: JSON.stringify(details),
        actor: actor === null ? null : JSON.stringify(actor),
        created_at: at,
      },
    });
    return inserted.map((row) =>
      notice(row.user_id, { ...rows[row.lang], created_at: row.created_at }, row.id),
    );
  }

  /** The people of the load's team (see the table at the top): with the members, or the leads only. */
  async function loadTeam(trx: Db, companyId: number, load: LoadTeam, withMembers: boolean) {
    return repository.findLoadTeam(trx, companyId, {
      dispatcherId: load.dispatcher_id,
      workingGroupId: load.working_group_id,
      subgroupId: load.subgroup_id,
      withMembers,
    });
  }

  return {
    notify,
    ...createNotices({ notify, loadTeam }),

    /**
     * Publishes the events a change answered (new_notice, read_notice...), once its transaction has
     * committed; a bus that fails is logged, never turned into an error of the committed change.
     */
    publish,

    /** notify in a transaction of its own, published when it commits: for changes outside a transaction. */
    async notifyNow(input: NotifyInput): Promise<void> {
      await unit.run(async (trx, outbox) => {
        outbox.push(...(await notify(trx, input)));
      });
    },

    /**
     * Marks read the users' unread notifications of these chats or loads (replacement keys such as
     * '1:<group chat id>', '2:<sms chat id>'), e.g. when a chat is marked read; answers the read_notice
     * events to publish after commit.
     */
    async readByKeys(
      trx: Db,
      input: { companyId: number; userIds: readonly number[]; keys: readonly string[] },
    ): Promise<RealtimeEvent[]> {
      const read = await repository.markReadByKeys(
        trx,
        { companyId: input.companyId, userIds: input.userIds },
        input.keys,
        now(),
      );
      return read.map((row) => userEvent('read_notice', input.companyId, [row.user_id], { id: row.id }));
    },

    /**
     * GET notifications: the caller's unread notifications, stored and kept by the sources, newest first.
     * A page of the merged list takes the newest up to its end from each, then its own part.
     */
    async list(
      caller: CompanyCaller,
      query: { page: number; limit: number },
    ): Promise<ListResponse<Notification>> {
      const scope = { companyId: caller.companyId, userId: caller.userId };
      const offset = pageOffset(query);
      const end = offset + query.limit;
      const [count, rows, ...kept] = await Promise.all([
        repository.countUnread(db, scope),
        repository.findUnreadPage(db, scope, { limit: end, offset: 0 }),
        ...sources.map((source) => source.unread(caller, end)),
      ]);
      return {
        count: kept.reduce((sum, source) => sum + source.count, count),
        results: mergeNewestFirst([rows.map(fromRow), ...kept.map((source) => source.newest)]).slice(
          offset,
          end,
        ),
      };
    },

    /**
     * GET notifications/urgent: the caller's unread tracking, rate and damage notices, newest first (at
     * most 100). The client asks once after it starts, so these show even when they are older than the
     * first page of GET notifications.
     */
    async urgent(caller: CompanyCaller): Promise<ListResponse<Notification>> {
      const scope = {
        companyId: caller.companyId,
        userId: caller.userId,
        typeIds: URGENT_NOTIFICATION_TYPES,
      };
      const [count, rows] = await Promise.all([
        repository.countUnread(db, scope),
        repository.findUnreadPage(db, scope, { limit: URGENT_LIMIT, offset: 0 }),
      ]);
      return { count, results: rows.map(fromRow) };
    },

    /**
     * PUT notifications/{id}/set-read: the caller's notification is read, and their other sockets are told
     * (read_notice). Reading one that is already read changes nothing; another user's is 404. A transient
     * id is only passed on to the caller's sockets.
     */
    async setRead(caller: CompanyCaller, id: string): Promise<void> {
      const readNotice = (noticeId: number | string) =>
        userEvent('read_notice', caller.companyId, [caller.userId], { id: noticeId });
      if (TRANSIENT_ID.test(id)) {
        await publish([readNotice(id)]);
        return;
      }
      const source = sources.find((candidate) => candidate.owns(id));
      if (source) {
        const outcome = await source.dismiss(caller, id);
        if (outcome === 'missing') throw notFound();
        if (outcome === 'read') await publish([readNotice(id)]);
        return;
      }
      if (!STORED_ID.test(id)) throw notFound();
      const numericId = Number(id);
      if (!Number.isSafeInteger(numericId)) throw notFound();
      const outcome = await repository.markRead(
        db,
        { companyId: caller.companyId, userId: caller.userId },
        numericId,
        now(),
      );
      if (outcome === 'missing') throw notFound();
      if (outcome === 'read') await publish([readNotice(numericId)]);
    },
  };
}
