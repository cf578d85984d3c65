import { sql, type Kysely, type Transaction } from 'kysely';
import type { Outcome, SavedPrediction } from '../../domain/predictions';
import type { DB } from '../db/schema';
import type { StoredPick } from '../standings/standings';
import { picksOfRows } from './save-rows';

type Db = Kysely<DB> | Transaction<DB>;

// The predictions data unit is the only reader and writer of the `predictions` table (issue 52;
// the rule in scripts/eslint/table-readers.js), joined to the fixture a prediction is of where a
// statement needs it. This file: one team's or one user's picks, and what a save reads and
// writes through Kysely; league-repository: the picks of many teams (a league's, a round's
// missing ones); fixture-repository: one fixture's picks. The exceptions (the standings' scoring
// statements, the save's per-dialect prepared statements) are named in the rule.

// One team's picks -----------------------------------------------------------------------------

const toSaved = (r: {
  fixture_id: string;
  outcome: Outcome;
  first_goal_minute: number | null;
  joker: number;
  points: number | null;
  updated_at: string;
}): SavedPrediction => ({
  fixtureId: r.fixture_id,
  outcome: r.outcome,
  firstGoalMinute: r.first_goal_minute,
  joker: Number(r.joker) === 1,
  points: r.points,
  updatedAt: r.updated_at,
});

export const predictionsOfTeam = async (db: Db, teamId: string): Promise<SavedPrediction[]> => {
  const rows = await db
    .selectFrom('predictions')
    .select(['fixture_id', 'outcome', 'first_goal_minute', 'joker', 'points', 'updated_at'])
    .where('team_id', '=', teamId)
    .execute();
  return rows.map(toSaved);
};

/** The team's jokers with the season of their fixture (the allowance is per season). */
export const jokersOfTeam = async (db: Db, teamId: string) =>
  (
    await db
      .selectFrom('predictions as p')
      .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
      .select(['p.fixture_id', 'f.season'])
      .where('p.team_id', '=', teamId)
      .where('p.joker', '=', 1)
      .execute()
  ).map((r) => ({ fixtureId: r.fixture_id, season: r.season, joker: true }));

export interface PredictionWrite {
  fixtureId: string;
  outcome: Outcome;
  firstGoalMinute: number | null;
  /** undefined: keep the joker flag a saved prediction already has (false on insert). */
  joker?: boolean;
}

/** What a team has saved for some fixtures, with what the standings' totals hold of it. */
export const storedPicks = async (db: Db, teamId: string, fixtureIds: string[]) => {
  if (fixtureIds.length === 0) return new Map<string, StoredPick>();
  const rows = await db
    .selectFrom('predictions')
    .select(['fixture_id', 'joker', 'points', 'tallied'])
    .where('team_id', '=', teamId)
    .where('fixture_id', 'in', fixtureIds)
    .execute();
  return new Map(
    rows.map((r): [string, StoredPick] => [
      r.fixture_id,
      {
        joker: Number(r.joker) === 1,
        points: r.points === null ? null : Number(r.points),
        tallied: r.tallied === null ? null : Number(r.tallied),
      },
    ]),
  );
};

/**
 * What a save needs of a team's stored picks in one query: every pick holding a joker (with its
 * season, for the allowance) and the picks of the fixtures being saved.
 */
export const picksForSave = async (db: Db, teamId: string, fixtureIds: string[]) => {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
    .select(['p.fixture_id', 'p.joker', 'p.points', 'p.tallied', 'f.season'])
    .where('p.team_id', '=', teamId)
    .where((eb) =>
      fixtureIds.length === 0
        ? eb('p.joker', '=', 1)
        : eb.or([eb('p.joker', '=', 1), eb('p.fixture_id', 'in', fixtureIds)]),
    )
    .execute();
  return picksOfRows(rows, fixtureIds);
};

export type { StoredPick };

/** A pick as a save writes it: its joker decided and its tally (what the totals hold of it). */
export type SaveRow = Required<PredictionWrite> & { tallied: number };

/** One statement: insert each prediction or update the existing one (keyed by team + fixture). */
export const upsertPredictions = async (db: Db, teamId: string, writes: SaveRow[], at: string) => {
  if (writes.length === 0) return;
  await db
    .insertInto('predictions')
    .values(
      writes.map((w) => ({
        team_id: teamId,
        fixture_id: w.fixtureId,
        outcome: w.outcome,
        first_goal_minute: w.firstGoalMinute,
        joker: w.joker ? 1 : 0,
        tallied: w.tallied,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['team_id', 'fixture_id']).doUpdateSet((eb) => ({
        outcome: eb.ref('excluded.outcome'),
        first_goal_minute: eb.ref('excluded.first_goal_minute'),
        joker: eb.ref('excluded.joker'),
        tallied: eb.ref('excluded.tallied'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
};

export const deletePredictions = (db: Db, teamId: string, fixtureIds: string[]) =>
  fixtureIds.length === 0
    ? Promise.resolve()
    : db
        .deleteFrom('predictions')
        .where('team_id', '=', teamId)
        .where('fixture_id', 'in', fixtureIds)
        .execute();

// One user's picks ------------------------------------------------------------------------------

/** Every prediction of the user's teams, newest first (the /team page). */
export const predictionsOfUser = async (db: Db, userId: string) => {
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('leagues as l', 'l.id', 't.league_id')
    .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
    .innerJoin('competitions as c', 'c.id', 'f.competition_id')
    .select([
      'p.fixture_id',
      'p.outcome',
      'p.first_goal_minute',
      'p.joker',
      'p.points',
      'p.created_at',
      'p.updated_at',
      't.id as team_id',
      't.name as team_name',
      'l.id as league_id',
      'l.name as league_name',
      'c.id as competition_id',
      'c.name as competition_name',
      'c.route as competition_route',
      'f.home_team',
      'f.away_team',
      'f.kickoff_at',
      'f.status',
      'f.home_score',
      'f.away_score',
      'f.first_goal_minute as result_first_goal',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .orderBy('f.kickoff_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => ({
    fixtureId: r.fixture_id,
    teamId: r.team_id,
    teamName: r.team_name,
    leagueId: r.league_id,
    leagueName: r.league_name,
    competitionId: r.competition_id,
    competitionName: r.competition_name,
    competitionRoute: r.competition_route,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    kickoffAt: r.kickoff_at,
    status: r.status,
    /** The score so far (in play) or at full time, and its first goal's minute once known. */
    result:
      r.home_score === null || r.away_score === null
        ? null
        : {
            homeScore: r.home_score,
            awayScore: r.away_score,
            firstGoalMinute: r.result_first_goal,
          },
    outcome: r.outcome,
    firstGoalMinute: r.first_goal_minute,
    joker: Number(r.joker) === 1,
    points: r.points,
    createdAt: r.created_at,
  }));
};

/** Every prediction of the user's teams with its fixture, by kick-off (the data download). */
export const predictionsForExport = async (db: Db, userId: string) =>
  (
    await db
      .selectFrom('predictions as p')
      .innerJoin('teams as t', 't.id', 'p.team_id')
      .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
      .select([
        'p.team_id',
        'p.fixture_id',
        'f.home_team',
        'f.away_team',
        'f.kickoff_at',
        'f.season',
        'f.round_label',
        'p.outcome',
        'p.first_goal_minute',
        'p.joker',
        'p.points',
        'p.created_at',
        'p.updated_at',
      ])
      .where('t.user_id', '=', userId)
      .orderBy('f.kickoff_at')
      .execute()
  ).map((r) => ({
    teamId: r.team_id,
    fixtureId: r.fixture_id,
    match: `${r.home_team} v ${r.away_team}`,
    kickoffAt: r.kickoff_at,
    season: r.season,
    round: r.round_label,
    outcome: r.outcome,
    firstGoalMinute: r.first_goal_minute,
    joker: Number(r.joker) === 1,
    points: r.points === null ? null : Number(r.points),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));

// The statistics -----------------------------------------------------------------------------

/** What a team's scored joker picks of the season scored (one team's picks). */
export const jokerPickPoints = async (db: Db, teamId: string, season: string) => {
  const row = await db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
    .select(sql<number>`coalesce(sum(p.points), 0)`.as('points'))
    .where('p.team_id', '=', teamId)
    .where('f.season', '=', season)
    .where('p.joker', '=', 1)
    .where('p.tallied', 'is not', null)
    .where('p.points', 'is not', null)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
};
