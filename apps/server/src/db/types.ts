import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema';

/** The database or a transaction on it: repositories accept either. */
export type Db = Kysely<Database>;

// Row types come from the table types of schema.ts (checked against the migrations: columns.ts), never
// typed again by hand: a repository that answers some columns picks them, e.g.
// `Pick<Row<'vehicles'>, 'id' | 'unit_id'>`.

/** A row of a table as it is read. */
export type Row<Table extends keyof Database> = Selectable<Database[Table]>;
/** A row of a table as it is inserted (defaulted and generated columns may be left out). */
export type NewRow<Table extends keyof Database> = Insertable<Database[Table]>;
/** The columns of a table an update may set. */
export type RowUpdate<Table extends keyof Database> = Updateable<Database[Table]>;
