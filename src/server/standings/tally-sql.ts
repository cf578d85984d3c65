import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { defaultRules, type ActualResult, type ScoringRules } from '../../domain/scoring';
import type { Dialect } from '../db/database';
import type { DB } from '../db/schema';
import {
  correctOutcomeSql,
  exactMinuteSql,
  pointsSql,
  resultValues,
  rulesValues,
  seasonalRulesValues,
} from './scoring-sql';
import { holdsMinuteSql, markSql, minuteCodeSql, tallySql } from './tally-code';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The statements that move a fixture's predictions and the totals they count in (what a tally
 * holds: tally-code.ts). Every statement here moves the totals by (new tally − old tally) and
 * writes the new tally in the same transaction, and touches only rows whose tally differs:
 * running it twice changes nothing, so a batch interrupted by a restart is simply run again.
 */

/** The fixture as its tally sees it: the key its predictions count under and its result. */
export interface TallyTarget {
  id: string;
  season: string;
  round: string;
  /** The result when the fixture is final with both scores; null: its predictions score nothing. */
  result: ActualResult | null;
}

/** The columns of a prediction row, qualified or not (UPDATE statements name their own table). */
const columns = (alias: string | null) => {
  const ref = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  return {
    outcome: ref('outcome') as RawBuilder<string>,
    minute: ref('first_goal_minute') as RawBuilder<number | null>,
    joker: ref('joker') as RawBuilder<number>,
    points: ref('points') as RawBuilder<number | null>,
    tallied: ref('tallied') as RawBuilder<number | null>,
  };
};

/** New and old tally of a prediction of `target`, as SQL expressions. */
const expressions = (alias: string | null, target: TallyTarget, rules: ScoringRules) => {
  const p = columns(alias);
  const result = target.result;
  const r = result ? resultValues(result) : null;
  const points = r
    ? pointsSql(p, r, rulesValues(rules))
    : (sql<number | null>`cast(null as integer)` as RawBuilder<number | null>);
  const correct = r
    ? sql<number>`(case when ${correctOutcomeSql(p, r)} then 1 else 0 end)`
    : sql<number>`0`;
  const exact = r
    ? sql<number>`(case when ${exactMinuteSql(p, r)} then 1 else 0 end)`
    : sql<number>`0`;
  // Scored: counted on a fixture with a result (what other players may see of the counts).
  const scored = r ? sql<number>`1` : sql<number>`0`;
  const draw = r ? sql<number>`(case when ${p.outcome} = 'X' then 1 else 0 end)` : sql<number>`0`;
  const minuteCode = r
    ? sql<number>`coalesce(${p.minute} + 1, 0)`
    : (sql<number>`0` as RawBuilder<number>);
  const tally = tallySql({ correct, exact, joker: p.joker, draw, minuteCode });
  const counted = sql<number>`(case when ${p.tallied} is null then 0 else 1 end)`;
  const oldScored = sql<number>`(case when ${p.tallied} is null or ${p.points} is null then 0 else 1 end)`;
  const oldPoints = sql<number>`(case when ${p.tallied} is null then 0 else coalesce(${p.points}, 0) end)`;
  return {
    p,
    points,
    correct,
    exact,
    tally,
    counted,
    scored,
    oldScored,
    oldPoints,
    oldCorrect: markSql(p.tallied, 'correct'),
    oldExact: markSql(p.tallied, 'exact'),
    oldJoker: markSql(p.tallied, 'joker'),
    draw,
    oldDraw: markSql(p.tallied, 'draw'),
    minuteCode,
    oldMinuteCode: minuteCodeSql(p.tallied),
    changed: sql<boolean>`(${p.tallied} is null or ${p.tallied} <> ${tally} or ${p.points} is distinct from ${points})`,
  };
};

/** Which of a fixture's predictions a statement reads: those of some leagues, or all. */
export type LeagueScope =
  | {
      leagueIds: string[];
      /**
       * One league's teams in a range of name keys (lower-cased names: after, up to and
       * including); a large league moves in several statements inside one transaction.
       */
      names?: NameRange | undefined;
    }
  | 'all';

export interface NameRange {
  after: string | null;
  upTo: string | null;
}

/** The name-key range of a league's part as a condition on `alias` (empty: the whole league). */
export const nameTerm = (range: NameRange | undefined, alias: string) => {
  if (!range) return sql``;
  const key = sql`lower(${sql.ref(`${alias}.name`)})`;
  return sql`${range.after === null ? sql`` : sql` and ${key} > ${range.after}`}${range.upTo === null ? sql`` : sql` and ${key} <= ${range.upTo}`}`;
};

/**
 * The predictions of the fixture in scope joined to their team. With leagues named, the team
 * drives (an index search per league), never the fixture's prediction list across all leagues.
 */
const source = (fixtureId: string, scope: LeagueScope) =>
  scope === 'all'
    ? sql`from predictions p join teams t on t.id = p.team_id where p.fixture_id = ${fixtureId}`
    : sql`from teams t cross join predictions p where p.team_id = t.id and p.fixture_id = ${fixtureId} and t.league_id in (${sql.join(scope.leagueIds)})${nameTerm(scope.names, 't')}`;

/**
 * The one statement that moves team totals: it adds rows of differences — team, season, league,
 * team key, then the counters in `teamCounters` order — to the teams' season totals, creating the
 * rows they lack. A fixture's run, a round move, a rebuild, a save, a deletion and a bonus
 * question's settlement all move totals through it; `differences` selects the rows.
 */
export const teamCounters = [
  'points',
  'bonus_points',
  'exact_minutes',
  'correct_outcomes',
  'predictions',
  'jokers',
  'scored_predictions',
  'scored_jokers',
  'scored_draws',
] as const;
export type TeamCounter = (typeof teamCounters)[number];

export const addToTeamTotals = (differences: RawBuilder<unknown>) =>
  sql`insert into team_totals (team_id, season, league_id, team_key, ${sql.raw(teamCounters.join(', '))})
    ${differences}
    on conflict (team_id, season) do update set
      ${sql.raw(teamCounters.map((c) => `${c} = team_totals.${c} + excluded.${c}`).join(', '))}`;

/**
 * The same for round totals: rows of (team, season, round, league, team key, points, exact
 * minutes, correct outcomes).
 */
export const addToRoundTotals = (differences: RawBuilder<unknown>) =>
  sql`insert into round_totals (team_id, season, round_label, league_id, team_key, points, exact_minutes, correct_outcomes)
    ${differences}
    on conflict (team_id, season, round_label) do update set
      points = round_totals.points + excluded.points,
      exact_minutes = round_totals.exact_minutes + excluded.exact_minutes,
      correct_outcomes = round_totals.correct_outcomes + excluded.correct_outcomes`;

/**
 * The same for the leagues' counts of scored picks per first-goal minute: `differences` selects
 * (league_id, season, code, n) rows, code being a pick's minute + 1 (tally-code.ts); they are
 * summed per league, season and minute, so a fixture moves at most 91 rows of a league.
 */
export const addToMinuteCounts = (differences: RawBuilder<unknown>) =>
  sql`insert into minute_counts (league_id, season, minute, predictions)
    select d.league_id, d.season, d.code - 1, sum(d.n) from (${differences}) d
    where true group by d.league_id, d.season, d.code having sum(d.n) <> 0
    on conflict (league_id, season, minute) do update set
      predictions = minute_counts.predictions + excluded.predictions`;

/**
 * Brings the predictions of one fixture (in scope) and their teams' totals to the fixture's
 * current state, in the caller's transaction. Returns how many predictions changed points.
 */
export const reconcile = async (
  db: Db,
  dialect: Dialect,
  target: TallyTarget,
  scope: LeagueScope,
  rules: ScoringRules = defaultRules,
  /** Between the statements (the event loop's turn while a large league moves). */
  pause: () => Promise<void> = async () => {},
) => {
  if (scope !== 'all' && scope.leagueIds.length === 0) return 0;
  const e = expressions('p', target, rules);
  const from = source(target.id, scope);
  const moves = sql`(coalesce(${e.points}, 0) <> ${e.oldPoints} or ${e.exact} <> ${e.oldExact} or ${e.correct} <> ${e.oldCorrect})`;
  await addToTeamTotals(
    sql`select p.team_id, ${target.season}, t.league_id, lower(t.name),
      coalesce(${e.points}, 0) - ${e.oldPoints}, 0, ${e.exact} - ${e.oldExact}, ${e.correct} - ${e.oldCorrect},
      1 - ${e.counted}, ${e.p.joker} - ${e.oldJoker},
      ${e.scored} - ${e.oldScored}, ${e.scored} * ${e.p.joker} - ${e.oldScored} * ${e.oldJoker},
      ${e.draw} - ${e.oldDraw}
    ${from} and ${e.changed} and (${moves} or ${e.counted} = 0 or ${e.p.joker} <> ${e.oldJoker} or ${e.scored} <> ${e.oldScored} or ${e.draw} <> ${e.oldDraw})`,
  ).execute(db);
  await pause();
  await addToMinuteCounts(
    sql`select t.league_id as league_id, ${target.season} as season, ${e.minuteCode} as code, 1 as n ${from}
        and ${e.changed} and ${e.minuteCode} <> ${e.oldMinuteCode} and ${e.minuteCode} > 0
      union all
      select t.league_id, ${target.season}, ${e.oldMinuteCode}, -1 ${from}
        and ${e.changed} and ${e.minuteCode} <> ${e.oldMinuteCode} and ${e.oldMinuteCode} > 0`,
  ).execute(db);
  await pause();
  await addToRoundTotals(
    sql`select p.team_id, ${target.season}, ${target.round}, t.league_id, lower(t.name),
      coalesce(${e.points}, 0) - ${e.oldPoints}, ${e.exact} - ${e.oldExact}, ${e.correct} - ${e.oldCorrect}
    ${from} and ${e.changed} and ${moves}`,
  ).execute(db);
  await pause();
  const u = expressions(null, target, rules);
  // SQLite: `+fixture_id` keeps the planner on the teams' primary-key searches of the batch
  // instead of the fixture's index (every league's predictions).
  const fixtureTerm =
    scope !== 'all' && dialect === 'sqlite'
      ? sql`+fixture_id = ${target.id}`
      : sql`fixture_id = ${target.id}`;
  const teams =
    scope === 'all'
      ? sql``
      : sql`and team_id in (select id from teams tn where league_id in (${sql.join(scope.leagueIds)})${nameTerm(scope.names, 'tn')})`;
  const updated = await sql`update predictions set points = ${u.points}, tallied = ${u.tally}
    where ${fixtureTerm} ${teams} and ${u.changed}`.execute(db);
  return Number(updated.numAffectedRows ?? 0n);
};

/**
 * Takes a fixture's predictions out of the totals under the key they were counted with (before
 * the fixture moves to another round): every tallied row's contribution is subtracted and its
 * tally cleared, so a run under the new key counts it again.
 */
export const untally = async (db: Db, fixtureId: string, season: string, round: string) => {
  const e = expressions('p', { id: fixtureId, season, round, result: null }, defaultRules);
  const from = source(fixtureId, 'all');
  await addToTeamTotals(
    sql`select p.team_id, ${season}, t.league_id, lower(t.name), -${e.oldPoints}, 0, -${e.oldExact}, -${e.oldCorrect}, -${e.counted}, -${e.oldJoker},
      -${e.oldScored}, -${e.oldScored} * ${e.oldJoker}, -${e.oldDraw}
    ${from} and p.tallied is not null`,
  ).execute(db);
  await addToMinuteCounts(
    sql`select t.league_id as league_id, ${season} as season, ${e.oldMinuteCode} as code, -1 as n ${from}
      and ${e.oldMinuteCode} > 0`,
  ).execute(db);
  await addToRoundTotals(
    sql`select p.team_id, ${season}, ${round}, t.league_id, lower(t.name), -${e.oldPoints}, -${e.oldExact}, -${e.oldCorrect}
    ${from} and p.tallied is not null`,
  ).execute(db);
  await sql`update predictions set tallied = null where fixture_id = ${fixtureId} and tallied is not null`.execute(
    db,
  );
};

/**
 * Rebuilds the totals of some leagues from their predictions in one step: every prediction is
 * scored again from its fixture, the leagues' totals are dropped and summed afresh.
 */
export const rebuildLeagues = async (
  db: Db,
  leagueIds: string[],
  names?: NameRange,
  /** The leagues' rules by season (a rebuild scores every season): none, the game's. */
  changes: { from: string; rules: ScoringRules }[] = [],
) => {
  if (leagueIds.length === 0) return;
  const leagues = sql.join(leagueIds);
  const teamsIn = sql`(select id from teams tn where league_id in (${leagues})${nameTerm(names, 'tn')})`;
  const f = {
    outcome: sql<string>`(case when f.home_score > f.away_score then '1' when f.home_score = f.away_score then 'X' else '2' end)`,
    minute: sql.ref('f.first_goal_minute') as RawBuilder<number | null>,
  };
  const scored = sql<boolean>`(f.status = 'final' and f.home_score is not null and f.away_score is not null)`;
  // Qualified: inside the sub-selects an unqualified first_goal_minute would be the fixture's.
  const p = columns('predictions');
  const points = sql<
    number | null
  >`(case when ${scored} then ${pointsSql(p, f, seasonalRulesValues(defaultRules, changes, sql.ref('f.season')))} else null end)`;
  const correct = sql<number>`(case when ${scored} and ${correctOutcomeSql(p, f)} then 1 else 0 end)`;
  const exact = sql<number>`(case when ${scored} and ${exactMinuteSql(p, f)} then 1 else 0 end)`;
  const draw = sql<number>`(case when ${scored} and predictions.outcome = 'X' then 1 else 0 end)`;
  const minuteCode = sql<number>`(case when ${scored} then coalesce(predictions.first_goal_minute + 1, 0) else 0 end)`;
  const tally = tallySql({ correct, exact, joker: p.joker, draw, minuteCode });
  const tallied = sql.ref('p.tallied') as RawBuilder<number | null>;
  await sql`update predictions set
      points = (select ${points} from fixtures f where f.id = predictions.fixture_id),
      tallied = (select ${tally} from fixtures f where f.id = predictions.fixture_id)
    where team_id in ${teamsIn}`.execute(db);
  await sql`delete from team_totals where league_id in (${leagues}) and team_id in ${teamsIn}`.execute(
    db,
  );
  await sql`delete from round_totals where league_id in (${leagues}) and team_id in ${teamsIn}`.execute(
    db,
  );
  // Summed afresh through the same statements every move takes (the rows were just dropped).
  await addToTeamTotals(
    sql`select t.id, f.season, t.league_id, lower(t.name), sum(coalesce(p.points, 0)), 0,
      sum(${markSql(tallied, 'exact')}), sum(${markSql(tallied, 'correct')}), count(*), sum(p.joker),
      sum(case when p.points is null then 0 else 1 end), sum(case when p.points is null then 0 else p.joker end),
      sum(${markSql(tallied, 'draw')})
    from teams t cross join predictions p join fixtures f on f.id = p.fixture_id
    where p.team_id = t.id and t.league_id in (${leagues})${nameTerm(names, 't')}
    group by t.id, f.season, t.league_id, t.name`,
  ).execute(db);
  await addToRoundTotals(
    sql`select t.id, f.season, f.round_label, t.league_id, lower(t.name), sum(coalesce(p.points, 0)),
      sum(${markSql(tallied, 'exact')}), sum(${markSql(tallied, 'correct')})
    from teams t cross join predictions p join fixtures f on f.id = p.fixture_id
    where p.team_id = t.id and t.league_id in (${leagues})${nameTerm(names, 't')} and ${scored}
    group by t.id, f.season, f.round_label, t.league_id, t.name`,
  ).execute(db);
  // The minute counts are the league's, not a team's: the first part of a league (all of it
  // when not in parts) drops them, each part adds its teams' (the parts run in one transaction).
  if (!names || names.after === null)
    await sql`delete from minute_counts where league_id in (${leagues})`.execute(db);
  await addToMinuteCounts(
    sql`select t.league_id as league_id, f.season as season, ${minuteCodeSql(tallied)} as code, 1 as n
    from teams t cross join predictions p join fixtures f on f.id = p.fixture_id
    where p.team_id = t.id and t.league_id in (${leagues})${nameTerm(names, 't')} and ${holdsMinuteSql(tallied)}`,
  ).execute(db);
};
