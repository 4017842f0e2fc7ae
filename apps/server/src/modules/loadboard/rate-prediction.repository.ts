import type { LevelFigures, RateLevel } from '@app/domain/loadboard/rate-prediction.rules';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/types';

// The company's history of hauled loads that a lane's rate is predicted from (rate-prediction.service.ts).

export type RateHistoryQuery = {
  companyId: number;
  /** The load predicted for: never compared with itself. */
  loadId: number;
  /** Loads picked up at or after this. */
  since: Date;
  statuses: readonly number[];
  /** null: every type. */
  vehicleType: string | null;
  /** Each level's condition: the states of the first pick-up and the last delivery, and the miles. */
  levels: readonly {
    level: RateLevel;
    pickUpStates: readonly string[] | null;
    deliveryStates: readonly string[] | null;
    miles: { min: number; max: number };
  }[];
};

type FiguresRow = Record<string, number | string | null>;

const inList = (column: RawBuilder<unknown>, values: readonly string[]) =>
  sql`${column} IN (${sql.join(values.map((value) => sql`${value}`))})`;

/**
 * Each level's count and the quartiles of its rate per mile (cents), in one query whatever the history:
 * the company's hauled loads of the year, of the type and within the widest miles band, each with the state
 * of its first pick-up and last delivery read once (a materialised set: as a plain CTE the planner inlined
 * it and ran the two point look-ups again for every aggregate that reads them, five times slower), then
 * each level is an aggregate FILTER over that set. On 300,000 loads of one company (60,000 of the type and
 * year, 3,700 in the band) it answers in about 300 ms on a busy 2-core machine, most of it reading the
 * loads: an index on (company_id, vehicle_type, miles) for hauled loads would take that to the 3,700 rows.
 */
export async function findLevelFigures(db: Db, query: RateHistoryQuery): Promise<LevelFigures[]> {
  const minMiles = Math.min(...query.levels.map((level) => level.miles.min));
  const maxMiles = Math.max(...query.levels.map((level) => level.miles.max));
  const fromState = sql.ref('h.from_state');
  const toState = sql.ref('h.to_state');
  const aggregates = query.levels.map(({ pickUpStates, deliveryStates, miles }, index) => {
    const conditions = [sql`h.miles BETWEEN ${miles.min} AND ${miles.max}`];
    if (pickUpStates !== null)
      conditions.push(pickUpStates.length ? inList(fromState, pickUpStates) : sql`false`);
    if (deliveryStates !== null)
      conditions.push(deliveryStates.length ? inList(toState, deliveryStates) : sql`false`);
    const filter = sql`FILTER (WHERE ${sql.join(conditions, sql` AND `)})`;
    const quartile = (fraction: number) =>
      sql`percentile_cont(${sql.lit(fraction)}) WITHIN GROUP (ORDER BY h.rate) ${filter}`;
    return sql`count(*) ${filter} AS ${sql.ref(`count_${index}`)},
      ${quartile(0.25)} AS ${sql.ref(`q1_${index}`)},
      ${quartile(0.5)} AS ${sql.ref(`median_${index}`)},
      ${quartile(0.75)} AS ${sql.ref(`q3_${index}`)}`;
  });
  const typeCondition = query.vehicleType === null ? sql`true` : sql`l.vehicle_type = ${query.vehicleType}`;
  const statuses = sql.join(query.statuses.map((status) => sql`${status}`));
  const { rows } = await sql<FiguresRow>`
    WITH h AS MATERIALIZED (
      SELECT l.broker_price_cents::float8 / l.miles AS rate, l.miles, f.state AS from_state, t.state AS to_state
      FROM loads l
      LEFT JOIN LATERAL (SELECT p.state FROM load_points p WHERE p.load_id = l.id AND p.type = 'pick_up'
        ORDER BY p.point_order LIMIT 1) f ON true
      LEFT JOIN LATERAL (SELECT p.state FROM load_points p WHERE p.load_id = l.id AND p.type = 'deliver_to'
        ORDER BY p.point_order DESC LIMIT 1) t ON true
      WHERE l.company_id = ${query.companyId}
        AND l.list_class IN (2, 3)
        AND l.status IN (${statuses})
        AND l.pick_up_datetime >= ${query.since}
        AND l.id <> ${query.loadId}
        AND l.miles BETWEEN ${Math.max(1, minMiles)} AND ${maxMiles}
        AND l.broker_price_cents > 0
        AND ${typeCondition}
    )
    SELECT ${sql.join(aggregates)} FROM h`.execute(db);
  const row = rows[0] ?? {};
  const numberOrNull = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return query.levels.map(({ level }, index) => ({
    level,
    count: Number(row[`count_${index}`] ?? 0),
    q1: numberOrNull(row[`q1_${index}`]),
    median: numberOrNull(row[`median_${index}`]),
    q3: numberOrNull(row[`q3_${index}`]),
  }));
}
