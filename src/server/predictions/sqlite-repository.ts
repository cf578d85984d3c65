import type { DirectStatements } from '../db/database';
import type { FixtureForPrediction, Outcome } from '../../domain/predictions';
import { picksSavedDirect, type TotalsMove } from '../standings/standings';
import { leagueRulesText, type RulesRow } from '../leagues/rules-repository';
import {
  picksOfRows,
  toSaveFixture,
  type SaveFixtureRow,
  type SavePickRow,
} from '../predictions-store/save-rows';
import {
  toTeamWithCompetition,
  type SaveReads,
  type TeamLeagueRow,
  type TeamWithCompetition,
} from './repository';
import type { SaveRow } from '../predictions-store/repository';

/*
 * A save's statements as SQLite prepared statements, run synchronously inside one transaction
 * (docs/decisions/010): the same reads and writes as `readForSave` / `writeSave` in
 * repository.ts, without Kysely's builder and promises between them. Lists are bound as one JSON
 * array (`json_each`), so every statement is prepared once whatever the batch's length.
 */

const teamText = `select t.id, t.name, t.user_id, t.league_id, l.name as league_name, l.competition_id
  from teams t join leagues l on l.id = t.league_id where t.id = ?`;

const fixturesText = `select id, competition_id, season, kickoff_at, status, home_team, away_team, tbd
  from fixtures where id in (select value from json_each(?))`;

const picksText = `select p.fixture_id, p.joker, p.points, p.tallied, f.season
  from predictions p join fixtures f on f.id = p.fixture_id
  where p.team_id = ? and (p.joker = 1 or p.fixture_id in (select value from json_each(?)))`;

const upsertText = `insert into predictions
  (team_id, fixture_id, outcome, first_goal_minute, joker, tallied, created_at, updated_at)
  values (?, ?, ?, cast(? as integer), cast(? as integer), cast(? as integer), ?, ?)
  on conflict (team_id, fixture_id) do update set outcome = excluded.outcome,
    first_goal_minute = excluded.first_goal_minute, joker = excluded.joker,
    tallied = excluded.tallied, updated_at = excluded.updated_at`;

/** The team (with its league), the batch's fixtures, the team's jokers and its stored picks. */
export const readForSave = (
  s: DirectStatements,
  teamId: string,
  fixtureIds: string[],
): SaveReads => {
  const row = s.get<TeamLeagueRow>(teamText, teamId);
  const team: TeamWithCompetition | null = row ? toTeamWithCompetition(row) : null;
  if (!team) return { team, fixtures: new Map(), jokers: [], stored: new Map(), rules: [] };
  const ids = JSON.stringify(fixtureIds);
  const fixtures = new Map<string, FixtureForPrediction>(
    s.all<SaveFixtureRow>(fixturesText, ids).map((f) => [f.id, toSaveFixture(f)]),
  );
  return {
    team,
    fixtures,
    rules: s.all<RulesRow>(leagueRulesText, team.leagueId),
    ...picksOfRows(s.all<SavePickRow>(picksText, teamId, ids), fixtureIds),
  };
};

/** Upserts the rows and moves the team's season totals by what changed. */
export const writeSave = (
  s: DirectStatements,
  teamId: string,
  rows: SaveRow[],
  moves: Map<string, TotalsMove>,
  at: string,
) => {
  for (const w of rows)
    s.run(
      upsertText,
      teamId,
      w.fixtureId,
      w.outcome satisfies Outcome,
      w.firstGoalMinute,
      w.joker ? 1 : 0,
      w.tallied,
      at,
      at,
    );
  picksSavedDirect(s, teamId, moves);
};
