import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { Db } from '../src/db/types';

// What a test may learn of the statements the code runs: how many, and the plan PostgreSQL picks.

/**
 * Counts the statements a database handle runs. transformResult runs once per executed statement
 * (transformQuery also runs for each subquery built on the handle, so it would count those too).
 */
export function countingPlugin(): KyselyPlugin & { count: number } {
  const plugin = {
    count: 0,
    transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
      return args.node;
    },
    transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
      plugin.count += 1;
      return Promise.resolve(args.result);
    },
  };
  return plugin;
}

/**
 * The plan PostgreSQL chooses for the first query `run` makes: EXPLAIN of its SQL with its parameters, so
 * that a test sees whether the repository's expressions match the indexes of the migration.
 */
export async function planOfFirstQuery(db: Db, run: (db: Db) => Promise<unknown>): Promise<string> {
  const compiled: CompiledQuery[] = [];
  const capture: KyselyPlugin = {
    transformQuery(args) {
      compiled.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  await run(db.withPlugin(capture));
  const query = compiled[0];
  if (!query) throw new Error('The function ran no query.');
  const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}
