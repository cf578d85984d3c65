import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export const feedToken = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('calendar_feeds')
      .select('token')
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.token ?? null;

/** Makes the player's feed address, or replaces it (the old one stops working). */
export const saveToken = async (db: Db, userId: string, token: string, at: string) => {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token, created_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: at }))
    .execute();
};

export const deleteFeed = async (db: Db, userId: string) => {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
};

export const feedOwner = async (db: Db, token: string) =>
  (await db
    .selectFrom('calendar_feeds as c')
    .innerJoin('user as u', 'u.id', 'c.user_id')
    .select(['u.id', 'u.locale'])
    .where('c.token', '=', token)
    .executeTakeFirst()) ?? null;
