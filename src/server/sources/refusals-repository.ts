import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** Adds `count` refusals of one reason to a source's day, keeping the last one's detail. */
export const addRefusals = async (
  db: Db,
  row: { source: string; reason: string; day: string; count: number; at: string; detail: string },
) => {
  await db
    .insertInto('source_refusals')
    .values({
      source: row.source,
      reason: row.reason,
      day: row.day,
      refusals: row.count,
      last_at: row.at,
      last_detail: row.detail.slice(0, 300),
    })
    .onConflict((oc) =>
      oc.columns(['source', 'reason', 'day']).doUpdateSet((eb) => ({
        refusals: eb('source_refusals.refusals', '+', row.count),
        last_at: eb.ref('excluded.last_at'),
        last_detail: eb.ref('excluded.last_detail'),
      })),
    )
    .execute();
};

/** Refusals of the days from `since` on (UTC `YYYY-MM-DD`), newest day first. */
export const refusalsSince = async (db: Db, since: string) =>
  (
    await db
      .selectFrom('source_refusals')
      .selectAll()
      .where('day', '>=', since)
      .orderBy('day', 'desc')
      .execute()
  ).map((r) => ({
    source: r.source,
    reason: r.reason,
    day: r.day,
    refusals: Number(r.refusals),
    lastAt: r.last_at,
    lastDetail: r.last_detail,
  }));
