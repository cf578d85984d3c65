import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import type { FixtureForPrediction } from '../../domain/predictions';
import type { DB } from '../db/schema';
import { fixturesToPredict } from '../fixtures/repository';
import { boardFixtures } from '../fixtures/season-repository';
import { leagueSeasonPicks } from '../predictions-store/league-repository';
import { picksForSave, type StoredPick } from '../predictions-store/repository';
import { settledPicks } from '../standings/standings';
import { rowsOf, type RulesRow } from '../leagues/rules-repository';

// What the predictions feature reads beyond the two data units: a team with its league, its row
// lock, and the compositions of a save's reads and a league's board. The fixtures' rows are read
// in src/server/fixtures, the predictions' in src/server/predictions-store (issue 52).

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

/** One season of the league's competition with the picks of the league's teams. */
export const leagueFixtureEntries = async (
  db: Db,
  leagueId: string,
  competitionId: string,
  season: string,
) => {
  const fixtures = await boardFixtures(db, competitionId, season);
  const predictions = await leagueSeasonPicks(db, leagueId, season);
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
  const fixtures = await fixturesToPredict(trx, fixtureIds, dialect === 'postgres');
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
