import type { Outcome } from './predictions';

/**
 * The scoring rule (docs/design.md §3), owned here and nowhere else: the server builds its set-based SQL
 * from a rules value, and a league's own rules (a later issue) are another value of this shape.
 */
export interface ScoringRules {
  /** For the right 1X2. */
  outcomePoints: number;
  /** For the exact first-goal minute (only once the minute is known). */
  minutePoints: number;
  /** What a joker multiplies a fixture's points by. */
  jokerMultiplier: number;
  /**
   * For a first-goal minute within ±`nearMissMinutes` of the real one but not exact, when there
   * was a goal and the pick said one (a league's option; 0 and 0 in the game's rules).
   */
  nearMissPoints: number;
  nearMissMinutes: number;
}

/** The game's rules: 1 + 3 points, a joker doubles (max 8 per fixture). */
export const defaultRules: Readonly<ScoringRules> = {
  outcomePoints: 1,
  minutePoints: 3,
  jokerMultiplier: 2,
  nearMissPoints: 0,
  nearMissMinutes: 0,
};

/** 1X2 of a regular-time score. */
export const outcomeOf = (home: number, away: number): Outcome =>
  home > away ? '1' : home === away ? 'X' : '2';

/**
 * The first-goal minute as it counts (docs/design.md §3): `45+N` → 45, `90+N` and anything above 90
 * (a stoppage-time goal written as 97) → 90. Accepts numbers and texts like '67', '45+2', '90+5'.
 * Returns null for anything that is not such a minute.
 */
export const countedMinute = (input: string | number): number | null => {
  const text = String(input).trim();
  const match = /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?'?$/.exec(text);
  if (!match) return null;
  const base = Number(match[1]);
  if (base > 130) return null;
  if (match[2] !== undefined) {
    if (base === 45) return 45;
    if (base === 90) return 90;
    return null; // '30+2' is not a minute anyone writes
  }
  return Math.min(base, 90);
};

export interface ActualResult {
  homeScore: number;
  awayScore: number;
  /** null: not known yet (outcome points only until it is entered). */
  firstGoalMinute: number | null;
}

export interface ScoredPrediction {
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

/** The 1X2 call matches the result. */
export const isCorrectOutcome = (prediction: ScoredPrediction, actual: ActualResult) =>
  prediction.outcome === outcomeOf(actual.homeScore, actual.awayScore);

/** The minute matches the actual first-goal minute, once that is known. */
export const isExactMinute = (prediction: ScoredPrediction, actual: ActualResult) =>
  actual.firstGoalMinute !== null && prediction.firstGoalMinute === actual.firstGoalMinute;

/**
 * A near miss: not exact, but within `window` minutes of the first goal, when there was a goal
 * and the pick said one (0 means "no goals": 0 against a 3rd-minute goal is no near miss).
 */
export const isNearMiss = (prediction: ScoredPrediction, actual: ActualResult, window: number) =>
  window > 0 &&
  actual.firstGoalMinute !== null &&
  actual.firstGoalMinute > 0 &&
  prediction.firstGoalMinute !== null &&
  prediction.firstGoalMinute > 0 &&
  prediction.firstGoalMinute !== actual.firstGoalMinute &&
  Math.abs(prediction.firstGoalMinute - actual.firstGoalMinute) <= window;

/**
 * Points of one prediction: outcome and minute scored independently, times the joker
 * multiplier. The server's set-based SQL (src/server/standings/scoring-sql.ts) says the same.
 */
export const pointsFor = (
  prediction: ScoredPrediction,
  actual: ActualResult,
  rules: ScoringRules = defaultRules,
): number => {
  const outcome = isCorrectOutcome(prediction, actual) ? rules.outcomePoints : 0;
  const minute = isExactMinute(prediction, actual)
    ? rules.minutePoints
    : isNearMiss(prediction, actual, rules.nearMissMinutes)
      ? rules.nearMissPoints
      : 0;
  return (outcome + minute) * (prediction.joker ? rules.jokerMultiplier : 1);
};

/**
 * Checks a result before it is stored: a 0-0 forces minute 0; any other final score needs a
 * minute 1-90 (or none yet: to be confirmed). Returns the minute to store, or an error text.
 */
export const settleFirstGoalMinute = (
  homeScore: number | null,
  awayScore: number | null,
  minute: number | null,
): { ok: true; minute: number | null } | { ok: false; error: string } => {
  if (homeScore === null || awayScore === null) return { ok: true, minute };
  if (homeScore === 0 && awayScore === 0) return { ok: true, minute: 0 };
  if (minute === null) return { ok: true, minute: null };
  if (minute < 1 || minute > 90) {
    return { ok: false, error: 'A match with goals needs a first-goal minute between 1 and 90.' };
  }
  return { ok: true, minute };
};
