import { jokersPerCompetition } from './prediction-rules';
import { defaultRules, type ScoringRules } from './scoring';

// A league's rules (league admin, issue 14), without schemas: the web app's pages read these
// (the request schema in leagues.ts needs zod, which stays out of the first download).

export interface LeagueRules {
  /** Points for the right 1X2. */
  outcomePoints: number;
  /** Points for the exact first-goal minute. */
  minutePoints: number;
  /** Jokers per team and season (each doubles a fixture's points). */
  jokers: number;
  /** Picks close this many minutes before kick-off (0: at kick-off). */
  lockMinutesBefore: number;
  /** Points for a first-goal minute within ±`nearMissMinutes` (not exact); 0: off. */
  nearMissPoints: number;
  /** How far a near miss may be; 0: off. */
  nearMissMinutes: number;
}

/** The game's rules (docs/design.md §3): 1 + 3 points, two jokers, picks close at kick-off. */
export const defaultLeagueRules: Readonly<LeagueRules> = {
  outcomePoints: defaultRules.outcomePoints,
  minutePoints: defaultRules.minutePoints,
  jokers: jokersPerCompetition,
  lockMinutesBefore: 0,
  nearMissPoints: 0,
  nearMissMinutes: 0,
};

/** What a league admin may choose (inclusive). */
export const ruleRanges: Readonly<Record<keyof LeagueRules, readonly [number, number]>> = {
  outcomePoints: [0, 10],
  minutePoints: [0, 10],
  jokers: [0, 5],
  lockMinutesBefore: [0, 120],
  nearMissPoints: [0, 10],
  nearMissMinutes: [0, 10],
};

export const ruleKeys = Object.keys(ruleRanges) as (keyof LeagueRules)[];

/** The scoring part of a league's rules (a joker always doubles). */
export const scoringRulesOf = (rules: LeagueRules): ScoringRules => ({
  outcomePoints: rules.outcomePoints,
  minutePoints: rules.minutePoints,
  jokerMultiplier: defaultRules.jokerMultiplier,
  nearMissPoints: rules.nearMissMinutes > 0 ? rules.nearMissPoints : 0,
  nearMissMinutes: rules.nearMissPoints > 0 ? rules.nearMissMinutes : 0,
});

/** Whether a near miss scores in these rules. */
export const hasNearMiss = (rules: LeagueRules) =>
  rules.nearMissPoints > 0 && rules.nearMissMinutes > 0;

/** The longest a league may close picks before kick-off, in hours (reminders look this far ahead). */
export const longestLockHours = Math.ceil(ruleRanges.lockMinutesBefore[1] / 60);

/** When picks of a fixture close in a league: its kick-off less the league's lock. */
export const pickDeadline = (kickoffAt: string | Date, lockMinutesBefore: number) =>
  new Date(new Date(kickoffAt).getTime() - lockMinutesBefore * 60_000);
