import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The statistics' reads (issue 14), all from derived totals or one team's own rows: a league's
 * rows are read a chunk at a time along its rank indexes (the caller yields between chunks),
 * never in one statement that grows with the league.
 */

/** One chunk of the league's season totals: scored predictions and scored draws per team. */
export const drawCountsChunk = async (
  db: Db,
  leagueId: string,
  season: string,
  offset: number,
  limit: number,
) =>
  (
    await db
      .selectFrom('team_totals')
      .select(['team_id', 'scored_predictions', 'scored_draws'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .orderBy('points', 'desc')
      .orderBy('exact_minutes', 'desc')
      .orderBy('correct_outcomes', 'desc')
      .orderBy('team_key')
      .orderBy('team_id')
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((r) => ({
    teamId: r.team_id,
    predictions: Number(r.scored_predictions),
    draws: Number(r.scored_draws),
  }));

/** The names of some of the league's teams. */
export const teamNames = async (db: Db, leagueId: string, teamIds: string[]) =>
  teamIds.length === 0
    ? new Map<string, string>()
    : new Map(
        (
          await db
            .selectFrom('teams')
            .select(['id', 'name'])
            .where('league_id', '=', leagueId)
            .where('id', 'in', teamIds)
            .execute()
        ).map((r) => [r.id, r.name]),
      );

/** The league's most predicted first-goal minutes among scored picks (at most 91 rows). */
export const topMinutes = async (db: Db, leagueId: string, season: string, limit: number) =>
  (
    await db
      .selectFrom('minute_counts')
      .select(['minute', 'predictions'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .where('predictions', '>', 0)
      .orderBy('predictions', 'desc')
      .orderBy('minute')
      .limit(limit)
      .execute()
  ).map((r) => ({ minute: Number(r.minute), predictions: Number(r.predictions) }));

/**
 * One chunk of a round's points per team, teams with points only (the rest have 0), along the
 * round's rank index (covering: no table rows are read).
 */
export const roundPointsChunk = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  offset: number,
  limit: number,
) =>
  (
    await db
      .selectFrom('round_totals')
      .select(['team_id', 'points'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .where('round_label', '=', round)
      .where('points', '>', 0)
      .orderBy('points', 'desc')
      .orderBy('exact_minutes', 'desc')
      .orderBy('correct_outcomes', 'desc')
      .orderBy('team_key')
      .orderBy('team_id')
      .limit(limit)
      .offset(offset)
      .execute()
  ).map((r) => ({ teamId: r.team_id, points: Number(r.points) }));

/** A team of the league, or null. */
export const teamOfLeague = async (db: Db, leagueId: string, teamId: string) =>
  (await db
    .selectFrom('teams')
    .select(['id', 'name'])
    .where('id', '=', teamId)
    .where('league_id', '=', leagueId)
    .executeTakeFirst()) ?? null;

/** A team's season totals as others may see them (scored counts), zeros without a row. */
export const teamSeasonTotals = async (db: Db, teamId: string, season: string) => {
  const row = await db
    .selectFrom('team_totals')
    .select([
      'points',
      'exact_minutes',
      'correct_outcomes',
      'scored_predictions',
      'scored_jokers',
      'scored_draws',
    ])
    .where('team_id', '=', teamId)
    .where('season', '=', season)
    .executeTakeFirst();
  return {
    points: Number(row?.points ?? 0),
    exactMinutes: Number(row?.exact_minutes ?? 0),
    correctOutcomes: Number(row?.correct_outcomes ?? 0),
    scoredPredictions: Number(row?.scored_predictions ?? 0),
    scoredJokers: Number(row?.scored_jokers ?? 0),
    scoredDraws: Number(row?.scored_draws ?? 0),
  };
};

/** A team's points per round of the season (its own rows of round_totals). */
export const teamRoundPoints = async (db: Db, teamId: string, season: string) =>
  new Map(
    (
      await db
        .selectFrom('round_totals')
        .select(['round_label', 'points'])
        .where('team_id', '=', teamId)
        .where('season', '=', season)
        .execute()
    ).map((r) => [r.round_label, Number(r.points)]),
  );
