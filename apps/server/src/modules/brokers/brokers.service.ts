import { BROKER_CHECK_ROLES, BROKER_MESSAGES, normalizeMcNumber } from '@app/domain/brokers/brokers.rules';
import type {
  BlacklistUpdate,
  BrokerCompany,
  BrokerCompanyUpdate,
  BrokerListQuery,
  BrokerSearchQuery,
  CreditCheckUpdate,
  NonOtrBroker,
  NotifyNoPosting,
  OtrBrokerCreate,
  RatingHistoryEntry,
  RatingQueueQuery,
  RatingUpdate,
} from '@app/domain/brokers/brokers.schema';
import { pageOffset, type ListResponse, type PaginationQuery } from '@app/domain/common/pagination';
import type { Transaction, Updateable } from 'kysely';
import type { BrokerCompaniesTable, Database } from '../../db/schema';
import type { Db } from '../../db/types';
import { createUnitOfWork, type ErrorLog } from '../../db/unit-of-work';
import { notFound, refuse, type HttpError } from '../../http/errors';
import type { EventBus, RealtimeEvent } from '../../realtime/event-bus';
import { companyEvent, unitsEvents } from '../../realtime/events';
import { isAllowed, type CompanyCaller } from '../auth/caller';
import { createBrokerPostings } from './broker-postings';
import { toBrokerCompany, toRatingHistoryEntry } from './broker-response';
import * as repository from './brokers.repository';

// Broker companies: OTR brokers (known by their MC number) and non-OTR companies (shippers and others the
// carrier bills directly), the pickers' search, the credit check, the rating with its history and queue,
// and the blacklist.
//
// Who may do what (the spec names the pages' roles only; the rest is ours):
//   partners page (menu 'partners': 3 Admin, 4 Manager, 5 Dispatcher, 7 Accountant)
//       create and edit broker companies, notify_no_posting; the conflict manager may edit them too, to
//       correct what the check finds (a wrong MC or DOT number).
//   deleting a non-OTR company: 3, 4, 7 — the company may be an accounting company of the books; a
//       dispatcher adds and edits, managers and accountants remove. A company any load names is kept (409).
//   the broker check (menu 'partnersBrokersCheck': 13 Conflict Manager) — credit check, rating, the
//       rating queue and putting on or taking off the blacklist — with managers and admins (3, 4), who
//       answer for the company's risk when no conflict manager is on duty.
//   looking brokers up (search, get-by-mc, the lists, the blacklist, a broker's rating history): every
//       role that sees or edits loads (3, 4, 5, 6 Tracker, 7) and the conflict manager: the load form's
//       broker pickers, the accounting broker picker and the blacklist marks need them.
//   asking for a rating (PUT brokers/rating/broker-company/{id}/request): the roles that work loads
//       (3, 4, 5, 6, 7), when a broker they are about to work with looks doubtful.
// A superuser may do everything within their company.
//
// The rating queue (GET brokers/rating/queue/active) holds the brokers whose rating was asked for
// (rating_requested_at set), the longest waiting first. A broker enters it when it is created as an OTR
// broker (a new broker is unknown until checked) or when someone asks for a rating; a non-OTR company
// enters it only when asked for. Rating it (PUT brokers/rating/broker-company/{id}/update) takes it out
// and writes the history: who rated, when, the rating before and after and why.
//
// The blacklist is the list GET brokers/broker-company/blacklist (the same as GET
// brokers/broker-company?in_blacklist=true) and its update PUT brokers/broker-company/blacklist/{id}/update
// {in_blacklist, blacklist_reason}; PUT brokers/broker-company/{id}/update takes the same two fields. A
// blacklisted broker's loads carry broker_company.in_blacklist on every load list (the loads module joins
// the broker), so they are marked wherever loads are listed.
//
// Events, after commit: update_loads { ids, action: 'broker_company' } (to the roles that see loads) with
// the broker's loads in the active and checkout lists, when its blacklist mark or its rating changes, so
// that open load lists refetch and show the new marks. Any other change (a broker created, edited, checked,
// rated or removed with no such loads) publishes update_units { kind: 'broker_company', ids: [broker] }
// (the product's own event) for the partners pages and pickers: one event or the other, never both.

export type BrokersService = ReturnType<typeof createBrokersService>;

type Trx = Transaction<Database>;

/** The lists of GET brokers/...: which brokers each shows whatever the query says. */
export type BrokerListKind = 'all' | 'otr' | 'non-otr' | 'blacklist';

const LIST_SCOPE: Record<BrokerListKind, repository.BrokerFilters> = {
  all: {},
  otr: { is_otr: true },
  'non-otr': { is_otr: false },
  blacklist: { in_blacklist: true },
};

/** The MC number a search text may be: its digits ('MC-0411' -> '411'), or null when it is not one. */
function mcDigitsOf(search: string | undefined): string | null {
  if (!search) return null;
  const digits = normalizeMcNumber(search);
  return /^\d+$/.test(digits) ? digits : null;
}

const PG_UNIQUE_VIOLATION = '23505';
const MC_UNIQUE_INDEX = 'broker_companies_company_mc_key';

function mcNumberConflict(): HttpError {
  return refuse('mc_number_taken', BROKER_MESSAGES.mcNumberTaken, {
    mc_number: [BROKER_MESSAGES.mcNumberTaken],
  });
}

/** The unique index's answer to two saves of one MC number at the same moment, as the checked 409. */
function isMcNumberRace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === PG_UNIQUE_VIOLATION && constraint === MC_UNIQUE_INDEX;
}

/** What the blacklist fields of an update set, given whether the broker is on the list now. */
function blacklistValues(
  update: { in_blacklist: boolean; blacklist_reason: string | null },
  wasListed: boolean,
  caller: CompanyCaller,
  at: Date,
): Updateable<BrokerCompaniesTable> {
  if (!update.in_blacklist) {
    return { in_blacklist: false, blacklist_reason: null, blacklisted_at: null, blacklisted_by: null };
  }
  // Already listed: only the reason changes; when and by whom it was listed stay.
  return wasListed
    ? { blacklist_reason: update.blacklist_reason }
    : {
        in_blacklist: true,
        blacklist_reason: update.blacklist_reason,
        blacklisted_at: at,
        blacklisted_by: caller.userId,
      };
}

export function createBrokersService(deps: { db: Db; bus: EventBus; now: () => Date; log?: ErrorLog }) {
  const { db, now } = deps;
  const unit = createUnitOfWork(deps);

  async function brokerById(companyId: number, id: number): Promise<BrokerCompany> {
    const row = await repository.findBroker(db, companyId, id);
    if (!row) throw notFound();
    return toBrokerCompany(row);
  }

  async function loadMarksEvents(trx: Trx, companyId: number, brokerId: number): Promise<RealtimeEvent[]> {
    const ids = await repository.findOpenLoadIds(trx, companyId, brokerId);
    return ids.length === 0
      ? []
      : [companyEvent('update_loads', companyId, { ids, action: 'broker_company' })];
  }

  /**
   * Runs a change in one transaction (MC number races answered as the checked 409), publishes its events
   * after commit and answers the broker as it is now.
   */
  async function change(
    caller: CompanyCaller,
    work: (trx: Trx) => Promise<{ id: number; events?: RealtimeEvent[]; unchanged?: boolean }>,
  ): Promise<BrokerCompany> {
    let id;
    try {
      id = await unit.run(async (trx, outbox) => {
        const outcome = await work(trx);
        const events = outcome.events ?? [];
        // An update_loads of the broker's loads tells its pages too; without one, update_units does.
        if (events.length > 0) outbox.push(...events);
        else if (!outcome.unchanged)
          outbox.push(...unitsEvents('broker_company', caller.companyId, [outcome.id]));
        return outcome.id;
      });
    } catch (error) {
      if (isMcNumberRace(error)) throw mcNumberConflict();
      throw error;
    }
    return brokerById(caller.companyId, id);
  }

  /** The broker of the caller's company, locked; 404 when there is none (or another company has it). */
  async function lock(trx: Trx, caller: CompanyCaller, id: number) {
    const broker = await repository.lockBroker(trx, caller.companyId, id);
    if (!broker) throw notFound();
    return broker;
  }

  async function checkMcFree(
    trx: Trx,
    caller: CompanyCaller,
    mcNumber: string | null,
    exceptId: number | null,
  ) {
    if (mcNumber !== null && (await repository.mcNumberTaken(trx, caller.companyId, mcNumber, exceptId))) {
      throw mcNumberConflict();
    }
  }

  /** A new broker company of the caller's; an OTR broker waits in the rating queue from the start. */
  function createBroker(
    caller: CompanyCaller,
    body: OtrBrokerCreate | NonOtrBroker,
    isOtr: boolean,
  ): Promise<BrokerCompany> {
    return change(caller, async (trx) => {
      await checkMcFree(trx, caller, body.mc_number, null);
      const at = now();
      const id = await repository.insertBroker(trx, {
        company_id: caller.companyId,
        ...body,
        is_otr: isOtr,
        ...(isOtr ? { rating_requested_at: at } : {}),
        created_at: at,
        updated_at: at,
      });
      return { id };
    });
  }

  return {
    /** A broker company of the company, as a load names it ({ id, name }); undefined when it has none. */
    brokerOfCompany: (trx: Db, companyId: number, id: number) =>
      repository.findBrokerName(trx, companyId, id),

    /** A broker company of the company in full (an invoice's bill-to); undefined when it has none. */
    brokerOfCompanyById: async (companyId: number, id: number): Promise<BrokerCompany | undefined> => {
      const row = await repository.findBroker(db, companyId, id);
      return row ? toBrokerCompany(row) : undefined;
    },

    /** Broker companies of the company by id, with name and MC number (the dashboard's rows); one query. */
    brokerNames: (companyId: number, ids: readonly number[]) =>
      repository.findBrokerNames(db, companyId, ids),

    ...createBrokerPostings(),

    /** GET brokers/all, otr-broker-company, non-otr-broker-company, broker-company and its blacklist. */
    async list(
      caller: CompanyCaller,
      kind: BrokerListKind,
      query: BrokerListQuery,
    ): Promise<ListResponse<BrokerCompany>> {
      const filters = { ...query, ...LIST_SCOPE[kind] };
      const { count, rows } = await repository.findBrokerPage(
        db,
        caller.companyId,
        filters,
        mcDigitsOf(query.search),
        { limit: query.limit, offset: pageOffset(query) },
      );
      return { count, results: rows.map(toBrokerCompany) };
    },

    /**
     * GET brokers/broker-company/search {name, in_blacklist}: at most `limit` brokers whose name holds the
     * text or whose MC number starts with it, the MC number typed in full first, then names starting
     * with the text; `count` says how many match in all. No text answers the first brokers by name.
     */
    async search(caller: CompanyCaller, query: BrokerSearchQuery): Promise<ListResponse<BrokerCompany>> {
      const { count, rows } = await repository.searchBrokers(
        db,
        caller.companyId,
        { search: query.name, in_blacklist: query.in_blacklist },
        mcDigitsOf(query.name),
        query.limit,
      );
      return { count, results: rows.map(toBrokerCompany) };
    },

    /** GET brokers/get-by-mc {mc_number}: the company's broker with this MC number, or 404. */
    async getByMc(caller: CompanyCaller, mcNumber: string): Promise<BrokerCompany> {
      const row = await repository.findBrokerByMc(db, caller.companyId, mcNumber);
      if (!row) throw notFound();
      return toBrokerCompany(row);
    },

    /** GET brokers/non-otr-broker-company/{id}/: one non-OTR company; an OTR broker's id answers 404. */
    async nonOtrById(caller: CompanyCaller, id: number): Promise<BrokerCompany> {
      const row = await repository.findBroker(db, caller.companyId, id);
      if (!row || row.is_otr) throw notFound();
      return toBrokerCompany(row);
    },

    /** POST brokers/otr-broker-company/create: a new OTR broker waits in the rating queue. */
    createOtr: (caller: CompanyCaller, body: OtrBrokerCreate): Promise<BrokerCompany> =>
      createBroker(caller, body, true),

    /** POST brokers/non-otr-broker-company/create. */
    createNonOtr: (caller: CompanyCaller, body: NonOtrBroker): Promise<BrokerCompany> =>
      createBroker(caller, body, false),

    /** PUT brokers/non-otr-broker-company/{id}/update: every field; an OTR broker's id answers 404. */
    updateNonOtr(caller: CompanyCaller, id: number, body: NonOtrBroker): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        const broker = await lock(trx, caller, id);
        if (broker.is_otr) throw notFound();
        await checkMcFree(trx, caller, body.mc_number, id);
        await repository.updateBroker(trx, id, { ...body, updated_at: now() });
        return { id };
      });
    },

    /**
     * DELETE brokers/non-otr-broker-company/{id}/: an OTR broker's id answers 404; a company that a load
     * names (as broker or accounting company) is kept: 409.
     */
    async deleteNonOtr(caller: CompanyCaller, id: number): Promise<void> {
      await unit.run(async (trx, outbox) => {
        const broker = await lock(trx, caller, id);
        if (broker.is_otr) throw notFound();
        if (await repository.hasLoads(trx, caller.companyId, id))
          throw refuse('broker_has_loads', BROKER_MESSAGES.hasLoads);
        await repository.deleteBroker(trx, id);
        outbox.push(...unitsEvents('broker_company', caller.companyId, [id]));
      });
    },

    /**
     * PUT brokers/broker-company/{id}/update: only the fields sent change. An OTR broker keeps an MC
     * number (409); the blacklist fields need a broker-check role (403).
     */
    update(caller: CompanyCaller, id: number, body: BrokerCompanyUpdate): Promise<BrokerCompany> {
      const { in_blacklist: inBlacklist, blacklist_reason: reason, ...details } = body;
      const touchesBlacklist = inBlacklist !== undefined || reason !== undefined;
      if (touchesBlacklist && !isAllowed(caller, BROKER_CHECK_ROLES)) {
        throw refuse('blacklist_forbidden', BROKER_MESSAGES.blacklistForbidden);
      }
      return change(caller, async (trx) => {
        const broker = await lock(trx, caller, id);
        if (broker.is_otr && details.mc_number === null)
          throw refuse('otr_broker_needs_mc_number', BROKER_MESSAGES.otrNeedsMcNumber);
        if (details.mc_number !== undefined) await checkMcFree(trx, caller, details.mc_number, id);
        const at = now();
        let blacklist: Updateable<BrokerCompaniesTable> = {};
        if (inBlacklist !== undefined) {
          blacklist = blacklistValues(
            { in_blacklist: inBlacklist, blacklist_reason: reason ?? null },
            broker.in_blacklist,
            caller,
            at,
          );
        } else if (reason !== undefined && broker.in_blacklist) {
          // The reason alone rewords why a listed broker is listed; an unlisted broker has none.
          blacklist = { blacklist_reason: reason };
        }
        await repository.updateBroker(trx, id, { ...details, ...blacklist, updated_at: at });
        const marksChanged = inBlacklist !== undefined && inBlacklist !== broker.in_blacklist;
        return { id, events: marksChanged ? await loadMarksEvents(trx, caller.companyId, id) : [] };
      });
    },

    /** PUT brokers/broker-company/blacklist/{id}/update {in_blacklist, blacklist_reason}. */
    updateBlacklist(caller: CompanyCaller, id: number, body: BlacklistUpdate): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        const broker = await lock(trx, caller, id);
        const at = now();
        await repository.updateBroker(trx, id, {
          ...blacklistValues(body, broker.in_blacklist, caller, at),
          updated_at: at,
        });
        const marksChanged = body.in_blacklist !== broker.in_blacklist;
        return { id, events: marksChanged ? await loadMarksEvents(trx, caller.companyId, id) : [] };
      });
    },

    /** PUT brokers/broker-company/{id}/ {notify_no_posting}. */
    setNotifyNoPosting(caller: CompanyCaller, id: number, body: NotifyNoPosting): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        await lock(trx, caller, id);
        await repository.updateBroker(trx, id, {
          notify_no_posting: body.notify_no_posting,
          updated_at: now(),
        });
        return { id };
      });
    },

    /** PUT brokers/broker-company/{id}/credit-check: the result, with when and who checked. */
    creditCheck(caller: CompanyCaller, id: number, body: CreditCheckUpdate): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        await lock(trx, caller, id);
        const at = now();
        await repository.updateBroker(trx, id, {
          credit_check_result: body.result,
          credit_checked_at: at,
          credit_checked_by: caller.userId,
          updated_at: at,
        });
        return { id };
      });
    },

    /** GET brokers/rating/queue/active: the brokers waiting to be rated, the longest waiting first. */
    async ratingQueue(caller: CompanyCaller, query: RatingQueueQuery): Promise<ListResponse<BrokerCompany>> {
      const { count, rows } = await repository.findRatingQueuePage(
        db,
        caller.companyId,
        query.search,
        mcDigitsOf(query.search),
        { limit: query.limit, offset: pageOffset(query) },
      );
      return { count, results: rows.map(toBrokerCompany) };
    },

    /** GET brokers/rating/broker-company/{id}?limit&page: who rated, when and why, newest first. */
    async ratingHistory(
      caller: CompanyCaller,
      id: number,
      query: PaginationQuery,
    ): Promise<ListResponse<RatingHistoryEntry>> {
      if (!(await repository.findBroker(db, caller.companyId, id))) throw notFound();
      const { count, rows } = await repository.findRatingPage(db, id, {
        limit: query.limit,
        offset: pageOffset(query),
      });
      return { count, results: rows.map(toRatingHistoryEntry) };
    },

    /**
     * PUT brokers/rating/broker-company/{id}/update: the new rating (the same one again confirms it after a
     * re-check, and is recorded too); the broker leaves the rating queue.
     */
    rate(caller: CompanyCaller, id: number, body: RatingUpdate): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        const broker = await lock(trx, caller, id);
        const at = now();
        await repository.insertRating(trx, {
          broker_company_id: id,
          rating: body.rating,
          previous_rating: broker.rating,
          comment: body.comment,
          rated_by: caller.userId,
          created_at: at,
        });
        await repository.updateBroker(trx, id, {
          rating: body.rating,
          rating_requested_at: null,
          updated_at: at,
        });
        const marksChanged = body.rating !== broker.rating;
        return { id, events: marksChanged ? await loadMarksEvents(trx, caller.companyId, id) : [] };
      });
    },

    /**
     * PUT brokers/rating/broker-company/{id}/request: puts the broker in the rating queue; a broker already
     * waiting keeps its place.
     */
    requestRating(caller: CompanyCaller, id: number): Promise<BrokerCompany> {
      return change(caller, async (trx) => {
        const broker = await lock(trx, caller, id);
        if (broker.rating_requested_at !== null) return { id, unchanged: true };
        const at = now();
        await repository.updateBroker(trx, id, { rating_requested_at: at, updated_at: at });
        return { id };
      });
    },
  };
}
