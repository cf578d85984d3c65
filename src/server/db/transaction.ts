import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DirectStatements } from './database';
import type { DB } from './schema';
import { AppError } from '../errors';
import { isRetryable } from './errors';

/** Per SQLite database: resolves once writes may start (checkpointer.ts holds them briefly). */
const writeGates = new WeakMap<Kysely<DB>, () => Promise<void>>();

export const gateWrites = (db: Kysely<DB>, gate: () => Promise<void>) => {
  writeGates.set(db, gate);
};

/** How many times a transaction PostgreSQL chose to end (deadlock, serialisation) is run. */
const attempts = 4;

/**
 * Runs `work` in one transaction: how services group repository calls (they build no queries
 * themselves). Rolls back when `work` throws. On SQLite it first waits while writes are held,
 * without holding the connection (reads go on meanwhile). On PostgreSQL a transaction ended as
 * a deadlock's victim or by a serialisation failure is run again from the start (a few times,
 * after a short random pause), so two writers meeting in another order cost a retry, not a
 * 5xx; `work` must therefore touch nothing but the database.
 */
export const inTransaction = async <T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
) => {
  await writeGates.get(db)?.();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= attempts) throw new AppError('TRY_AGAIN');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
};

/**
 * A transaction that writes only derived data (a tally batch, a rebuild: totals recomputable from
 * the predictions and results, with the cursor that says how far they got). On SQLite it commits
 * with `synchronous = NORMAL`: atomic, but not flushed to disk before it returns — a flush of a
 * large batch's pages would hold the event loop for a hundred milliseconds and more, and nothing
 * a player was told depends on it. A power cut may lose such a commit, never half of one; the run
 * then resumes from its last durable cursor, and the next durable commit (a save) flushes every
 * commit before it. Every other transaction commits with FULL. PostgreSQL's commits do not hold
 * the event loop: there it is `inTransaction`.
 */
export const inDerivedTransaction = async <T>(
  database: Database,
  work: (trx: Transaction<DB>) => Promise<T>,
) => {
  if (database.dialect !== 'sqlite') return inTransaction(database.db, work);
  await writeGates.get(database.db)?.();
  // The connection is this transaction's from the first pragma to the last (SQLite refuses to
  // change the level inside a transaction).
  return database.db.connection().execute(async (conn) => {
    await sql`pragma synchronous = normal`.execute(conn);
    try {
      return await conn.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = full`.execute(conn);
    }
  });
};

/**
 * One transaction of a hot path that has a synchronous SQLite form (docs/decisions/010): on
 * SQLite `direct` runs on the app's connection without a promise between its statements; on
 * PostgreSQL `work` runs in a Kysely transaction. Both forms call the same rule in between.
 */
export const inDirectTransaction = <T>(
  database: Database,
  direct: (statements: DirectStatements) => T,
  work: (trx: Transaction<DB>) => Promise<T>,
) => (database.direct ? database.direct.transaction(direct) : inTransaction(database.db, work));
