import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * One key per scheduled job (PostgreSQL advisory lock keys; any fixed numbers unused elsewhere).
 * With several app instances on one database each job runs in one of them at a time.
 */
export const jobLockKeys = {
  /** An instance's start: migrations, the catalogues, admin e-mails (`withStartLock`). */
  start: 4_170_322_900,
  fixtureSync: 4_170_322_901,
  resultsSync: 4_170_322_902,
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

/**
 * Runs an instance's start-up preparation (migrations, the built-in catalogues, admin e-mails,
 * name keys) while no other instance runs its own: instances started at once on an empty
 * PostgreSQL database wait for the first, then find nothing left to do. PostgreSQL: a
 * session-level advisory lock held on one reserved connection (`work` uses the pool as usual);
 * SQLite has one process.
 */
export const withStartLock = async <T>(database: Database, work: () => Promise<T>): Promise<T> => {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${jobLockKeys.start}::bigint)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${jobLockKeys.start}::bigint)`.execute(conn);
    }
  });
};
