import type { Outcome } from '../predictions';
import { pointsFor, isCorrectOutcome, isExactMinute, type ScoringRules } from '../scoring';

/**
 * The match as it happens (issue 29), pure: how far the clock has gone, where each pick stands
 * in the race for the first goal, and the provisional points of a fixture in play — the points
 * it would give if the match ended now, by the league's rules.
 */

/** What a fixture in play shows (its score and minute provisional until confirmed). */
export interface InPlay {
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
  clock: string | null;
}

/**
 * The minute the clock has reached, as the game counts minutes: `67'` → 67, `45'+2'` and `45'+`
 * → 45, `HT` → 45.5 (the first half is over), `90'+4'` → 90, `FT` → 91 (the match is over).
 * null when there is no clock or it says nothing we know.
 */
export const clockMinute = (clock: string | null): number | null => {
  if (clock === null) return null;
  const text = clock.trim().toUpperCase();
  if (text === 'HT') return 45.5;
  if (text === 'FT' || text === 'AET' || text === 'PEN') return 91;
  const match = /^(\d{1,3})'?(\s*\+\s*(\d{1,2})?'?)?$/.exec(text);
  if (!match) return null;
  return Math.min(Number(match[1]), 90);
};

/**
 * A pick in the race for the first goal: `in` — its minute may still come; `out` — the clock
 * passed it without a goal, or the first goal came at another minute; `hit` — the first goal came
 * at its minute (0: the match ended goalless); `waiting` — a goal came but no source says when.
 */
export type RaceStanding = 'in' | 'out' | 'hit' | 'waiting';

/** Whether the fixture's first goal is in (its score is not 0–0). */
const goalScored = (f: InPlay) => (f.homeScore ?? 0) + (f.awayScore ?? 0) > 0;

export const raceStanding = (f: InPlay, minute: number | null): RaceStanding => {
  if (minute === null) return 'out';
  if (goalScored(f)) {
    if (f.firstGoalMinute === null || f.firstGoalMinute === 0)
      return minute === 0 ? 'out' : 'waiting';
    return minute === f.firstGoalMinute ? 'hit' : 'out';
  }
  if (f.status === 'final') return minute === 0 ? 'hit' : 'out';
  if (minute === 0) return 'in';
  const reached = clockMinute(f.clock) ?? 0;
  // The minute being played still counts: a goal in the 23rd minute is a 23.
  return reached > minute ? 'out' : 'in';
};

/** The result as it stands: the score so far and the first goal's minute, if any is known. */
export const provisionalResult = (f: InPlay) => {
  const homeScore = f.homeScore ?? 0;
  const awayScore = f.awayScore ?? 0;
  return {
    homeScore,
    awayScore,
    firstGoalMinute: homeScore + awayScore === 0 ? null : f.firstGoalMinute,
  };
};

export interface PickForScore {
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

/** What a pick would score if the match ended now: points, and whether outcome and minute hit. */
export const provisionalScore = (f: InPlay, pick: PickForScore, rules: ScoringRules) => {
  const actual = provisionalResult(f);
  return {
    points: pointsFor(pick, actual, rules),
    exactMinute: isExactMinute(pick, actual),
    correctOutcome: isCorrectOutcome(pick, actual),
  };
};

/**
 * A team's totals while matches are in play: confirmed, and live (the confirmed ones plus what
 * its picks of the fixtures in play would score if those matches ended now). The one shape of a
 * live score: the live table (server/standings/live-table.ts) keeps it per team.
 */
export interface LiveTotals {
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
  livePoints: number;
  liveExactMinutes: number;
  liveCorrectOutcomes: number;
}

/** A team to rank live: its totals and the key its name orders by. */
export interface LiveScore extends LiveTotals {
  teamKey: string;
}

/** Points, exact minutes and correct outcomes as one number that orders like them (each < 10⁴). */
const orderKey = (points: number, exact: number, correct: number) =>
  points * 1e8 + exact * 1e4 + correct;

/**
 * Ranks a league's teams twice, by their confirmed totals and by their live ones (docs/design.md §3
 * order: points, exact minutes, correct outcomes, then name; level teams share a rank). Returns
 * the rows' indices in live order and each row's confirmed and live rank (by index). Sorts
 * indices by precomputed keys: a 10,000-team league ranks in a few milliseconds.
 */
export const rankLive = <T extends LiveScore>(rows: readonly T[]) => {
  const n = rows.length;
  const confirmedKey = new Float64Array(n);
  const liveKey = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const r = rows[i] as T;
    confirmedKey[i] = orderKey(r.points, r.exactMinutes, r.correctOutcomes);
    liveKey[i] = orderKey(r.livePoints, r.liveExactMinutes, r.liveCorrectOutcomes);
  }
  // Names ordered once; every tie then compares two numbers.
  const names = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const ka = (rows[a] as T).teamKey;
    const kb = (rows[b] as T).teamKey;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const nameRank = new Int32Array(n);
  names.forEach((row, place) => {
    nameRank[row] = place;
  });
  const ranked = (keys: Float64Array) => {
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort(
      (a, b) =>
        (keys[b] as number) - (keys[a] as number) ||
        (nameRank[a] as number) - (nameRank[b] as number),
    );
    // Level teams share the rank of the first of them (1, 1, 3).
    const rank = new Int32Array(n);
    order.forEach((row, place) => {
      const previous = order[place - 1];
      rank[row] =
        previous !== undefined && keys[previous] === keys[row]
          ? (rank[previous] as number)
          : place + 1;
    });
    return { order, rank };
  };
  const confirmed = ranked(confirmedKey);
  const live = ranked(liveKey);
  // Plain numbers, no copies of the rows (spreading 10,000 rows took longer than ranking them).
  return { order: live.order, rank: confirmed.rank, liveRank: live.rank };
};
