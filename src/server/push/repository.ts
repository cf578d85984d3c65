import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/** A browser may hold a few subscriptions' worth of devices per player; older ones give way. */
export const devicesPerPlayer = 10;

/**
 * Stores the subscription of one browser, or renews the keys of one the player holds already.
 * False when another player holds the endpoint: it is never moved (one statement, so two
 * players posting the same endpoint at once cannot both win).
 */
export const saveSubscription = async (
  db: Db,
  row: { endpoint: string; userId: string; p256dh: string; auth: string; at: string },
) => {
  const saved = await db
    .insertInto('push_subscriptions')
    .values({
      endpoint: row.endpoint,
      user_id: row.userId,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.at,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ p256dh: row.p256dh, auth: row.auth, created_at: row.at })
        .whereRef('push_subscriptions.user_id', '=', 'excluded.user_id'),
    )
    .returning('endpoint')
    .executeTakeFirst();
  if (!saved) return false;
  // Keep the newest devices only.
  const stale = await db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', row.userId)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint')
    .offset(devicesPerPlayer)
    .limit(1000)
    .execute();
  if (stale.length > 0) {
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'endpoint',
        'in',
        stale.map((s) => s.endpoint),
      )
      .execute();
  }
  return true;
};

/** Forgets one of the player's browsers; false when it was not theirs (or not known). */
export const deleteSubscription = async (db: Db, userId: string, endpoint: string) => {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

/** A subscription the push service has ended. */
export const forgetEndpoint = async (db: Db, endpoint: string) => {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
};

export const deviceCount = async (db: Db, userId: string) =>
  Number(
    (
      await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export const subscriptionsOf = async (db: Db, userIds: string[]) =>
  userIds.length === 0
    ? []
    : db
        .selectFrom('push_subscriptions')
        .select(['endpoint', 'user_id', 'p256dh', 'auth'])
        .where('user_id', 'in', userIds)
        .execute();

/** The devices given (one endpoint or several) were sent a push at `at`. */
export const markSent = async (db: Db, endpoints: string | readonly string[], at: string) => {
  const list = typeof endpoints === 'string' ? [endpoints] : endpoints;
  for (let i = 0; i < list.length; i += 500)
    await db
      .updateTable('push_subscriptions')
      .set({ last_sent_at: at })
      .where('endpoint', 'in', list.slice(i, i + 500))
      .execute();
};

/**
 * Claims the (player, round, lead) push for each player given and returns those it claimed: a
 * player already claimed (by this or another instance) is not returned.
 */
export const claimPushes = async (
  db: Db,
  userIds: string[],
  roundKey: string,
  lead: string,
  at: string,
) => {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .insertInto('push_sends')
    .values(userIds.map((id) => ({ user_id: id, round_key: roundKey, lead, sent_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'round_key', 'lead']).doNothing())
    .returning('user_id')
    .execute();
  return new Set(rows.map((r) => r.user_id));
};

/**
 * Stores a generated key under `name` unless one is stored already, and returns the stored one:
 * the first instance to insert wins and the others read its value.
 */
export const keepAppKey = async (db: Db, key: { name: string; value: string; at: string }) => {
  await db
    .insertInto('app_keys')
    .values({ name: key.name, value: key.value, created_at: key.at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_keys')
    .select('value')
    .where('name', '=', key.name)
    .executeTakeFirstOrThrow();
  return row.value;
};
