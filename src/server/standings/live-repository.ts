import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the live table reads (issue 29): the competition's fixtures in play (inPlayFixtures,
 * fixtures/season-repository.ts), a league's season totals (every team, by the league's index,
 * here) and the league's picks of one fixture (leaguePicks, predictions-store/league-repository.ts:
 * the league's teams by index, each pick by its primary key). None reads another league's rows.
 */

/** Every team's season totals in the league, compactly (the live table ranks them all). */
export const leagueScores = async (db: Db, leagueId: string, season: string) =>
  (
    await db
      .selectFrom('team_totals')
      .select(['team_id', 'team_key', 'points', 'exact_minutes', 'correct_outcomes'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .execute()
  ).map((r) => ({
    teamId: r.team_id,
    teamKey: r.team_key,
    points: Number(r.points),
    exactMinutes: Number(r.exact_minutes),
    correctOutcomes: Number(r.correct_outcomes),
  }));
