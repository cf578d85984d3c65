import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * One key per scheduled job (PostgreSQL advisory lock keys; any fixed numbers unused elsewhere).
 * With several app instances on one database each job runs in one of them at a time.
 */
export const jobLockKeys = {
  fixtureSync: 4_170_322_901,
  footballData: 4_170_322_902,
  reminders: 4_170_322_903,
} as const;

/**
 * Runs `work` while holding a job's lock across instances; resolves to `{ locked: false }`
 * when another instance holds it. PostgreSQL: a session-level advisory lock on one reserved
 * connection, which `work` also uses. SQLite has one process writing: callers keep an in-process
 * flag against overlapping runs.
 */
export const withJobLock = async <T>(
  database: Database,
  key: number,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<{ locked: true; value: T } | { locked: false }> => {
  if (database.dialect !== 'postgres') return { locked: true, value: await work(database.db) };
  return database.db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${key}::bigint) as locked`.execute(conn);
    if (rows[0]?.locked !== true) return { locked: false as const };
    try {
      return { locked: true as const, value: await work(conn) };
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
    }
  });
};
