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

/** A season's fixtures whose teams are known, in kick-off order. */
export const seasonFixtures = (db: Db, competitionId: string, season: string) =>
  db
    .selectFrom('fixtures')
    .select([
      'id',
      'round_label',
      'home_team',
      'away_team',
      'kickoff_at',
      'status',
      'home_score',
      'away_score',
      'time_confirmed',
      'venue',
      'updated_at',
    ])
    .where('competition_id', '=', competitionId)
    .where('season', '=', season)
    .where('tbd', '=', 0)
    .orderBy('kickoff_at')
    .execute();

/** Every prediction of these teams (a few hundred a season each), by the team's key. */
export const teamPicks = async (db: Db, teamIds: string[]) =>
  teamIds.length === 0
    ? []
    : db
        .selectFrom('predictions')
        .select(['team_id', 'fixture_id', 'outcome', 'first_goal_minute', 'joker', 'points'])
        .where('team_id', 'in', teamIds)
        .execute();
