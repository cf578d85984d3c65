import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The `throttles` table: one fixed window per key. Counting a hit is one atomic statement, so
 * simultaneous requests (on any instance) cannot slip past a limit.
 */

/** Counts a hit in the key's window (a new window once the old one ended): its count and end. */
export const countHit = async (db: Kysely<DB>, key: string, at: number, windowMs: number) => {
  const resetAt = at + windowMs;
  const result = await sql<{ count: number | string; reset_at: number | string }>`
    insert into throttles (key, count, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      count = case when throttles.reset_at <= ${at} then 1 else throttles.count + 1 end,
      reset_at = case when throttles.reset_at <= ${at} then ${resetAt} else throttles.reset_at end
    returning count, reset_at`.execute(db);
  const row = result.rows[0];
  return { count: Number(row?.count ?? 1), resetAt: Number(row?.reset_at ?? resetAt) };
};

/** Takes a hit back while its window lasts. */
export const uncountHit = async (db: Kysely<DB>, key: string, at: number) => {
  await db
    .updateTable('throttles')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('reset_at', '>', at)
    .execute();
};

/** Windows that ended (their keys would restart at 1 anyway). */
export const sweepEnded = async (db: Kysely<DB>, at: number) => {
  await db.deleteFrom('throttles').where('reset_at', '<=', at).execute();
};

export const forgetKey = async (db: Kysely<DB>, key: string) => {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
};
