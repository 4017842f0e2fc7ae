import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { DATABASE_COLUMNS, type ColumnKind } from './columns';

// The table types of schema.ts are checked against DATABASE_COLUMNS by the compiler (columns.ts); this
// checks DATABASE_COLUMNS against what the migrations really make, so a migration and the types cannot
// drift apart unnoticed.

/** The kind each PostgreSQL type is read as (database.ts sets the parsers). */
const KIND_BY_UDT: Record<string, ColumnKind> = {
  int2: 'int',
  int4: 'int',
  int8: 'int',
  float8: 'float',
  numeric: 'numeric',
  text: 'text',
  varchar: 'text',
  bool: 'bool',
  date: 'date',
  timestamptz: 'timestamp',
  jsonb: 'json',
};

type ColumnRow = { table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; udt_name: string };

let database: TestDatabase;
let migrated: Record<string, Record<string, string>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await sql<ColumnRow>`
    select table_name, column_name, is_nullable, udt_name
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, ordinal_position
  `.execute(database.db);
  migrated = {};
  for (const row of rows) {
    // An unknown type stays visible in the failure as its PostgreSQL name.
    const kind = KIND_BY_UDT[row.udt_name] ?? `unknown type ${row.udt_name}`;
    (migrated[row.table_name] ??= {})[row.column_name] = row.is_nullable === 'YES' ? `${kind}?` : kind;
  }
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('the column map of the table types', () => {
  it('names every table the migrations make, and no other', () => {
    expect(Object.keys(DATABASE_COLUMNS).sort()).toEqual(Object.keys(migrated).sort());
  });

  it('gives each table the columns of the migrations, with their nullability and kind', () => {
    for (const [table, columns] of Object.entries(DATABASE_COLUMNS)) {
      expect({ table, columns: migrated[table] }).toEqual({ table, columns });
    }
  });

  it('reads a kind from each column type the migrations use', () => {
    const unknown = Object.entries(migrated).flatMap(([table, columns]) =>
      Object.entries(columns)
        .filter(([, spec]) => spec.startsWith('unknown type'))
        .map(([column, spec]) => `${table}.${column}: ${spec}`),
    );
    expect(unknown).toEqual([]);
  });
});
