import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type RawBuilder,
  type Transaction,
} from 'kysely';
import type { DB } from '../db/schema';
import type { DirectStatements } from '../db/database';
import {
  holdsMinuteSql,
  marksOf,
  minuteCodeOf,
  minuteCodeSql,
  openTally,
  tallyOf,
} from './tally-code';
import { addToMinuteCounts, addToRoundTotals, addToTeamTotals } from './tally-sql';

type Db = Kysely<DB> | Transaction<DB>;

// What a save or a deletion of picks moves (tally-sql.ts has the runs of a fixture): a team's
// season totals by the picks it changed, a round's totals and a league's minute counts by picks
// that leave. Each move goes through tally-sql's statements, like a fixture's run.

/** How a team's totals of one season move. */
export interface TotalsMove {
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
  predictions: number;
  jokers: number;
  scoredPredictions: number;
  scoredJokers: number;
  scoredDraws: number;
}

/** A stored pick as a move reads it. */
export interface StoredPick {
  joker: boolean;
  points: number | null;
  tallied: number | null;
}

const noMove: TotalsMove = {
  points: 0,
  exactMinutes: 0,
  correctOutcomes: 0,
  predictions: 0,
  jokers: 0,
  scoredPredictions: 0,
  scoredJokers: 0,
  scoredDraws: 0,
};

/** A move that changes nothing (a save that changed no joker of a pick already counted). */
export const isNoMove = (m: TotalsMove) => moveKeys.every((k) => m[k] === 0);

/** What the totals hold of a stored pick (null tally: nothing). */
const contribution = (pick: StoredPick | undefined): TotalsMove => {
  if (pick === undefined || pick.tallied === null) return noMove;
  const marks = marksOf(pick.tallied);
  const joker = marks.joker ? 1 : 0;
  const scored = pick.points === null ? 0 : 1;
  return {
    points: pick.points ?? 0,
    exactMinutes: marks.exact ? 1 : 0,
    correctOutcomes: marks.correct ? 1 : 0,
    predictions: 1,
    jokers: joker,
    scoredPredictions: scored,
    scoredJokers: scored * joker,
    scoredDraws: marks.draw ? 1 : 0,
  };
};

/** Adds `by` (or takes it away) to the season's move: a new object, field by field (a save's hot path). */
const addMove = (moves: Map<string, TotalsMove>, season: string, by: TotalsMove, sign: 1 | -1) => {
  const m = moves.get(season) ?? noMove;
  moves.set(season, {
    points: m.points + sign * by.points,
    exactMinutes: m.exactMinutes + sign * by.exactMinutes,
    correctOutcomes: m.correctOutcomes + sign * by.correctOutcomes,
    predictions: m.predictions + sign * by.predictions,
    jokers: m.jokers + sign * by.jokers,
    scoredPredictions: m.scoredPredictions + sign * by.scoredPredictions,
    scoredJokers: m.scoredJokers + sign * by.scoredJokers,
    scoredDraws: m.scoredDraws + sign * by.scoredDraws,
  });
};

/**
 * Whether the totals hold a stored pick as a write of an open fixture leaves it: counted, with
 * its joker and nothing of a result. Any other pick (a bulk load's, untallied; one still scored
 * after its fixture was reopened) is one a fixture's run may still move.
 */
export const isSettledPick = (pick: StoredPick) =>
  pick.points === null && pick.tallied === openTally(pick.joker);

/**
 * A save of open fixtures (their points do not change): each pick is counted as made with its
 * joker; a pick the totals did not hold yet (a bulk load) is counted whole. What the scored marks
 * hold of a pick (correct, exact, draw, minute) stays until its fixture's next run. Returns the
 * tally to store per fixture and the move of the team's totals per season.
 */
export const planSave = (
  stored: Map<string, StoredPick>,
  writes: { fixtureId: string; joker?: boolean | undefined; season: string }[],
) => {
  const moves = new Map<string, TotalsMove>();
  const rows = writes.map((w) => {
    const before = stored.get(w.fixtureId);
    const joker = w.joker ?? before?.joker ?? false;
    const tallied = tallyOf({ ...marksOf(before?.tallied ?? null), joker });
    const after = { joker, points: before?.points ?? null, tallied };
    addMove(moves, w.season, contribution(before), -1);
    addMove(moves, w.season, contribution(after), 1);
    return { fixtureId: w.fixtureId, joker, tallied };
  });
  return { rows, moves };
};

/** How a team's totals of one round move (only deletions of picks still holding a result). */
export interface RoundMove {
  season: string;
  round: string;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
}

/**
 * Picks deleted: what the totals held of them leaves — the season totals, and for a pick still
 * holding a result's marks (its fixture reopened, its run not here yet) the round's totals and
 * the league's minute counts.
 */
export const planDelete = (
  stored: Map<string, StoredPick>,
  deleted: { fixtureId: string; season: string; round: string }[],
) => {
  const moves = new Map<string, TotalsMove>();
  const rounds = new Map<string, RoundMove>();
  const minutes: { season: string; code: number }[] = [];
  for (const d of deleted) {
    const pick = stored.get(d.fixtureId);
    const held = contribution(pick);
    addMove(moves, d.season, held, -1);
    const code = minuteCodeOf(pick?.tallied ?? null);
    if (code > 0) minutes.push({ season: d.season, code });
    if (held.points === 0 && held.exactMinutes === 0 && held.correctOutcomes === 0) continue;
    const key = JSON.stringify([d.season, d.round]);
    const r = rounds.get(key) ?? {
      season: d.season,
      round: d.round,
      points: 0,
      exactMinutes: 0,
      correctOutcomes: 0,
    };
    rounds.set(key, {
      ...r,
      points: r.points - held.points,
      exactMinutes: r.exactMinutes - held.exactMinutes,
      correctOutcomes: r.correctOutcomes - held.correctOutcomes,
    });
  }
  return { moves, rounds: [...rounds.values()], minutes };
};

/** One team's move of one season as the rows `addToTeamTotals` adds (values bound in order). */
const teamMove = (teamId: unknown, season: unknown, m: Record<keyof TotalsMove, unknown>) => {
  const n = (v: unknown) => sql`cast(${v} as integer)`;
  return addToTeamTotals(
    sql`select t.id, ${season}, t.league_id, lower(t.name), ${n(m.points)}, 0, ${n(m.exactMinutes)},
      ${n(m.correctOutcomes)}, ${n(m.predictions)}, ${n(m.jokers)}, ${n(m.scoredPredictions)},
      ${n(m.scoredJokers)}, ${n(m.scoredDraws)}
    from teams t where t.id = ${teamId}`,
  );
};

/** Moves one team's totals (one statement per season that changes). */
export const moveTeamTotals = async (
  db: Db,
  team: { id: string },
  moves: Map<string, TotalsMove>,
) => {
  for (const [season, m] of moves) if (!isNoMove(m)) await teamMove(team.id, season, m).execute(db);
};

/**
 * The same statement for SQLite's synchronous save path (decision 010): compiled once from
 * `teamMove`, with its parameters in the order the compiler put them.
 */
const coldSqlite = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const moveKeys = Object.keys(noMove) as (keyof TotalsMove)[];
const directMove = (() => {
  const slots = Object.fromEntries(moveKeys.map((k) => [k, `$${k}`])) as Record<
    keyof TotalsMove,
    string
  >;
  const compiled = teamMove('$team', '$season', slots).compile(coldSqlite);
  return { text: compiled.sql, order: compiled.parameters as string[] };
})();

/** `moveTeamTotals` on SQLite's synchronous connection (inside the caller's group commit). */
export const moveTeamTotalsDirect = (
  s: DirectStatements,
  teamId: string,
  moves: Map<string, TotalsMove>,
) => {
  for (const [season, m] of moves) {
    if (isNoMove(m)) continue;
    const value = (slot: string) =>
      slot === '$team'
        ? teamId
        : slot === '$season'
          ? season
          : m[slot.slice(1) as keyof TotalsMove];
    s.run(directMove.text, ...directMove.order.map(value));
  }
};

/** Statements compiled for PostgreSQL without a connection (the group commit of saves). */
const coldPostgres = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * `moveTeamTotals` of many teams in one statement on PostgreSQL (decision 022): the moves are
 * bound as ten arrays from parameter `$first` on — team, season, then each counter in
 * `TotalsMove` order (`teamMovesParams`). A team and season appear once.
 */
export const teamMovesText = (first: number) => {
  const p = (i: number) => `$${first + i}`;
  const arrays = [
    `${p(0)}::text[]`,
    `${p(1)}::text[]`,
    ...moveKeys.map((_, i) => `${p(2 + i)}::int[]`),
  ].join(', ');
  const counters = moveKeys.map((k) => `m.${k}`);
  const select = `select t.id, m.season, t.league_id, lower(t.name), ${counters[0]}, 0, ${counters
    .slice(1)
    .join(', ')}
    from unnest(${arrays}) as m(team, season, ${moveKeys.join(', ')})
    join teams t on t.id = m.team`;
  return addToTeamTotals(sql.raw(select)).compile(coldPostgres).sql;
};

/** The arrays `teamMovesText` binds, from each team's moves (no-moves left out). */
export const teamMovesParams = (
  teams: readonly { teamId: string; moves: Map<string, TotalsMove> }[],
) => {
  const rows = teams.flatMap(({ teamId, moves }) =>
    [...moves].filter(([, m]) => !isNoMove(m)).map(([season, m]) => ({ teamId, season, m })),
  );
  return {
    rows: rows.length,
    params: [
      rows.map((r) => r.teamId),
      rows.map((r) => r.season),
      ...moveKeys.map((k) => rows.map((r) => r.m[k])),
    ],
  };
};

/** Moves one team's round totals (one statement per round). */
export const moveRoundTotals = async (db: Db, team: { id: string }, moves: RoundMove[]) => {
  for (const m of moves)
    await addToRoundTotals(
      sql`select t.id, ${m.season}, ${m.round}, t.league_id, lower(t.name),
        cast(${m.points} as integer), cast(${m.exactMinutes} as integer),
        cast(${m.correctOutcomes} as integer)
      from teams t where t.id = ${team.id}`,
    ).execute(db);
};

/** Takes deleted picks out of their league's minute counts (rare: see `planDelete`). */
export const dropMinutes = async (
  db: Db,
  team: { id: string },
  picks: { season: string; code: number }[],
) => {
  if (picks.length === 0) return;
  const rows = picks.map(
    (p) =>
      sql`select t.league_id as league_id, ${p.season} as season, cast(${p.code} as integer) as code, -1 as n from teams t where t.id = ${team.id}`,
  );
  await addToMinuteCounts(sql.join(rows, sql` union all `)).execute(db);
};

/**
 * Before a team is removed (its predictions and team totals cascade): what its picks gave the
 * league's minute counts leaves them — one search of that team's picks.
 */
export const dropTeamMinutes = async (db: Db, teamId: string) => {
  const tallied = sql.ref('p.tallied') as RawBuilder<number | null>;
  await addToMinuteCounts(
    sql`select t.league_id as league_id, f.season as season, ${minuteCodeSql(tallied)} as code, -1 as n
    from teams t cross join predictions p join fixtures f on f.id = p.fixture_id
    where t.id = ${teamId} and p.team_id = t.id and ${holdsMinuteSql(tallied)}`,
  ).execute(db);
};
