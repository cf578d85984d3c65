import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { FixtureForPrediction, Outcome, SavedPrediction } from '../../domain/predictions';
import type { DB } from '../db/schema';
import { settledPicks, type StoredPick } from '../standings/standings';
import { picksOfRows } from './save-rows';
import { rowsOf, type RulesRow } from '../leagues/rules-repository';

type Db = Kysely<DB> | Transaction<DB>;

export interface TeamWithCompetition {
  id: string;
  name: string;
  userId: string;
  leagueId: string;
  leagueName: string;
  competitionId: string;
}

export const findTeamWithCompetition = async (
  db: Db,
  teamId: string,
): Promise<TeamWithCompetition | null> => {
  const row = await db
    .selectFrom('teams as t')
    .innerJoin('leagues as l', 'l.id', 't.league_id')
    .select([
      't.id',
      't.name',
      't.user_id',
      't.league_id',
      'l.name as league_name',
      'l.competition_id',
    ])
    .where('t.id', '=', teamId)
    .executeTakeFirst();
  return row ? toTeamWithCompetition(row) : null;
};

/** A team row joined to its league (`league_name`, `competition_id`) as a save reads it. */
export interface TeamLeagueRow {
  id: string;
  name: string;
  user_id: string;
  league_id: string;
  league_name: string;
  competition_id: string;
}

export const toTeamWithCompetition = (row: TeamLeagueRow): TeamWithCompetition => ({
  id: row.id,
  name: row.name,
  userId: row.user_id,
  leagueId: row.league_id,
  leagueName: row.league_name,
  competitionId: row.competition_id,
});

/** `share`: take shared row locks (PostgreSQL), so a change to these fixtures is waited for. */
export const fixturesByIds = async (
  db: Db,
  ids: string[],
  share = false,
): Promise<Map<string, FixtureForPrediction & { round: string }>> => {
  if (ids.length === 0) return new Map();
  const query = db
    .selectFrom('fixtures')
    .select([
      'id',
      'competition_id',
      'season',
      'round_label',
      'kickoff_at',
      'status',
      'home_team',
      'away_team',
      'tbd',
    ])
    .where('id', 'in', ids);
  const rows = await (share ? query.forShare() : query).execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        competitionId: r.competition_id,
        season: r.season,
        round: r.round_label,
        kickoffAt: r.kickoff_at,
        status: r.status,
        homeTeam: r.home_team,
        awayTeam: r.away_team,
        tbd: Number(r.tbd) === 1,
      },
    ]),
  );
};

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
    outcome: r.outcome,
    firstGoalMinute: r.first_goal_minute,
    joker: Number(r.joker) === 1,
    points: r.points,
    createdAt: r.created_at,
  }));
};

/** One season of the league's competition with the picks of the league's teams. */
export const leagueFixtureEntries = async (
  db: Db,
  leagueId: string,
  competitionId: string,
  season: string,
) => {
  const fixtures = await db
    .selectFrom('fixtures')
    .select([
      'id',
      'round_label',
      'kickoff_at',
      'time_confirmed',
      'home_team',
      'away_team',
      'status',
      'home_score',
      'away_score',
      'first_goal_minute',
      'field_origins',
    ])
    .where('competition_id', '=', competitionId)
    .where('season', '=', season)
    .orderBy('kickoff_at')
    .orderBy('id')
    .execute();
  const predictions = await db
    .selectFrom('predictions as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('fixtures as f', 'f.id', 'p.fixture_id')
    .select([
      'p.fixture_id',
      'p.team_id',
      'p.outcome',
      'p.first_goal_minute',
      'p.joker',
      'p.points',
    ])
    .where('t.league_id', '=', leagueId)
    .where('f.season', '=', season)
    .execute();
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'name', 'user_id'])
    .where('league_id', '=', leagueId)
    .orderBy('name')
    .execute();
  // Looked up per fixture × team by the callers: index once instead of scanning per cell.
  const byKey = new Map(predictions.map((p) => [`${p.fixture_id}|${p.team_id}`, p]));
  return { fixtures, predictions, teams, byKey };
};

/** What a save reads before its rule decides (sqlite-repository.ts reads the same). */
export interface SaveReads {
  team: TeamWithCompetition | null;
  fixtures: Map<string, FixtureForPrediction>;
  /** Every pick of the team holding a joker, with its fixture's season. */
  jokers: { fixtureId: string; season: string; joker: true }[];
  /** The team's stored picks of the batch's fixtures. */
  stored: Map<string, StoredPick>;
  /** The rules rows of the team's league (its deadline and jokers per season). */
  rules: RulesRow[];
}

/**
 * A save's reads in the caller's transaction: the team (its row locked on PostgreSQL, so two
 * saves of one team take turns and cannot both place the last joker), then the batch's fixtures
 * (shared locks on PostgreSQL: a result or a moved kick-off committing meanwhile is waited for)
 * and the team's picks.
 */
export const readForSave = async (
  trx: Transaction<DB>,
  dialect: Dialect,
  teamId: string,
  fixtureIds: string[],
): Promise<SaveReads> => {
  const team = await findTeamWithCompetition(trx, teamId);
  if (!team) return { team, fixtures: new Map(), jokers: [], stored: new Map(), rules: [] };
  await lockTeamRow(trx, dialect, teamId);
  const fixtures = await fixturesByIds(trx, fixtureIds, dialect === 'postgres');
  const read = () => picksForSave(trx, teamId, fixtureIds);
  const { jokers, stored } = await settledPicks(trx, dialect, team.leagueId, read);
  const rules = await rowsOf(trx, [team.leagueId]);
  return {
    team,
    fixtures,
    jokers: jokers.map((j) => ({ ...j, joker: true as const })),
    stored,
    rules,
  };
};

/**
 * PostgreSQL: holds the team's row until the transaction ends, so two writes of one team's picks
 * queue (SQLite has one writer anyway). NO KEY UPDATE, not UPDATE: a tally run inserting the
 * team's first totals row checks its foreign key with a KEY SHARE lock on this row, which must
 * not wait for a writer that waits for the run (a deadlock).
 */
export const lockTeamRow = async (trx: Transaction<DB>, dialect: Dialect, teamId: string) => {
  if (dialect === 'postgres')
    await sql`select id from teams where id = ${teamId} for no key update`.execute(trx);
};
