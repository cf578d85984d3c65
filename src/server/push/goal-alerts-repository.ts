import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What goal alerts read and write (issue 29): a player's choice per league, the players with a
 * device (in batches by id) and the claims in push_sends; their teams' picks on a fixture are
 * read in predictions-store/fixture-repository.ts (`alertTargets`).
 */

/** The player's leagues with whether goal alerts are on (no setting: on). */
export const alertSettingsOf = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('teams as t')
      .innerJoin('leagues as l', 'l.id', 't.league_id')
      .leftJoin('goal_alert_settings as g', (j) =>
        j.onRef('g.league_id', '=', 'l.id').on('g.user_id', '=', userId),
      )
      .select(['l.id', 'l.name', 'g.enabled'])
      .where('t.user_id', '=', userId)
      .groupBy(['l.id', 'l.name', 'g.enabled'])
      .orderBy('l.name')
      .execute()
  ).map((r) => ({ leagueId: r.id, leagueName: r.name, enabled: r.enabled !== 0 }));

export const saveAlertSetting = async (
  db: Db,
  setting: { userId: string; leagueId: string; enabled: boolean; at: string },
) => {
  await db
    .insertInto('goal_alert_settings')
    .values({
      user_id: setting.userId,
      league_id: setting.leagueId,
      enabled: setting.enabled ? 1 : 0,
      updated_at: setting.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'league_id']).doUpdateSet({
        enabled: setting.enabled ? 1 : 0,
        updated_at: setting.at,
      }),
    )
    .execute();
};

/** The next `limit` players after `afterUserId` with a device subscribed, by id. */
export const subscribedPlayers = async (db: Db, afterUserId: string, limit: number) =>
  (
    await db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', '>', afterUserId)
      .orderBy('user_id')
      .limit(limit)
      .execute()
  ).map((r) => r.user_id);

/**
 * What was sent already of the fixture to these players: per `user\0fixture|team` key, its
 * leads (the keys of one fixture are a range of push_sends' primary key under each player).
 */
export const sentLeads = async (
  db: Db,
  userIds: readonly string[],
  fixtureId: string,
): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const prefix = `goal|${fixtureId}|`;
  const rows = await db
    .selectFrom('push_sends')
    .select(['user_id', 'round_key', 'lead'])
    .where('user_id', 'in', userIds)
    .where('round_key', '>=', prefix)
    .where('round_key', '<', `${prefix}\uffff`)
    .execute();
  for (const r of rows) {
    const id = `${r.user_id}\u0000${r.round_key}`;
    out.set(id, [...(out.get(id) ?? []), r.lead]);
  }
  return out;
};

/** Claims these messages; returns the ones claimed now (`user\0key\0lead`). */
export const claimAlerts = async (
  db: Db,
  claims: readonly { userId: string; key: string; lead: string }[],
  at: string,
) => {
  if (claims.length === 0) return new Set<string>();
  const rows = await db
    .insertInto('push_sends')
    .values(claims.map((c) => ({ user_id: c.userId, round_key: c.key, lead: c.lead, sent_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'round_key', 'lead']).doNothing())
    .returning(['user_id', 'round_key', 'lead'])
    .execute();
  return new Set(rows.map((r) => `${r.user_id}\u0000${r.round_key}\u0000${r.lead}`));
};
