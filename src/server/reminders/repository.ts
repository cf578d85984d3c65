import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Rounds (of one season) whose first open kick-off is within the next `hours` (and still ahead);
 * callers add the longest lock a league may set, and each player's deadline decides.
 */
export const upcomingRounds = async (db: Db, now: Date, hours: number) => {
  const from = now.toISOString();
  const to = new Date(now.getTime() + hours * 3_600_000).toISOString();
  const rows = await db
    .selectFrom('fixtures')
    .select([
      'competition_id',
      'season',
      'round_label',
      sql<string>`min(kickoff_at)`.as('first_kickoff'),
    ])
    .where('status', '=', 'scheduled')
    .groupBy(['competition_id', 'season', 'round_label'])
    .having(sql<string>`min(kickoff_at)`, '>', from)
    .having(sql<string>`min(kickoff_at)`, '<=', to)
    .execute();
  return rows.map((r) => ({
    competitionId: r.competition_id,
    season: r.season,
    round: r.round_label,
    firstKickoff: r.first_kickoff,
  }));
};

/** How a player asked to be reminded: reminder mails on, or a browser subscribed to pushes. */
export type ReminderChannel = 'mail' | 'push';

/**
 * For one round: every (player, team, open fixture) without a prediction, for the players who
 * asked to be reminded through `channel` — one query over teams × the round's fixtures, keeping
 * the pairs with no prediction row. A player's rows come in kick-off order for a mail (it lists
 * the fixtures) and in team-name order for a push (it names the teams).
 */
export const missingPicks = async (
  db: Db,
  round: { competitionId: string; season: string; round: string },
  now: Date,
  channel: ReminderChannel,
) => {
  const rows = db
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.league_id')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .leftJoin('reminder_settings as r', 'r.user_id', 'u.id')
    .innerJoin('fixtures as f', (join) => join.onRef('f.competition_id', '=', 'l.competition_id'))
    .leftJoin('predictions as p', (join) =>
      join.onRef('p.team_id', '=', 't.id').onRef('p.fixture_id', '=', 'f.id'),
    )
    .select([
      'u.id as user_id',
      'u.email',
      'u.name as user_name',
      'u.locale',
      'r.unsubscribe_token',
      't.id as team_id',
      't.name as team_name',
      'l.id as league_id',
      'l.name as league_name',
      'f.id as fixture_id',
      'f.home_team',
      'f.away_team',
      'f.kickoff_at',
    ])
    .where('l.competition_id', '=', round.competitionId)
    .where('f.season', '=', round.season)
    .where('f.round_label', '=', round.round)
    .where('f.status', '=', 'scheduled')
    .where('f.kickoff_at', '>', now.toISOString())
    .where('f.tbd', '=', 0)
    .where('p.fixture_id', 'is', null)
    .where((eb) =>
      channel === 'mail'
        ? eb('r.enabled', '=', 1)
        : eb.exists(
            eb
              .selectFrom('push_subscriptions as s')
              .select('s.endpoint')
              .whereRef('s.user_id', '=', 'u.id'),
          ),
    )
    .orderBy('u.id');
  return (
    channel === 'mail' ? rows.orderBy('f.kickoff_at').orderBy('t.name') : rows.orderBy('t.name')
  ).execute();
};

/** Claims the (player, round) mail; false when it was already claimed (sent once, ever). */
export const claimReminder = async (db: Db, userId: string, roundKey: string, at: string) => {
  const result = await db
    .insertInto('reminder_sends')
    .values({ user_id: userId, round_key: roundKey, sent_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'round_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** Whether the player asked for reminder mails (off until they do). */
export const reminderEnabled = async (db: Db, userId: string) => {
  const row = await db
    .selectFrom('reminder_settings')
    .select('enabled')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.enabled ?? 0) === 1;
};

/** Turns reminders on or off; the first setting also stores the player's unsubscribe token. */
export const saveReminderSetting = async (
  db: Db,
  setting: { userId: string; enabled: boolean; unsubscribeToken: string; at: string },
) => {
  const enabled = setting.enabled ? 1 : 0;
  await db
    .insertInto('reminder_settings')
    .values({
      user_id: setting.userId,
      enabled,
      unsubscribe_token: setting.unsubscribeToken,
      updated_at: setting.at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ enabled, updated_at: setting.at }))
    .execute();
};

/** The player an unsubscribe token names, with their language. */
export const findByUnsubscribeToken = async (db: Db, token: string) => {
  const row = await db
    .selectFrom('reminder_settings as r')
    .innerJoin('user as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'u.locale'])
    .where('r.unsubscribe_token', '=', token)
    .executeTakeFirst();
  return row ? { userId: row.user_id, locale: row.locale } : null;
};

export const disableReminders = async (db: Db, userId: string, at: string) => {
  await db
    .updateTable('reminder_settings')
    .set({ enabled: 0, updated_at: at })
    .where('user_id', '=', userId)
    .execute();
};

/** A competition's name and page, for the mail. */
export const competitionLabel = async (db: Db, competitionId: string) =>
  (await db
    .selectFrom('competitions')
    .select(['name', 'route'])
    .where('id', '=', competitionId)
    .executeTakeFirst()) ?? null;

/** Records which outbox mail a claimed (player, round) reminder went out as. */
export const linkReminderMail = async (
  db: Db,
  userId: string,
  roundKey: string,
  outboxId: string,
) => {
  await db
    .updateTable('reminder_sends')
    .set({ outbox_id: outboxId })
    .where('user_id', '=', userId)
    .where('round_key', '=', roundKey)
    .execute();
};
