import { preparedStatement } from '../db/database';
import type { GroupQuery, GroupStatements } from '../db/pg-group';
import type { FixtureForPrediction } from '../../domain/predictions';
import { leaguesRulesPostgresText, type RulesRow } from '../leagues/rules-repository';
import {
  isSettledPick,
  teamMovesParams,
  teamMovesText,
  type TotalsMove,
} from '../standings/standings';
import {
  picksOfRows,
  toSaveFixture,
  type SaveFixtureRow,
  type SavePickRow,
} from '../predictions-store/save-rows';
import { toTeamWithCompetition, type SaveReads, type TeamLeagueRow } from './repository';
import type { SaveRow } from '../predictions-store/repository';

/*
 * The saves of one group commit on PostgreSQL (docs/decisions/022) as a few statements for the
 * whole group: the same reads and writes as `readForSave` and `writeSave` (repository.ts), with
 * lists bound as arrays. The teams' rows are locked first, in one order (no two groups wait on
 * each other in a circle), and everything else is read by a later statement, so it sees what an
 * earlier writer of those teams committed while this group waited for their rows. Both leave in
 * one write (the later one needs nothing the first answers): a group waits for two round trips.
 */

const teamsText =
  preparedStatement(`select t.id, t.name, t.user_id, t.league_id, l.name as league_name, l.competition_id
  from teams t join leagues l on l.id = t.league_id
  where t.id = any($1::text[]) order by t.id for no key update of t`);

const picksSelect = (teams: string, fixtures: string) =>
  `select p.team_id, p.fixture_id, p.joker, p.points, p.tallied, f.season
    from predictions p join fixtures f on f.id = p.fixture_id
    where p.team_id = any(${teams}::text[])
      and (p.joker = 1 or p.fixture_id = any(${fixtures}::text[]))`;

// Fixtures with shared locks: a result or a moved kick-off committing meanwhile is waited for.
// The teams' leagues come from their rows (a team never moves league).
const readsText = preparedStatement(`select
  (select coalesce(json_agg(f), '[]'::json) from (
    select id, competition_id, season, kickoff_at, status, home_team, away_team, tbd
    from fixtures where id = any($1::text[]) order by id for share) f) as fixtures,
  (select coalesce(json_agg(p), '[]'::json) from (${picksSelect('$2', '$1')}) p) as picks,
  (select coalesce(json_agg(r), '[]'::json) from (${leaguesRulesPostgresText('(select array_agg(distinct league_id) from teams where id = any($2::text[]))')}) r) as rules`);

const picksText = picksSelect('$1', '$2');

// Each league's runs are over (they hold the league FOR UPDATE) before its unsettled picks are read.
const settleText = `select id from leagues where id = any($1::text[]) order by id for key share`;

const upsertText = `insert into predictions
  (team_id, fixture_id, outcome, first_goal_minute, joker, tallied, created_at, updated_at)
  select m.team_id, m.fixture_id, m.outcome, m.minute, m.joker, m.tallied, m.at, m.at
  from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[])
    as m(team_id, fixture_id, outcome, minute, joker, tallied, at)
  on conflict (team_id, fixture_id) do update set outcome = excluded.outcome,
    first_goal_minute = excluded.first_goal_minute, joker = excluded.joker,
    tallied = excluded.tallied, updated_at = excluded.updated_at`;

// The picks and the teams' totals in one statement (a data-modifying WITH runs to completion).
const writeText = preparedStatement(
  `with saved as (${upsertText} returning 1) ${teamMovesText(8)}`,
);

interface PickRow extends SavePickRow {
  team_id: string;
}

const byTeam = (picks: PickRow[]) => {
  const teams = new Map<string, PickRow[]>();
  for (const p of picks) {
    const list = teams.get(p.team_id) ?? [];
    list.push(p);
    teams.set(p.team_id, list);
  }
  return teams;
};

/**
 * The reads of every save of a group (one team each): the teams (locked), the fixtures of all
 * batches (shared), the teams' picks and their leagues' rules. A team whose stored picks a run
 * may still move has them read again once its league's runs are over (`settledPicks`).
 */
export const readForSaves = async (
  { query, queries }: Pick<GroupStatements, 'query' | 'queries'>,
  saves: readonly { teamId: string; fixtureIds: readonly string[] }[],
): Promise<Map<string, SaveReads>> => {
  const teamIds = saves.map((s) => s.teamId);
  const fixtureIds = [...new Set(saves.flatMap((s) => s.fixtureIds))];
  const [teamRows, [reads]] = await queries<
    [TeamLeagueRow[], { fixtures: SaveFixtureRow[]; picks: PickRow[]; rules: RulesRow[] }[]]
  >([
    [teamsText, [teamIds]],
    [readsText, [fixtureIds, teamIds]],
  ]);
  const teams = new Map(teamRows.map((row) => [row.id, toTeamWithCompetition(row)]));
  const rules = reads?.rules ?? [];
  const fixtures = new Map<string, FixtureForPrediction>(
    (reads?.fixtures ?? []).map((f) => [f.id, toSaveFixture(f)]),
  );
  let picks = byTeam(reads?.picks ?? []);

  const unsettled = saves.filter((s) => {
    const team = teams.get(s.teamId);
    if (!team) return false;
    const { stored } = picksOfRows(picks.get(s.teamId) ?? [], s.fixtureIds);
    return ![...stored.values()].every(isSettledPick);
  });
  if (unsettled.length > 0) {
    const leagues = [...new Set(unsettled.map((s) => teams.get(s.teamId)?.leagueId ?? ''))];
    await query(settleText, [leagues.sort()]);
    const again = byTeam(
      await query<PickRow>(picksText, [unsettled.map((s) => s.teamId), fixtureIds]),
    );
    picks = new Map([
      ...picks,
      ...unsettled.map((s) => [s.teamId, again.get(s.teamId) ?? []] as const),
    ]);
  }

  const result = new Map<string, SaveReads>();
  for (const s of saves) {
    const team = teams.get(s.teamId) ?? null;
    if (!team) {
      result.set(s.teamId, { team, fixtures: new Map(), jokers: [], stored: new Map(), rules: [] });
      continue;
    }
    const own = new Map(
      s.fixtureIds.flatMap((id) => {
        const f = fixtures.get(id);
        return f ? [[id, f] as const] : [];
      }),
    );
    result.set(s.teamId, {
      team,
      fixtures: own,
      ...picksOfRows(picks.get(s.teamId) ?? [], s.fixtureIds),
      rules: rules.filter((r) => r.league_id === team.leagueId),
    });
  }
  return result;
};

/** Writes what a group decided: every save's rows and every team's totals, in one statement. */
export const writeSaves = async (
  query: GroupQuery,
  saves: readonly { teamId: string; rows: SaveRow[]; moves: Map<string, TotalsMove>; at: string }[],
) => {
  const rows = saves.flatMap((s) => s.rows.map((r) => ({ teamId: s.teamId, at: s.at, r })));
  if (rows.length === 0) return;
  const moves = teamMovesParams(saves);
  await query(writeText, [
    rows.map((x) => x.teamId),
    rows.map((x) => x.r.fixtureId),
    rows.map((x) => x.r.outcome),
    rows.map((x) => x.r.firstGoalMinute),
    rows.map((x) => (x.r.joker ? 1 : 0)),
    rows.map((x) => x.r.tallied),
    rows.map((x) => x.at),
    ...moves.params,
  ]);
};
