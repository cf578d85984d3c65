import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Driver, type LogEvent } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../env';
import { startCheckpointer, type HoldWrites } from './checkpointer';
import { groupCommit, type DirectSqlite, type DirectStatements } from './direct';
import type { DB } from './schema';
import { queryDuration, readPool, statementKind } from '../runtime/metrics';
import { statementName } from './prepared';

export { preparedStatement } from './prepared';
import { gateWrites } from './transaction';

export type Dialect = 'sqlite' | 'postgres';
export type { DirectStatements } from './direct';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * SQLite only: statements run synchronously on the app's own connection, for the hottest write
   * (a save at the kick-off rush; docs/decisions/010). Reached through `inDirectTransaction`.
   */
  direct?: DirectSqlite;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /**
   * Refreshes the query planner's statistics where they may be stale (SQLite: `PRAGMA
   * optimize`, cheap when nothing changed; PostgreSQL's autovacuum keeps its own).
   */
  optimize: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PostgreSQL only: a connection of the save groups' own pool (decision 022), in node-postgres's
   * pipeline mode — statements asked for before the previous one answered go out at once, each
   * with its own Sync, and are answered in order.
   */
  pipelined?: () => Promise<PipelinedConnection>;
}

/** A pooled PostgreSQL connection in pipeline mode (`Database.pipelined`). */
export interface PipelinedConnection {
  /** Sends a statement now; its rows once it is answered. Registered texts run prepared. */
  query: <R = Record<string, unknown>>(text: string, params: readonly unknown[]) => Promise<R[]>;
  /**
   * Runs `send` with the socket corked: every statement it asks for leaves in one write when it
   * returns (one packet and one wake-up of the server instead of one per statement).
   */
  together: <T>(send: () => T) => T;
  /** Back to the pool; with an error the connection is closed instead (its state is unknown). */
  release: (error?: Error) => void;
}

// COUNT/SUM/RANK come back from pg as int8/numeric strings; the app wants numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/**
 * better-sqlite3 answers synchronously, so awaiting one statement after another never lets the
 * event loop turn: a queue of waiting transactions (a rush of saves) would run back to back and
 * hold every other request, timer and socket. Each use of the connection first yields one turn.
 */
/** How long uses of the SQLite connection may run back to back in one event-loop turn. */
const turnBudgetMs = 5;

class YieldingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    driver.acquireConnection = async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return acquire();
    };
    // Uses of the connection in one turn of the event loop run back to back (each waiter resumes
    // in the releaser's microtasks); once they have held it for `turnBudgetMs`, the connection is
    // handed on in the next turn, so a rush of saves cannot hold timers and sockets for long.
    let turnStarted: number | null = null;
    driver.releaseConnection = async (connection) => {
      const now = performance.now();
      if (turnStarted === null) {
        turnStarted = now;
        setImmediate(() => {
          turnStarted = null;
        });
      } else if (now - turnStarted > turnBudgetMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return release(connection);
    };
    return driver;
  }
}

/** How long a hold of writes waits for a write transaction already open to end. */
const holdWaitMs = 100;

/** Each statement's time in the query histogram of /metrics (issue 30). */
/** A statement's time in the query-time histogram (/metrics). */
const observeQuery = (dialect: Dialect, text: string, ms: number) =>
  queryDuration.observe({ dialect, kind: statementKind(text) }, ms / 1000);

const observeQueries = (dialect: Dialect) => (event: LogEvent) => {
  if (event.level === 'query') observeQuery(dialect, event.query.sql, event.queryDurationMillis);
};

const openSqlite = (path: string): Database => {
  if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  const connection = new SQLite(path);
  connection.pragma('journal_mode = WAL');
  // An acknowledged save is durable: every commit is flushed to disk before its promise settles
  // (NORMAL would only flush at checkpoints, so a power cut could lose saves a player was told
  // about). The group commit (decision 010) makes that one flush per group of saves.
  connection.pragma('synchronous = FULL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  // A 64 MiB page cache (the default is 2 MiB): a large league's table pages stay in memory.
  connection.pragma('cache_size = -65536');
  // After the log starts again from the top, its file is cut back to 64 MiB.
  connection.pragma('journal_size_limit = 67108864');
  // Prepared statements are kept and reused by their SQL text (Kysely prepares on every query).
  const prepared = new Map<string, SQLite.Statement>();
  const database = {
    prepare: (text: string) => {
      let statement = prepared.get(text);
      if (!statement) {
        statement = connection.prepare(text);
        if (prepared.size >= 500) prepared.delete(prepared.keys().next().value ?? '');
        prepared.set(text, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
  const db = new Kysely<DB>({
    dialect: new YieldingSqliteDialect({ database }),
    log: observeQueries('sqlite'),
  });
  const statements: DirectStatements = {
    all: <R>(text: string, ...params: unknown[]) => database.prepare(text).all(...params) as R[],
    get: <R>(text: string, ...params: unknown[]) =>
      database.prepare(text).get(...params) as R | undefined,
    run: (text, ...params) => database.prepare(text).run(...params).changes,
  };
  // While the checkpointer holds writes, new write transactions (Kysely's and the group
  // commit's) wait for `held` to settle; one already open is let finish first.
  let held: Promise<void> | null = null;
  const writesFree = async () => {
    while (held) await held;
  };
  gateWrites(db, writesFree);
  const holdWrites: HoldWrites = async (work) => {
    if (held) return;
    let release = () => undefined as void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const waitUntil = performance.now() + holdWaitMs;
      while (connection.inTransaction && performance.now() < waitUntil)
        await new Promise((resolve) => setTimeout(resolve, 1));
      if (!connection.inTransaction) await work();
    } finally {
      held = null;
      release();
    }
  };
  const direct = groupCommit(
    connection,
    statements,
    async (run) => {
      await writesFree();
      await db.connection().execute(async () => run());
    },
    () => held !== null,
  );
  const unread = readPool(() => ({
    dialect: 'sqlite',
    total: 1,
    idle: connection.inTransaction ? 0 : 1,
    waiting: direct.queued(),
  }));
  // Checkpoints run in a worker thread, never inside a commit of the app's (checkpointer.ts).
  const checkpointer = path === ':memory:' ? null : startCheckpointer(resolve(path), holdWrites);
  if (checkpointer) connection.pragma('wal_autocheckpoint = 0');
  return {
    db,
    dialect: 'sqlite',
    direct,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // 0x10002: also analyse tables that have never been analysed (a fresh or bulk-loaded file).
    optimize: async () => {
      connection.pragma('optimize=0x10002');
    },
    close: async () => {
      unread();
      await checkpointer?.close();
      await db.destroy();
    },
  };
};

/**
 * Settings of the app's PostgreSQL sessions (docs/decisions/023): no JIT compilation (it spent
 * 40–60 ms compiling a 10,000-team league's summary that runs in 12 ms) and the planner's cost
 * of a random read as on solid-state storage (at the default 4 it read all 5 million predictions
 * for a batch of 2,000 teams instead of their index). `options` in DATABASE_URL replaces them.
 */
export const postgresSessionOptions = '-c jit=off -c random_page_cost=1.1';

/**
 * node-postgres's client, naming the registered statements (the pool makes its clients with it).
 *
 * A query asked for without a callback (Kysely's and the save groups' way) is handed to
 * node-postgres with one, and the promise is made here. Given no callback, node-postgres makes its
 * query and then sets the query's callback afterwards; on Node 20 every query made that way kept
 * its rows alive through young-generation collections until the next full one (measured: 99 % of
 * what a collection found alive was promoted, and a standings read's rows with it). Given the
 * callback when the query is made, its rows die young (docs/decisions/022, 'Later (29 November,
 * evening)').
 */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' ? statementName(text) : undefined;
    const call = super.query.bind(this) as (...a: unknown[]) => never;
    const config = name && Array.isArray(values) ? { name, text, values } : null;
    if (typeof text === 'string' && rest.length === 0 && typeof values !== 'function') {
      return new Promise((resolve, reject) => {
        const done = (error: Error | null, result: unknown) =>
          error ? reject(error) : resolve(result);
        if (config) call(config, done);
        else call(text, values, done);
      }).catch((error: unknown) => {
        // As node-postgres does: the stack leads back to the caller, not to the socket's read.
        if (error instanceof Error) Error.captureStackTrace(error);
        throw error;
      }) as never;
    }
    return config ? call(config, ...rest) : call(...args);
  }
}

/** How many connections the save groups hold at most (their pool's size; pg-group's inFlight). */
export const saveGroupConnections = 2;

const openPostgres = (url: string): Database => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: postgresSessionOptions,
    Client: PreparingClient,
  });
  // The save groups' connections: a group's BEGIN goes out with its first statement and its
  // COMMIT with its last (three round trips a group instead of five; decision 022).
  const groupPool = new pg.Pool({
    connectionString: url,
    max: saveGroupConnections,
    connectionTimeoutMillis: 5000,
    options: postgresSessionOptions,
    Client: PreparingClient,
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  groupPool.on('error', () => undefined);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: observeQueries('postgres'),
  });
  const unread = readPool(() => ({
    dialect: 'postgres',
    total: pool.totalCount + groupPool.totalCount,
    idle: pool.idleCount + groupPool.idleCount,
    waiting: pool.waitingCount + groupPool.waitingCount,
  }));
  const pipelined = async (): Promise<PipelinedConnection> => {
    const client = await groupPool.connect();
    return {
      query: async <R>(text: string, params: readonly unknown[]) => {
        const started = performance.now();
        const result = await client.query(text, [...params]);
        observeQuery('postgres', text, performance.now() - started);
        return result.rows as R[];
      },
      together: (send) => {
        const { stream } = client.connection;
        stream.cork();
        try {
          return send();
        } finally {
          stream.uncork();
        }
      },
      release: (error) => client.release(error),
    };
  };
  return {
    db,
    dialect: 'postgres',
    pipelined,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    optimize: async () => undefined,
    close: async () => {
      unread();
      await groupPool.end();
      await db.destroy();
    },
  };
};

export const openDatabase = (target: DatabaseTarget): Database =>
  target.dialect === 'sqlite' ? openSqlite(target.path) : openPostgres(target.url);
