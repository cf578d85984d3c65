import type { DirectStatements } from '../db/database';
import type { FixtureForPrediction, Outcome } from '../../domain/predictions';
import type { FixtureStatus } from '../../domain/fixtures';
import { picksSavedDirect, type TotalsMove } from '../standings/standings';
import { leagueRulesText, type RulesRow } from '../leagues/rules-repository';
import {
  toTeamWithCompetition,
  type SaveReads,
  type SaveRow,
  type TeamLeagueRow,
  type TeamWithCompetition,
} from './repository';

/*
 * A save's statements as SQLite prepared statements, run synchronously inside one transaction
 * (docs/decisions/010): the same reads and writes as `readForSave` / `writeSave` in
 * repository.ts, without Kysely's builder and promises between them. Lists are bound as one JSON
 * array (`json_each`), so every statement is prepared once whatever the batch's length.
 */

const teamText = `select t.id, t.name, t.user_id, t.league_id, l.name as league_name, l.competition_id
  from teams t join leagues l on l.id = t.league_id where t.id = ?`;

const fixturesText = `select id, competition_id, season, kickoff_at, status, home_team, away_team
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

interface FixtureRow {
  id: string;
  competition_id: string;
  season: string;
  kickoff_at: string;
  status: FixtureStatus;
  home_team: string;
  away_team: string;
}

interface PickRow {
  fixture_id: string;
  joker: number;
  points: number | null;
  tallied: number | null;
  season: string;
}

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
    s.all<FixtureRow>(fixturesText, ids).map((f) => [
      f.id,
      {
        id: f.id,
        competitionId: f.competition_id,
        season: f.season,
        kickoffAt: f.kickoff_at,
        status: f.status,
        homeTeam: f.home_team,
        awayTeam: f.away_team,
      },
    ]),
  );
  const picks = s.all<PickRow>(picksText, teamId, ids);
  const wanted = new Set(fixtureIds);
  return {
    team,
    fixtures,
    rules: s.all<RulesRow>(leagueRulesText, team.leagueId),
    jokers: picks
      .filter((p) => p.joker === 1)
      .map((p) => ({ fixtureId: p.fixture_id, season: p.season, joker: true })),
    stored: new Map(
      picks
        .filter((p) => wanted.has(p.fixture_id))
        .map((p) => [p.fixture_id, { joker: p.joker === 1, points: p.points, tallied: p.tallied }]),
    ),
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
