import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for PGlite. PGlite is one Postgres backend with one session, so every statement of a
 * transaction must run on it without another caller's statements in between. The driver therefore holds
 * a mutex from acquireConnection to releaseConnection: a transaction owns the session until it commits or
 * rolls back, and single queries wait their turn. (Dialects that only serialise single statements let a
 * concurrent query land inside someone else's transaction and lose rows when it rolls back.)
 *
 * A consequence worth knowing: inside `db.transaction().execute(async (trx) => ...)` every query must use
 * `trx`; a query on `db` there waits for the transaction to end and never runs.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/** A first-come, first-served lock. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves when the caller holds the lock; the returned function releases it. */
  async lock(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
    return release;
  }
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  #release: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sql = 'start transaction';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(savepointName)}`),
    );
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(savepointName)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the session, then close the database underneath it.
    const release = await this.#mutex.lock();
    try {
      if (!this.#pglite.closed) await this.#pglite.close();
    } finally {
      release();
    }
  }
}

const COMMANDS_WITH_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: 'object',
    });
    const command = result.command?.toUpperCase();
    const affected = result.rowCount ?? result.affectedRows;
    return {
      rows: result.rows,
      numAffectedRows:
        command !== undefined && COMMANDS_WITH_AFFECTED_ROWS.has(command) && affected !== undefined
          ? BigInt(affected)
          : undefined,
    };
  }

  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over the wire; the rows are in memory already, so hand them out in chunks.
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
