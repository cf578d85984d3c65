import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { unnamedPlayer } from '../../domain/leagues';
import { levelScores } from '../../domain/standings';
import { prepared, preparedSql } from '../db/prepared';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Standings read from the derived totals (team_totals, round_totals), a page at a time, in the
 * order of docs/design.md §3: points, exact minutes, correct outcomes, then the team's name (lower-cased,
 * unique in a league). Every query searches one league's rows by index; none reads predictions.
 */

/** Display names are clipped in tables: a page stays small whatever a profile holds. */
export const managerLength = 50;

export interface TotalsRow {
  teamId: string;
  teamName: string;
  userId: string;
  manager: string;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
  predictions: number;
  jokers: number;
  /** Predictions and jokers on fixtures with a result: what other players may see. */
  scoredPredictions: number;
  scoredJokers: number;
  /** Points of settled bonus questions (counted in `points`). */
  bonusPoints: number;
}

export const managerName = (name: string | null) =>
  name && name.trim() !== '' ? name.slice(0, managerLength) : unnamedPlayer;

/**
 * Teams without a totals row for the season (new teams, a new season, a bulk load) get an empty
 * one, so every team of the league is ranked (the caller saw fewer totals than teams).
 */
export const fillMissingTotals = async (db: Db, leagueId: string, season: string) => {
  await sql`insert into team_totals (team_id, season, league_id, team_key)
    select t.id, ${season}, t.league_id, lower(t.name) from teams t
    where t.league_id = ${leagueId}
      and not exists (select 1 from team_totals x where x.team_id = t.id and x.season = ${season})
    on conflict (team_id, season) do nothing`.execute(db);
};

/** Whether every team of the league has a totals row for the season (two index counts). */
export const totalsComplete = async (db: Db, leagueId: string, season: string) =>
  (await tableSummary(db, leagueId, season)).complete;

/** A team's name, owner and manager (clipped) — the columns every table row shows. */
export const teamColumns = [
  't.name',
  't.user_id',
  sql<string | null>`substr(u.name, 1, ${sql.lit(managerLength + 10)})`.as('manager'),
] as const;

const tableQuery = (db: Db, leagueId: string, season: string) =>
  db
    .selectFrom('team_totals as tt')
    .innerJoin('teams as t', 't.id', 'tt.team_id')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .select([
      'tt.team_id',
      ...teamColumns,
      'tt.points',
      'tt.exact_minutes',
      'tt.correct_outcomes',
      'tt.predictions',
      'tt.jokers',
      'tt.scored_predictions',
      'tt.scored_jokers',
      'tt.bonus_points',
    ])
    .where('tt.league_id', '=', leagueId)
    .where('tt.season', '=', season);

type TableRow = Awaited<ReturnType<ReturnType<typeof tableQuery>['execute']>>[number];

/*
 * A table row as the domain reads it, written out field by field. Not made by spreading another
 * object (`{ ...team, predictions, … }`): on Node 20 rows made by a spread survived young-
 * generation collections until the next full one (reading a 50-row page over and over promoted
 * 100 MB in 6 s, against 12 MB written out), and every read after a move paid for them in its
 * collections (docs/decisions/022, 'Later (29 November, evening)'). The same goes for the rows
 * built from these (Object.assign, not a spread). A round's rows have no counts: theirs are 0.
 */
export const toTotals = (
  r: Pick<
    TableRow,
    'team_id' | 'name' | 'user_id' | 'manager' | 'points' | 'exact_minutes' | 'correct_outcomes'
  > &
    Partial<TableRow>,
): TotalsRow => ({
  teamId: r.team_id,
  teamName: r.name,
  userId: r.user_id,
  manager: managerName(r.manager),
  points: Number(r.points),
  exactMinutes: Number(r.exact_minutes),
  correctOutcomes: Number(r.correct_outcomes),
  predictions: Number(r.predictions ?? 0),
  jokers: Number(r.jokers ?? 0),
  scoredPredictions: Number(r.scored_predictions ?? 0),
  scoredJokers: Number(r.scored_jokers ?? 0),
  bonusPoints: Number(r.bonus_points ?? 0),
});

/** docs/design.md §3's order of a table's rows. */
const inTableOrder = (query: ReturnType<typeof tableQuery>) =>
  query
    .orderBy('tt.points', 'desc')
    .orderBy('tt.exact_minutes', 'desc')
    .orderBy('tt.correct_outcomes', 'desc')
    .orderBy('tt.team_key');

/** Rows `offset` … `offset + limit − 1` of the league's table (0-based positions). */
export const tableSlice = async (
  db: Db,
  leagueId: string,
  season: string,
  offset: number,
  limit: number,
) =>
  (
    await prepared(
      db,
      inTableOrder(
        tableQuery(db, leagueId, season)
          // The page's teams found on the rank index alone (skipped rows join nothing), then read.
          .where(
            'tt.team_id',
            'in',
            db
              .selectFrom('team_totals as x')
              .select('x.team_id')
              .where('x.league_id', '=', leagueId)
              .where('x.season', '=', season)
              .orderBy('x.points', 'desc')
              .orderBy('x.exact_minutes', 'desc')
              .orderBy('x.correct_outcomes', 'desc')
              .orderBy('x.team_key')
              .limit(limit)
              .offset(offset),
          ),
      ),
    )
  ).map(toTotals);

/*
 * The rows just above and below a team, found from its own place in the rank index rather than
 * by walking past every row above it (a team near the foot of a 10,000-team table skipped 10,000
 * index entries for three rows). The table's order (points, exact minutes, correct outcomes
 * descending, then the name) makes "above" four ranges of the index — more points; level points
 * and more exact minutes; level on both and more correct outcomes; level on all three and an
 * earlier name — and "below" the four mirror ranges. The nearest `n` rows of each range are each
 * one short walk of the index (forward or backward); the nearest `n` of all are among them.
 */
const aroundRanges = (
  leagueId: string,
  season: string,
  s: Score & { teamKey: string },
  before: number,
  after: number,
) => {
  const range = (where: RawBuilder<unknown>, order: string, limit: number) =>
    sql`select team_id from (select x.team_id from team_totals x
      where x.league_id = ${leagueId} and x.season = ${season} and ${where}
      order by ${sql.raw(order)} limit ${sql.lit(limit)}) r`;
  const up = 'x.points, x.exact_minutes, x.correct_outcomes, x.team_key desc';
  const down = 'x.points desc, x.exact_minutes desc, x.correct_outcomes desc, x.team_key';
  const level = (more: RawBuilder<unknown>) => sql`x.points = ${s.points} and ${more}`;
  const levelTwo = (more: RawBuilder<unknown>) =>
    level(sql`x.exact_minutes = ${s.exactMinutes} and ${more}`);
  const levelAll = (more: RawBuilder<unknown>) =>
    levelTwo(sql`x.correct_outcomes = ${s.correctOutcomes} and ${more}`);
  return sql.join(
    [
      range(sql`x.points > ${s.points}`, up, before),
      range(level(sql`x.exact_minutes > ${s.exactMinutes}`), up, before),
      range(levelTwo(sql`x.correct_outcomes > ${s.correctOutcomes}`), up, before),
      range(levelAll(sql`x.team_key < ${s.teamKey}`), up, before),
      range(levelAll(sql`x.team_key > ${s.teamKey}`), down, after),
      range(levelTwo(sql`x.correct_outcomes < ${s.correctOutcomes}`), down, after),
      range(level(sql`x.exact_minutes < ${s.exactMinutes}`), down, after),
      range(sql`x.points < ${s.points}`, down, after),
    ],
    sql` union all `,
  );
};

/**
 * A team's row with up to `before` rows above it and `after` below, in the table's order, and
 * where the team is among them, from its score and key as its place was counted; null when its
 * row no longer holds them (the table moved since).
 */
export const tableAround = async (
  db: Db,
  leagueId: string,
  season: string,
  team: Score & { teamId: string; teamKey: string },
  before: number,
  after: number,
) => {
  const rows = (
    await prepared(
      db,
      inTableOrder(
        tableQuery(db, leagueId, season).where(
          'tt.team_id',
          'in',
          sql<string>`(select cast(${team.teamId} as text) union all ${aroundRanges(leagueId, season, team, before, after)})`,
        ),
      ),
    )
  ).map(toTotals);
  const at = rows.findIndex((r) => r.teamId === team.teamId);
  const me = rows[at];
  if (!me || !levelScores(me, team)) return null;
  return { rows: rows.slice(Math.max(0, at - before), at + after + 1), at: Math.min(at, before) };
};

export type Score = Pick<TotalsRow, 'points' | 'exactMinutes' | 'correctOutcomes'>;

/** How many teams of the league rank strictly above this score (its rank is that + 1). */
export const countBetter = async (db: Db, leagueId: string, season: string, s: Score) => {
  // Three ranges of the rank index (more points; level points, more exact minutes; level on
  // both, more correct outcomes): each a plain index count.
  const key = sql`tt.league_id = ${leagueId} and tt.season = ${season}`;
  const [row] = await preparedSql(db, sql<{ n: number }>`select ${betterCounts(key, s)} as n`);
  return Number(row?.n ?? 0);
};

/** The score may be values or the columns of an outer row. */
const betterCounts = (
  key: RawBuilder<unknown>,
  s: Score | { [K in keyof Score]: RawBuilder<unknown> },
) => sql`
    (select count(*) from team_totals tt where ${key} and tt.points > ${s.points})
  + (select count(*) from team_totals tt where ${key} and tt.points = ${s.points} and tt.exact_minutes > ${s.exactMinutes})
  + (select count(*) from team_totals tt where ${key} and tt.points = ${s.points} and tt.exact_minutes = ${s.exactMinutes} and tt.correct_outcomes > ${s.correctOutcomes})`;

/**
 * Where the user's teams stand in the league's table, best first: the teams ranked strictly above
 * each (its rank is that + 1) and its 0-based position (those plus the teams level with it before
 * it by name). One statement from the user's own teams (a handful), counting on the rank index.
 */
/** Where one of the user's teams stands: teams above it, its position, its score and key. */
export interface Place extends Score {
  teamId: string;
  better: number;
  position: number;
  teamKey: string;
}

export const placesOfUser = async (
  db: Db,
  leagueId: string,
  season: string,
  userId: string,
): Promise<Place[]> => {
  const key = sql`tt.league_id = ${leagueId} and tt.season = ${season}`;
  const rows = await preparedSql(
    db,
    sql<{
      team_id: string;
      better: number;
      level_before: number;
      points: number;
      exact_minutes: number;
      correct_outcomes: number;
      team_key: string;
    }>`select m.team_id, m.points, m.exact_minutes, m.correct_outcomes, m.team_key,
      ${betterCounts(key, { points: sql`m.points`, exactMinutes: sql`m.exact_minutes`, correctOutcomes: sql`m.correct_outcomes` })} as better,
      (select count(*) from team_totals tt where ${key} and tt.points = m.points
        and tt.exact_minutes = m.exact_minutes and tt.correct_outcomes = m.correct_outcomes
        and tt.team_key < m.team_key) as level_before
    from team_totals m
    where m.league_id = ${leagueId} and m.season = ${season}
      and m.team_id in (select id from teams where user_id = ${userId} and league_id = ${leagueId})`,
  );
  return rows
    .map((r) => {
      const better = Number(r.better);
      return {
        teamId: r.team_id,
        better,
        position: better + Number(r.level_before),
        points: Number(r.points),
        exactMinutes: Number(r.exact_minutes),
        correctOutcomes: Number(r.correct_outcomes),
        teamKey: r.team_key,
      };
    })
    .sort((a, b) => a.position - b.position);
};

/** Some teams of the league with their totals (a page of the live table). */
export const totalsOfTeams = async (
  db: Db,
  leagueId: string,
  season: string,
  teamIds: readonly string[],
) =>
  teamIds.length === 0
    ? []
    : (await tableQuery(db, leagueId, season).where('tt.team_id', 'in', teamIds).execute()).map(
        toTotals,
      );

/** The viewer's teams in the league with their totals (from their own teams, a handful). */
export const teamsOfUser = async (db: Db, leagueId: string, season: string, userId: string) =>
  (
    await prepared(
      db,
      tableQuery(db, leagueId, season).where(
        'tt.team_id',
        'in',
        db
          .selectFrom('teams')
          .select('id')
          .where('user_id', '=', userId)
          .where('league_id', '=', leagueId),
      ),
    )
  ).map(toTotals);

/**
 * The table's summary from the season's totals, and how many teams the league has (more than the
 * totals: some lack their row yet, see `fillMissingTotals`). Two index counts.
 */
export const tableSummary = async (db: Db, leagueId: string, season: string) => {
  const [row] = await prepared(
    db,
    db
      .selectFrom('team_totals')
      .select([
        sql<number>`count(*)`.as('teams'),
        sql<number>`coalesce(max(points), 0)`.as('highest'),
        sql<number>`coalesce(sum(points), 0)`.as('sum'),
        sql<number>`(select count(*) from teams where league_id = ${leagueId})`.as('league_teams'),
      ])
      .where('league_id', '=', leagueId)
      .where('season', '=', season),
  );
  if (!row) throw new Error('an aggregate without its row');
  const teams = Number(row.teams);
  return {
    summary: {
      totalTeams: teams,
      highestScore: Number(row.highest),
      averageScore: teams === 0 ? 0 : Math.round(Number(row.sum) / teams),
    },
    complete: teams >= Number(row.league_teams),
  };
};

/** A team's totals of one round (zeros when it scored nothing in it). */
export const roundScore = async (
  db: Db,
  teamId: string,
  season: string,
  round: string,
): Promise<Score> => {
  const row = await db
    .selectFrom('round_totals')
    .select(['points', 'exact_minutes', 'correct_outcomes'])
    .where('team_id', '=', teamId)
    .where('season', '=', season)
    .where('round_label', '=', round)
    .executeTakeFirst();
  return {
    points: Number(row?.points ?? 0),
    exactMinutes: Number(row?.exact_minutes ?? 0),
    correctOutcomes: Number(row?.correct_outcomes ?? 0),
  };
};

/**
 * How many teams of the league ranked strictly above `before` once `round` is taken off every
 * team's totals (the table as it stood before the round): one pass over the league's rank index,
 * each team's round row found by its key.
 */
export const countBetterBefore = async (
  db: Db,
  leagueId: string,
  season: string,
  round: string,
  before: Score,
) => {
  const row = await sql<{ n: number }>`
    select count(*) as n from (
      select tt.points - coalesce(rt.points, 0) as p,
             tt.exact_minutes - coalesce(rt.exact_minutes, 0) as e,
             tt.correct_outcomes - coalesce(rt.correct_outcomes, 0) as c
      from team_totals tt
      left join round_totals rt
        on rt.team_id = tt.team_id and rt.season = tt.season and rt.round_label = ${round}
      where tt.league_id = ${leagueId} and tt.season = ${season}
    ) b
    where b.p > ${before.points}
       or (b.p = ${before.points} and b.e > ${before.exactMinutes})
       or (b.p = ${before.points} and b.e = ${before.exactMinutes} and b.c > ${before.correctOutcomes})`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
};
