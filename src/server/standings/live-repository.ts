import type { Kysely, Transaction } from 'kysely';
import type { Outcome } from '../../domain/predictions';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What the live table reads (issue 29): the competition's fixtures in play, a league's season
 * totals (every team, by the league's index) and the league's picks of one fixture (the league's
 * teams by index, each pick by its primary key). None reads another league's rows.
 */

export interface InPlayFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
  clock: string | null;
}

/** The season's fixtures of the competition in play (status live), by kick-off. */
export const inPlayFixtures = async (
  db: Db,
  competitionId: string,
  season: string,
): Promise<InPlayFixture[]> =>
  (
    await db
      .selectFrom('fixtures')
      .select([
        'id',
        'home_team',
        'away_team',
        'kickoff_at',
        'status',
        'home_score',
        'away_score',
        'first_goal_minute',
        'clock',
      ])
      .where('competition_id', '=', competitionId)
      .where('season', '=', season)
      .where('status', '=', 'live')
      .orderBy('kickoff_at')
      .orderBy('id')
      .execute()
  ).map((f) => ({
    id: f.id,
    homeTeam: f.home_team,
    awayTeam: f.away_team,
    kickoffAt: f.kickoff_at,
    status: f.status,
    homeScore: f.home_score,
    awayScore: f.away_score,
    firstGoalMinute: f.first_goal_minute,
    clock: f.clock,
  }));

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

export interface LeaguePick {
  fixtureId: string;
  teamId: string;
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

/** The picks of the league's teams for the fixtures given (one statement for all of them). */
export const leaguePicks = async (
  db: Db,
  leagueId: string,
  fixtureIds: readonly string[],
): Promise<LeaguePick[]> =>
  fixtureIds.length === 0
    ? []
    : (
        await db
          .selectFrom('teams as t')
          .innerJoin('predictions as p', (j) =>
            j.onRef('p.team_id', '=', 't.id').on('p.fixture_id', 'in', [...fixtureIds]),
          )
          .select(['p.fixture_id', 'p.team_id', 'p.outcome', 'p.first_goal_minute', 'p.joker'])
          .where('t.league_id', '=', leagueId)
          .execute()
      ).map((p) => ({
        fixtureId: p.fixture_id,
        teamId: p.team_id,
        outcome: p.outcome,
        firstGoalMinute: p.first_goal_minute,
        joker: Number(p.joker) === 1,
      }));
