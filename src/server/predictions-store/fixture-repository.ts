import { sql, type Kysely, type Transaction } from 'kysely';
import type { Outcome } from '../../domain/predictions';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// One fixture's predictions (all leagues, or some players'): whether it has any, what a change of
// it does to them and how many there are, and the picks its goal alerts are about.

/** Whether the fixture has any prediction (a tally run is queued only then). */
export const fixtureHasPredictions = async (db: Db, fixtureId: string) =>
  (await db
    .selectFrom('predictions')
    .select('team_id')
    .where('fixture_id', '=', fixtureId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Fixtures holding predictions the totals do not count yet (a bulk load, a run cut short). */
export const fixturesWithUntallied = async (db: Db) =>
  (
    await db
      .selectFrom('predictions')
      .select('fixture_id')
      .distinct()
      .where('tallied', 'is', null)
      .execute()
  ).map((r) => r.fixture_id);

/** A cancelled fixture gives its jokers back: the teams may place them elsewhere. */
export const returnFixtureJokers = async (db: Db, fixtureId: string) => {
  const result = await db
    .updateTable('predictions')
    .set({ joker: 0 })
    .where('fixture_id', '=', fixtureId)
    .where('joker', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const fixtureScoreCounts = async (db: Db, fixtureId: string) => {
  const row = await db
    .selectFrom('predictions')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when points > 0 then 1 else 0 end), 0)`.as('gained'),
    ])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), gained: Number(row.gained) };
};

/** How many predictions each of these fixtures holds (the admin's fixture list). */
export const predictionCounts = async (db: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('predictions')
    .select(['fixture_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('fixture_id', 'in', ids)
    .groupBy('fixture_id')
    .execute();
  return new Map(rows.map((r) => [r.fixture_id, Number(r.n)]));
};

// Goal alerts (issue 29) -----------------------------------------------------------------------

export interface AlertTarget {
  teamId: string;
  teamName: string;
  leagueId: string;
  userId: string;
  locale: string | null;
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
  points: number | null;
}

/**
 * These players' teams with a pick on the fixture, in leagues where their goal alerts are on
 * (each player's teams by index, each pick by its primary key).
 */
export const alertTargets = async (
  db: Db,
  fixtureId: string,
  userIds: readonly string[],
): Promise<AlertTarget[]> =>
  userIds.length === 0
    ? []
    : (
        await db
          .selectFrom('teams as t')
          .innerJoin('predictions as p', (j) =>
            j.onRef('p.team_id', '=', 't.id').on('p.fixture_id', '=', fixtureId),
          )
          .innerJoin('user as u', 'u.id', 't.user_id')
          .select([
            't.id',
            't.name',
            't.league_id',
            't.user_id',
            'u.locale',
            'p.outcome',
            'p.first_goal_minute',
            'p.joker',
            'p.points',
          ])
          .where('t.user_id', 'in', userIds)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('goal_alert_settings as g')
                  .select(sql.lit(1).as('one'))
                  .whereRef('g.user_id', '=', 't.user_id')
                  .whereRef('g.league_id', '=', 't.league_id')
                  .where('g.enabled', '=', 0),
              ),
            ),
          )
          .orderBy('t.user_id')
          .orderBy('t.name')
          .execute()
      ).map((r) => ({
        teamId: r.id,
        teamName: r.name,
        leagueId: r.league_id,
        userId: r.user_id,
        locale: r.locale,
        outcome: r.outcome,
        firstGoalMinute: r.first_goal_minute,
        joker: Number(r.joker) === 1,
        points: r.points,
      }));
