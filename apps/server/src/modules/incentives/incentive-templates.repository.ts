import { sql } from 'kysely';
import type { Db, NewRow, Row, RowUpdate } from '../../db/types';

// The incentive_templates table: a company's named bonuses and fines, to fill the incentive form with.

export type TemplateRow = Row<'incentive_templates'>;

/** Every template of the company, by name. */
export async function findTemplates(db: Db, companyId: number): Promise<TemplateRow[]> {
  return db
    .selectFrom('incentive_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

export async function findTemplate(db: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('incentive_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The company's template with this id, locked until the transaction ends. */
export async function lockTemplate(db: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('incentive_templates')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether another template of the company has this name, whatever its case. */
export async function isNameTaken(
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('incentive_templates')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertTemplate(db: Db, values: NewRow<'incentive_templates'>): Promise<TemplateRow> {
  return db.insertInto('incentive_templates').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: RowUpdate<'incentive_templates'>,
): Promise<TemplateRow | undefined> {
  return db
    .updateTable('incentive_templates')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(db: Db, companyId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('incentive_templates')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The name index's answer to two saves of one name at the same moment. */
export function isNameRace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'incentive_templates_name_key';
}
