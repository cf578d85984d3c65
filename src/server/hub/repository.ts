import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// The home hub's reads (issue 13). Each searches by index within one competition's fixtures or
// one league's totals; none reads another league's rows or predictions.

/** A season's fixtures still open to predictions at `nowIso` (as the reminders count them). */
const openFixtures = (db: Db, competitionId: string, season: string, nowIso: string) =>
  db
    .selectFrom('fixtures')
    .where('competition_id', '=', competitionId)
    .where('season', '=', season)
    .where('kickoff_at', '>', nowIso)
    .where('status', '=', 'scheduled')
    .where('tbd', '=', 0);

/** The round of the competition's next open fixture, with its open fixtures (kick-off order). */
export const nextOpenRound = async (
  db: Db,
  competitionId: string,
  season: string,
  nowIso: string,
) => {
  const next = await openFixtures(db, competitionId, season, nowIso)
    .select('round_label')
    .orderBy('kickoff_at')
    .limit(1)
    .executeTakeFirst();
  if (!next) return null;
  const fixtures = await openFixtures(db, competitionId, season, nowIso)
    .select(['id', 'kickoff_at'])
    .where('round_label', '=', next.round_label)
    .orderBy('kickoff_at')
    .execute();
  const first = fixtures[0];
  if (!first) return null;
  return {
    round: next.round_label,
    deadline: first.kickoff_at,
    fixtureIds: fixtures.map((f) => f.id),
  };
};

/** How many of these fixtures each team has predicted (teams without any are left out). */
export const predictedCounts = async (db: Db, teamIds: string[], fixtureIds: string[]) => {
  if (teamIds.length === 0 || fixtureIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('predictions')
    .select(['team_id', sql<number>`count(*)`.as('n')])
    .where('team_id', 'in', teamIds)
    .where('fixture_id', 'in', fixtureIds)
    .groupBy('team_id')
    .execute();
  return new Map(rows.map((r) => [r.team_id, Number(r.n)]));
};

/** The round of the competition's latest fixture with a result (by kick-off). */
export const latestScoredRound = async (db: Db, competitionId: string, season: string) =>
  (
    await db
      .selectFrom('fixtures')
      .select('round_label')
      .where('competition_id', '=', competitionId)
      .where('season', '=', season)
      .where('status', '=', 'final')
      .orderBy('kickoff_at', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.round_label ?? null;

/** The competition's latest fixtures with a result, newest first. */
export const latestResults = async (db: Db, competitionId: string, season: string, limit: number) =>
  db
    .selectFrom('fixtures')
    .select([
      'id',
      'round_label',
      'home_team',
      'away_team',
      'home_score',
      'away_score',
      'first_goal_minute',
      'kickoff_at',
    ])
    .where('competition_id', '=', competitionId)
    .where('season', '=', season)
    .where('status', '=', 'final')
    .where('home_score', 'is not', null)
    .where('away_score', 'is not', null)
    .orderBy('kickoff_at', 'desc')
    .limit(limit)
    .execute();

/** These teams' predictions of these fixtures. */
export const picksOf = async (db: Db, teamIds: string[], fixtureIds: string[]) => {
  if (teamIds.length === 0 || fixtureIds.length === 0) return [];
  return db
    .selectFrom('predictions')
    .select(['team_id', 'fixture_id', 'outcome', 'first_goal_minute', 'joker', 'points'])
    .where('team_id', 'in', teamIds)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
};

/** How many teams the league has (its teams index). */
export const leagueTeamCount = async (db: Db, leagueId: string) =>
  Number(
    (
      await db
        .selectFrom('teams')
        .select(sql<number>`count(*)`.as('n'))
        .where('league_id', '=', leagueId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Changes whenever a fixture of the competition changes (a result entered or corrected). */
export const fixturesStamp = async (db: Db, competitionId: string) =>
  String(
    (
      await db
        .selectFrom('fixtures')
        .select(sql<string | null>`max(updated_at)`.as('stamp'))
        .where('competition_id', '=', competitionId)
        .executeTakeFirstOrThrow()
    ).stamp ?? '',
  );
