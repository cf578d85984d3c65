import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Runs `work` in one transaction: how services group repository calls (they build no queries
 * themselves). Rolls back when `work` throws.
 */
export const inTransaction = <T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>) =>
  db.transaction().execute(work);
