import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';

// Statements a connection prepares once and runs again by name. PostgreSQL plans an unnamed statement at
// every run; for a statement that is run hundreds of times a second with the same shape and whose best
// plan does not depend on its values (the load board's page rows read by their ids: 2.7 ms of planning,
// 3.8 ms of running for 100 rows; the statements of a chat message, keyed by ids), planning once per
// connection is most of its time, and its text is not sent again. A repository marks
// such a statement with `prepared(query.compile())`; every other statement stays unnamed, so that the
// planner sees the values of filters whose selectivity varies (a generic plan would not).
// With a connection pooler in front of PostgreSQL, it must keep prepared statements per server connection
// (PgBouncer 1.21 or later with max_prepared_statements set); the embedded database ignores the mark.

const PREPARED_MARK = '/* prepared */ ';
const names = new Map<string, string>();

/** The compiled query, marked to be prepared by its connection (PreparingClient). */
export function prepared<Row>(query: CompiledQuery<Row>): CompiledQuery<Row> {
  return { ...query, sql: PREPARED_MARK + query.sql };
}

/** One name per statement text: the same text prepared by each connection once. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** A pg client that runs a marked statement as a named one (prepared on its first run on the connection). */
export class PreparingClient extends pg.Client {
  // pg's query() has a dozen overloads; Kysely calls the (text, values) one, which is the one changed here.
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && config.startsWith(PREPARED_MARK)) {
      return super.query({ name: nameOf(config), text: config, values: values as unknown[] }) as never;
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
