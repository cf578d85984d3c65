import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Every team of the league with its pick of one fixture, if any (the race of issue 29): the
 * league's teams by index, each pick by its primary key.
 */
export const racePicks = async (db: Db, leagueId: string, fixtureId: string) =>
  (
    await db
      .selectFrom('teams as t')
      .leftJoin('predictions as p', (j) =>
        j.onRef('p.team_id', '=', 't.id').on('p.fixture_id', '=', fixtureId),
      )
      .select([
        't.id',
        't.name',
        't.user_id',
        'p.outcome',
        'p.first_goal_minute',
        'p.joker',
        'p.points',
      ])
      .where('t.league_id', '=', leagueId)
      .execute()
  ).map((r) => ({
    teamId: r.id,
    teamName: r.name,
    userId: r.user_id,
    pick:
      r.outcome === null
        ? null
        : {
            outcome: r.outcome,
            firstGoalMinute: r.first_goal_minute,
            joker: Number(r.joker) === 1,
            points: r.points,
          },
  }));
