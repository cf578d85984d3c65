import type { Kysely, Transaction } from 'kysely';
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
 * One transaction of a hot path that has a synchronous SQLite form (docs/decisions/010): on
 * SQLite `direct` runs on the app's connection without a promise between its statements; on
 * PostgreSQL `work` runs in a Kysely transaction. Both forms call the same rule in between.
 */
export const inDirectTransaction = <T>(
  database: Database,
  direct: (statements: DirectStatements) => T,
  work: (trx: Transaction<DB>) => Promise<T>,
) => (database.direct ? database.direct.transaction(direct) : inTransaction(database.db, work));
