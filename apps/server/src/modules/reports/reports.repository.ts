import { sql } from 'kysely';
import type { Db, NewRow, Row } from '../../db/types';

// The reports' own tables: report_sends (every pay sheet and invoice e-mailed, to whom, with what result)
// and paysheet_runs (the scheduled sending of a week's pay sheets, claimed by one server process). And what
// a report reads of its company, as the other senders of mail do: the header of its documents, its SMTP
// settings (the password too: it sends) and its pay-sheet schedule.

export type CompanyReportRow = Pick<
  Row<'companies'>,
  | 'id'
  | 'name'
  | 'address'
  | 'phone'
  | 'email'
  | 'mc_number'
  | 'dot_number'
  | 'smtp_host'
  | 'smtp_port'
  | 'smtp_secure'
  | 'smtp_user'
  | 'smtp_password'
  | 'smtp_from'
>;

export async function findCompany(db: Db, companyId: number): Promise<CompanyReportRow | undefined> {
  return db
    .selectFrom('companies')
    .select([
      'id',
      'name',
      'address',
      'phone',
      'email',
      'mc_number',
      'dot_number',
      'smtp_host',
      'smtp_port',
      'smtp_secure',
      'smtp_user',
      'smtp_password',
      'smtp_from',
    ])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export type ScheduledCompany = Pick<Row<'companies'>, 'id' | 'paysheet_weekday' | 'paysheet_time'>;

/** The companies with a pay-sheet schedule and no run yet for the week (they are few: one row each). */
export async function findScheduledWithoutRun(
  db: Db,
  year: number,
  week: number,
): Promise<ScheduledCompany[]> {
  return db
    .selectFrom('companies as c')
    .select(['c.id', 'c.paysheet_weekday', 'c.paysheet_time'])
    .where('c.paysheet_weekday', 'is not', null)
    .where('c.paysheet_time', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('paysheet_runs as r')
            .select(sql.lit(1).as('one'))
            .whereRef('r.company_id', '=', 'c.id')
            .where('r.year', '=', year)
            .where('r.week', '=', week),
        ),
      ),
    )
    .orderBy('c.id')
    .execute();
}

/**
 * Claims the company's week for this process: the row is inserted by exactly one of the processes that try
 * (ON CONFLICT DO NOTHING); true for the one that inserted it.
 */
export async function claimRun(
  db: Db,
  companyId: number,
  year: number,
  week: number,
  claimedBy: string,
  at: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('paysheet_runs')
    .values({ company_id: companyId, year, week, claimed_by: claimedBy, claimed_at: at })
    .onConflict((conflict) => conflict.columns(['company_id', 'year', 'week']).doNothing())
    .returning('company_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes over a run whose process stopped before finishing it (claimed longer ago than `staleBefore` and
 * never finished): one process wins the UPDATE, the others find it already taken.
 */
export async function reclaimStaleRun(
  db: Db,
  claimedBy: string,
  at: Date,
  staleBefore: Date,
): Promise<{ company_id: number; year: number; week: number; claimed_at: Date } | undefined> {
  const stale = await db
    .selectFrom('paysheet_runs')
    .select(['company_id', 'year', 'week', 'claimed_at'])
    .where('finished_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .orderBy('claimed_at')
    .limit(1)
    .executeTakeFirst();
  if (!stale) return undefined;
  const taken = await db
    .updateTable('paysheet_runs')
    .set({ claimed_by: claimedBy, claimed_at: at })
    .where('company_id', '=', stale.company_id)
    .where('year', '=', stale.year)
    .where('week', '=', stale.week)
    .where('finished_at', 'is', null)
    .where('claimed_at', '=', stale.claimed_at)
    .returning(['company_id', 'year', 'week'])
    .executeTakeFirst();
  return taken ? { ...taken, claimed_at: stale.claimed_at } : undefined;
}

export async function finishRun(
  db: Db,
  companyId: number,
  year: number,
  week: number,
  outcome: { sent: number; failed: number; at: Date },
): Promise<void> {
  await db
    .updateTable('paysheet_runs')
    .set({ finished_at: outcome.at, sent: outcome.sent, failed: outcome.failed })
    .where('company_id', '=', companyId)
    .where('year', '=', year)
    .where('week', '=', week)
    .execute();
}

export async function findRun(db: Db, companyId: number, year: number, week: number) {
  return db
    .selectFrom('paysheet_runs')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('year', '=', year)
    .where('week', '=', week)
    .executeTakeFirst();
}

/** The payments whose pay sheet went out since a moment (a run taken over skips what it already sent). */
export async function paymentsSentSince(db: Db, companyId: number, since: Date): Promise<Set<number>> {
  const rows = await db
    .selectFrom('report_sends')
    .select('payment_id')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'paysheet')
    .where('state', '=', 'sent')
    .where('sent_at', '>=', since)
    .where('payment_id', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.payment_id!));
}

export async function insertSend(db: Db, row: NewRow<'report_sends'>): Promise<Row<'report_sends'>> {
  return db.insertInto('report_sends').values(row).returningAll().executeTakeFirstOrThrow();
}
