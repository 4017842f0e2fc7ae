import type { Db, Row } from '../../db/types';

// The load the board detail's insights (closest trucks, rate prediction, cargo analysis) are about: its
// cargo and its points, read in the caller's company. A load on the board or booked from it, or one never on
// it, is read whatever its status; one withdrawn from the board or expired from it is gone (404), as on the
// board.

export type InsightLoadRow = Pick<
  Row<'loads'>,
  | 'id'
  | 'status'
  | 'board_status'
  | 'vehicle_type'
  | 'length'
  | 'width'
  | 'height'
  | 'weight'
  | 'pieces'
  | 'dock_level'
  | 'is_danger'
  | 'is_can_put_on_top'
  | 'equipment'
  | 'miles'
  | 'pays_cents'
  | 'pick_up_datetime'
>;

export type InsightPointRow = Pick<
  Row<'load_points'>,
  'point_order' | 'type' | 'address' | 'state' | 'lat' | 'lon' | 'date' | 'is_active'
>;

export async function findInsightLoad(
  db: Db,
  companyId: number,
  loadId: number,
): Promise<InsightLoadRow | undefined> {
  return db
    .selectFrom('loads')
    .select([
      'id',
      'status',
      'board_status',
      'vehicle_type',
      'length',
      'width',
      'height',
      'weight',
      'pieces',
      'dock_level',
      'is_danger',
      'is_can_put_on_top',
      'equipment',
      'miles',
      'pays_cents',
      'pick_up_datetime',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', loadId)
    .where((eb) => eb.or([eb('board_status', 'is', null), eb('board_status', 'in', ['posted', 'booked'])]))
    .executeTakeFirst();
}

/** The load's points in route order. */
export async function findInsightPoints(
  db: Db,
  companyId: number,
  loadId: number,
): Promise<InsightPointRow[]> {
  return db
    .selectFrom('load_points')
    .select(['point_order', 'type', 'address', 'state', 'lat', 'lon', 'date', 'is_active'])
    .where('company_id', '=', companyId)
    .where('load_id', '=', loadId)
    .orderBy('point_order')
    .execute();
}
