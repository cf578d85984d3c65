import type { Kysely, Transaction } from 'kysely';
import type { Database, DirectStatements } from './database';
import type { DB } from './schema';

/** Per SQLite database: resolves once writes may start (checkpointer.ts holds them briefly). */
const writeGates = new WeakMap<Kysely<DB>, () => Promise<void>>();

export const gateWrites = (db: Kysely<DB>, gate: () => Promise<void>) => {
  writeGates.set(db, gate);
};

/**
 * Runs `work` in one transaction: how services group repository calls (they build no queries
 * themselves). Rolls back when `work` throws. On SQLite it first waits while writes are held,
 * without holding the connection (reads go on meanwhile).
 */
export const inTransaction = async <T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
) => {
  await writeGates.get(db)?.();
  return db.transaction().execute(work);
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
