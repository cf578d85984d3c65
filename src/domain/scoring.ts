import { z } from 'zod';
import type { Outcome } from './predictions';

export const outcomePoints = 1;
export const minutePoints = 3;

/** 1X2 of a regular-time score. */
export const outcomeOf = (home: number, away: number): Outcome =>
  home > away ? '1' : home === away ? 'X' : '2';

/**
 * The first-goal minute as it counts (DESIGN.md §3): `45+N` → 45, `90+N` and anything above 90
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

/** Points of one prediction (max 4, doubled by a joker). Mirrors the set-based SQL. */
export const pointsFor = (
  prediction: { outcome: Outcome; firstGoalMinute: number | null; joker: boolean },
  actual: ActualResult,
): number => {
  const outcome =
    prediction.outcome === outcomeOf(actual.homeScore, actual.awayScore) ? outcomePoints : 0;
  const minute =
    actual.firstGoalMinute !== null && prediction.firstGoalMinute === actual.firstGoalMinute
      ? minutePoints
      : 0;
  return (outcome + minute) * (prediction.joker ? 2 : 1);
};

export const recalculateMessage = 'Match must be "Final" and have scores entered.';

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

export const minuteInput = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const minute = countedMinute(value);
    if (minute === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a minute like 67, 45+2 or 90+5.' });
      return z.NEVER;
    }
    return minute;
  });
