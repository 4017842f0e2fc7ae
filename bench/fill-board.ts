// Puts the newest loads of a company filled by fill-loads.ts on the load board, as brokers' postings would
// leave them: status Waiting to accept with no driver or vehicle, board_status 'posted', a pick-up in the
// coming days, every vehicle type, 50 to 2,550 miles. The company's vehicles get places (real cities), types
// and statuses so that `match` finds trucks, its brokers a brokerage, and a share of the board gets seen
// marks, driver bids and dispatcher bids. Set-based statements with triggers off, like fill-loads.ts: the
// columns the triggers keep (the points' list, the first pick-up's place, the list counts) are written here.
import type { QueryClient } from './bench-database';
import { VEHICLE_TYPE_IDS } from '@app/domain/common/lookups';

const TYPES = `ARRAY[${VEHICLE_TYPE_IDS.map((type) => `'${type}'`).join(', ')}]`;

export type FilledBoard = { adminId: number; boardLoads: number };

/** The temp table bench_cities of fill-loads.ts must exist on this client's session. */
export async function fillBoard(
  client: QueryClient,
  companyId: number,
  boardLoads: number,
): Promise<FilledBoard> {
  await client.query(`SET session_replication_role = replica`);
  await client.query(
    `WITH board AS (SELECT id FROM loads WHERE company_id = $1 ORDER BY id DESC LIMIT $2)
     UPDATE loads l SET status = 1, accounting_status = NULL, board_status = 'posted', source = 'loadboard',
       posted_at = now() - make_interval(secs => (row_number_from_top.n * 20)::float8),
       posting_reference = 'P' || l.id, driver_id = NULL, vehicle_id = NULL,
       delivered_at = NULL, completed_at = NULL, canceled_at = NULL,
       vehicle_type = (${TYPES})[1 + (l.id * 7) % ${VEHICLE_TYPE_IDS.length}],
       miles = 50 + (l.id * 13) % 2500,
       pick_up_datetime = now() + make_interval(hours => (l.id % 240)::int),
       delivery_datetime = now() + make_interval(hours => (l.id % 240)::int + 30)
     FROM (SELECT id, row_number() OVER (ORDER BY id DESC) AS n FROM board) row_number_from_top
     WHERE l.id = row_number_from_top.id`,
    [companyId, boardLoads],
  );
  await client.query(
    `UPDATE load_points p SET list_class = 0 FROM loads l
     WHERE l.id = p.load_id AND l.company_id = $1 AND l.board_status = 'posted'`,
    [companyId],
  );
  await client.query(
    `UPDATE loads l SET pick_up_lat = f.lat, pick_up_lon = f.lon
     FROM (SELECT DISTINCT ON (load_id) load_id, lat, lon FROM load_points
       WHERE company_id = $1 AND list_class = 0 AND type = 'pick_up' ORDER BY load_id, point_order) f
     WHERE l.id = f.load_id`,
    [companyId],
  );
  await client.query(`DELETE FROM load_list_counts WHERE company_id = $1`, [companyId]);
  await client.query(
    `INSERT INTO load_list_counts (company_id, list_class, load_count)
     SELECT company_id, list_class, count(*) FROM loads WHERE company_id = $1 GROUP BY company_id, list_class`,
    [companyId],
  );
  // Trucks: 60% available, 20% on load (half may bid while on load), 20% not available; a fifth have a
  // planned location; every vehicle type.
  await client.query(
    `UPDATE vehicles v SET transport_type = (${TYPES})[1 + v.id % ${VEHICLE_TYPE_IDS.length}],
       status = CASE WHEN v.id % 10 < 6 THEN 1 WHEN v.id % 10 < 8 THEN 3 ELSE 2 END,
       can_bid_while_on_load = v.id % 2 = 0,
       location_city = c.city, location_state = c.state, location_lat = c.lat, location_lon = c.lon,
       location_status = CASE WHEN v.id % 5 = 0 THEN 3 ELSE 1 END,
       future_location_city = CASE WHEN v.id % 5 = 0 THEN f.city END,
       future_location_state = CASE WHEN v.id % 5 = 0 THEN f.state END,
       future_location_lat = CASE WHEN v.id % 5 = 0 THEN f.lat END,
       future_location_lon = CASE WHEN v.id % 5 = 0 THEN f.lon END
     FROM bench_cities c, bench_cities f
     WHERE v.company_id = $1
       AND c.idx = (v.id * 2654435761) % (SELECT count(*) FROM bench_cities)
       AND f.idx = (v.id * 40503 + 7) % (SELECT count(*) FROM bench_cities)`,
    [companyId],
  );
  await client.query(
    `UPDATE broker_companies SET brokerage = CASE WHEN id % 3 = 0 THEN 'S' ELSE 'M' END WHERE company_id = $1`,
    [companyId],
  );
  const admin = await client.query<{ id: string }>(
    `SELECT id FROM users WHERE company_id = $1 AND role = 3 ORDER BY id LIMIT 1`,
    [companyId],
  );
  const adminId = Number(admin.rows[0]!.id);
  await client.query(
    `INSERT INTO loadboard_seen (user_id, load_id)
     SELECT $2, id FROM loads WHERE company_id = $1 AND board_status = 'posted' AND id % 10 = 0`,
    [companyId, adminId],
  );
  // A driver bid on one board load in 20, two dispatcher bids on one in 25.
  await client.query(
    `INSERT INTO bids (company_id, load_id, kind, status, vehicle_id, driver_id, price_cents, miles_out)
     SELECT l.company_id, l.id, 'driver', 1, v.id, v.active_driver_id, 100000 + l.id % 50000, 10 + l.id % 200
     FROM loads l
     JOIN vehicles v ON v.company_id = l.company_id AND v.unit_id = 'U' || (1 + l.id % 300)
     WHERE l.company_id = $1 AND l.board_status = 'posted' AND l.id % 20 = 0`,
    [companyId],
  );
  await client.query(
    `INSERT INTO bids (company_id, load_id, kind, status, dispatcher_id, price_cents)
     SELECT l.company_id, l.id, 'dispatcher', 1, l.dispatcher_id, 150000 + n * 10000
     FROM loads l CROSS JOIN generate_series(1, 2) n
     WHERE l.company_id = $1 AND l.board_status = 'posted' AND l.id % 25 = 0`,
    [companyId],
  );
  await client.query(`SET session_replication_role = DEFAULT`);
  for (const table of ['loads', 'load_points', 'vehicles', 'bids', 'loadboard_seen', 'broker_companies']) {
    await client.query(`VACUUM ANALYZE ${table}`);
  }
  const count = await client.query<{ count: string }>(
    `SELECT count(*) FROM loads WHERE company_id = $1 AND board_status = 'posted'`,
    [companyId],
  );
  return { adminId, boardLoads: Number(count.rows[0]!.count) };
}
