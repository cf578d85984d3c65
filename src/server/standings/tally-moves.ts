import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import {
  addToTeamTotals,
  minuteUnit,
  tallyBits,
  teamTotalsAdd,
  teamTotalsInsert,
} from './tally-sql';

type Db = Kysely<DB> | Transaction<DB>;

// What a save or a deletion of picks moves (tally-sql.ts has the runs of a fixture): a team's
// season totals by the picks it changed, and a league's minute counts by picks that leave.

/**
 * The statement that moves one team's season totals, as plain SQL text for a prepared statement
 * (parameters: season, points, exact minutes, correct outcomes, predictions, jokers, scored
 * predictions, scored jokers, scored draws, team id): the same upsert `moveTeamTotals` runs
 * through Kysely.
 */
export const moveTeamTotalsText = `${teamTotalsInsert}
  select t.id, ?, t.league_id, lower(t.name), cast(? as integer), cast(? as integer),
    cast(? as integer), cast(? as integer), cast(? as integer), cast(? as integer),
    cast(? as integer), cast(? as integer)
    from teams t where t.id = ?
  ${teamTotalsAdd}`;

/** The parameters of `moveTeamTotalsText` for one season's move. */
export const moveTeamTotalsParams = (teamId: string, season: string, m: TotalsMove) => [
  season,
  m.points,
  m.exactMinutes,
  m.correctOutcomes,
  m.predictions,
  m.jokers,
  m.scoredPredictions,
  m.scoredJokers,
  m.scoredDraws,
  teamId,
];

/** A move that changes nothing (a save that changed no joker of a pick already counted). */
export const isNoMove = (m: TotalsMove) => Object.values(m).every((v) => v === 0);

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

interface Pick {
  joker: boolean;
  points: number | null;
  tallied: number | null;
}

const hasBit = (tallied: number | null, value: number) =>
  tallied !== null && Math.floor(tallied / value) % 2 === 1;

/** What the totals hold of a stored pick (null tally: nothing). */
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

const contribution = (pick: Pick | undefined): TotalsMove => {
  if (pick === undefined || pick.tallied === null) return noMove;
  const joker = hasBit(pick.tallied, tallyBits.joker) ? 1 : 0;
  const scored = pick.points === null ? 0 : 1;
  return {
    points: pick.points ?? 0,
    exactMinutes: hasBit(pick.tallied, tallyBits.exact) ? 1 : 0,
    correctOutcomes: hasBit(pick.tallied, tallyBits.correct) ? 1 : 0,
    predictions: 1,
    jokers: joker,
    scoredPredictions: scored,
    scoredJokers: scored * joker,
    scoredDraws: hasBit(pick.tallied, tallyBits.draw) ? 1 : 0,
  };
};

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
 * A save of open fixtures (their points do not change): each pick is counted as made with its
 * joker; a pick the totals did not hold yet (a bulk load) is counted whole. What the scored
 * counts hold of a pick (draw, minute: the marks from 16 up) stays until its fixture's next run. Returns the tally to
 * store per fixture and the move of the team's totals per season.
 */
export const planSaveTallies = (
  stored: Map<string, Pick>,
  writes: { fixtureId: string; joker?: boolean | undefined; season: string }[],
) => {
  const moves = new Map<string, TotalsMove>();
  const rows = writes.map((w) => {
    const before = stored.get(w.fixtureId);
    const joker = w.joker ?? before?.joker ?? false;
    const kept = before?.tallied ?? 0;
    const tallied =
      tallyBits.counted +
      (hasBit(kept, tallyBits.correct) ? tallyBits.correct : 0) +
      (hasBit(kept, tallyBits.exact) ? tallyBits.exact : 0) +
      (joker ? tallyBits.joker : 0) +
      (kept - (kept % tallyBits.draw));
    const after = { joker, points: before?.points ?? null, tallied };
    addMove(moves, w.season, contribution(before), -1);
    addMove(moves, w.season, contribution(after), 1);
    return { fixtureId: w.fixtureId, joker, tallied };
  });
  return { rows, moves };
};

/**
 * Picks deleted: what the totals held of them leaves — the season totals and, for a pick still
 * holding a result's marks (its fixture reopened, its run not here yet), the round's totals.
 */
export const planDeleteTallies = (
  stored: Map<string, Pick>,
  deleted: { fixtureId: string; season: string; round: string }[],
) => {
  const moves = new Map<string, TotalsMove>();
  const rounds = new Map<string, RoundMove>();
  for (const d of deleted) {
    const held = contribution(stored.get(d.fixtureId));
    addMove(moves, d.season, held, -1);
    if (held.points === 0 && held.exactMinutes === 0 && held.correctOutcomes === 0) continue;
    const key = JSON.stringify([d.season, d.round]);
    const r = rounds.get(key) ?? { season: d.season, round: d.round, ...noRoundMove };
    rounds.set(key, {
      ...r,
      points: r.points - held.points,
      exactMinutes: r.exactMinutes - held.exactMinutes,
      correctOutcomes: r.correctOutcomes - held.correctOutcomes,
    });
  }
  return { moves, rounds: [...rounds.values()] };
};

/** How a team's totals of one round move. */
export interface RoundMove {
  season: string;
  round: string;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
}
const noRoundMove = { points: 0, exactMinutes: 0, correctOutcomes: 0 };

/** Moves one team's round totals (one upsert per round; only deletions of scored picks). */
export const moveRoundTotals = async (
  db: Db,
  team: { id: string; leagueId: string },
  moves: RoundMove[],
) => {
  for (const m of moves)
    await sql`insert into round_totals (team_id, season, round_label, league_id, team_key, points, exact_minutes, correct_outcomes)
      select t.id, ${m.season}, ${m.round}, t.league_id, lower(t.name), cast(${m.points} as integer),
        cast(${m.exactMinutes} as integer), cast(${m.correctOutcomes} as integer)
      from teams t where t.id = ${team.id}
      on conflict (team_id, season, round_label) do update set
        points = round_totals.points + excluded.points,
        exact_minutes = round_totals.exact_minutes + excluded.exact_minutes,
        correct_outcomes = round_totals.correct_outcomes + excluded.correct_outcomes`.execute(db);
};

/** Moves one team's totals (one upsert per season that changes). */
export const moveTeamTotals = async (
  db: Db,
  team: { id: string; leagueId: string },
  moves: Map<string, TotalsMove>,
) => {
  for (const [season, m] of moves) {
    if (isNoMove(m)) continue;
    await addToTeamTotals(
      sql`select t.id, ${season}, t.league_id, lower(t.name), cast(${m.points} as integer),
        cast(${m.exactMinutes} as integer), cast(${m.correctOutcomes} as integer),
        cast(${m.predictions} as integer), cast(${m.jokers} as integer),
        cast(${m.scoredPredictions} as integer), cast(${m.scoredJokers} as integer),
        cast(${m.scoredDraws} as integer)
      from teams t where t.id = ${team.id}`,
    ).execute(db);
  }
};

/**
 * The minutes the league's counts hold of picks about to be deleted (a pick scored when its
 * fixture was final, deleted after the result was taken back and before its run): they leave.
 */
export const minutesOfDeleted = (
  stored: Map<string, Pick>,
  deleted: { fixtureId: string; season: string }[],
) =>
  deleted.flatMap((d) => {
    const code = Math.floor((stored.get(d.fixtureId)?.tallied ?? 0) / minuteUnit);
    return code > 0 ? [{ season: d.season, minute: code - 1 }] : [];
  });

/** Takes picks out of their league's minute counts (one upsert each: rare, see above). */
export const dropMinutes = async (
  db: Db,
  leagueId: string,
  picks: { season: string; minute: number }[],
) => {
  for (const p of picks)
    await sql`insert into minute_counts (league_id, season, minute, predictions)
      values (${leagueId}, ${p.season}, ${p.minute}, -1)
      on conflict (league_id, season, minute) do update set
        predictions = minute_counts.predictions - 1`.execute(db);
};

/**
 * Before a team is removed (its predictions and team totals cascade): what its picks gave the
 * league's minute counts leaves them — one search of that team's picks.
 */
export const dropTeamMinutes = (db: Db, teamId: string) =>
  sql`insert into minute_counts (league_id, season, minute, predictions)
    select t.league_id, f.season, p.tallied / ${sql.lit(minuteUnit)} - 1, -count(*)
    from teams t cross join predictions p join fixtures f on f.id = p.fixture_id
    where t.id = ${teamId} and p.team_id = t.id and p.tallied >= ${sql.lit(minuteUnit)}
    group by t.league_id, f.season, p.tallied / ${sql.lit(minuteUnit)} - 1
    on conflict (league_id, season, minute) do update set
      predictions = minute_counts.predictions + excluded.predictions`.execute(db);
