// Loads for the load board insights' integration tests (closest-cars, rate-prediction, cargo-analysis).
import type { LoadStatus } from '../../db/schema';
import type { Db, NewRow } from '../../db/types';

export type InsightPoint = {
  city: string;
  state: string;
  lat: number | null;
  lon: number | null;
  date: Date;
};

export type InsightLoadOptions = {
  status?: LoadStatus;
  boardStatus?: 'posted' | 'booked' | 'withdrawn' | 'expired' | null;
  /** The first a pick-up, the others deliveries. */
  points: InsightPoint[];
  values?: Partial<NewRow<'loads'>>;
};

/** A load written straight to the database, on the board unless told otherwise. */
export async function insertInsightLoad(
  db: Db,
  companyId: number,
  options: InsightLoadOptions,
): Promise<number> {
  const [first] = options.points;
  const last = options.points.at(-1)!;
  const { id } = await db
    .insertInto('loads')
    .values({
      company_id: companyId,
      status: options.status ?? 1,
      board_status: options.boardStatus === undefined ? 'posted' : options.boardStatus,
      posted_at: options.boardStatus === undefined ? new Date() : null,
      broker_name: 'Mary Broker',
      vehicle_type: 'SPRINTER',
      pick_up_datetime: first!.date,
      delivery_datetime: last.date,
      ...options.values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('load_points')
    .values(
      options.points.map((point, index) => ({
        load_id: id,
        point_order: index + 1,
        type: index === 0 ? ('pick_up' as const) : ('deliver_to' as const),
        address: `${index + 1} Main St, ${point.city}, ${point.state}`,
        city: point.city,
        state: point.state,
        lat: point.lat,
        lon: point.lon,
        date: point.date,
      })),
    )
    .execute();
  return id;
}
