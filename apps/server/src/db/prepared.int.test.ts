import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { prepared } from './prepared';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** The statements the connection has prepared (one connection: the transaction's). */
const preparedOnConnection = async (trx: TestDatabase['db']) =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(trx)).rows.map(
    (row) => row.statement,
  );

describe('prepared statements', () => {
  it('run a marked statement by name, prepared once per connection, with its values each time', async () => {
    await database.db.transaction().execute(async (trx) => {
      const query = (value: number) =>
        sql<{ doubled: number }>`SELECT ${value}::int * 2 AS doubled`.compile(trx);
      expect((await trx.executeQuery(prepared(query(21)))).rows).toEqual([{ doubled: 42 }]);
      expect((await trx.executeQuery(prepared(query(5)))).rows).toEqual([{ doubled: 10 }]);
      const statements = await preparedOnConnection(trx);
      expect(statements.filter((statement) => statement.includes('* 2 AS doubled'))).toHaveLength(1);
    });
  });

  it('leave an unmarked statement unnamed', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT 3 AS unmarked_three`.execute(trx);
      expect(
        (await preparedOnConnection(trx)).some((statement) => statement.includes('unmarked_three')),
      ).toBe(false);
    });
  });
});
