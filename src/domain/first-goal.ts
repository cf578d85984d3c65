/**
 * The first-goal minute of a match from its list of goals (docs/design.md §3): regular time only,
 * `45+N` → 45, `90+N` (or minute 90 with an offset, or a stoppage-time goal written 93) → 90,
 * extra-time goals ignored, 0 when regular time ended 0-0, unknown (null) when the goals
 * cannot tell. Pure; used by the file import and the results sync alike.
 */

/** One goal as sources write it: '67', '45+3', '106', or 90 with offset 9. */
export interface GoalMinute {
  minute: number | string;
  offset?: number | null | undefined;
}

/** A goal's place in the match: base minute and stoppage minutes (45+2 → [45, 2]). */
export const goalTime = (goal: GoalMinute): [number, number] | null => {
  if (typeof goal.minute === 'number') {
    const offset = goal.offset ?? 0;
    if (!Number.isInteger(goal.minute) || goal.minute < 1 || goal.minute > 130) return null;
    if (!Number.isInteger(offset) || offset < 0 || offset > 30) return null;
    return [goal.minute, offset];
  }
  const match = /^\s*(\d{1,3})\s*(?:\+\s*(\d{1,2}))?\s*'?\s*$/.exec(goal.minute);
  if (!match) return null;
  const base = Number(match[1]);
  const plus = Number(match[2] ?? 0) + (goal.offset ?? 0);
  if (base < 1 || base > 130) return null;
  return [base, plus];
};

/** Chronological order: 45+2 comes before 46, 90+4 after 89. */
export const compareGoalTimes = (a: [number, number], b: [number, number]) =>
  a[0] - b[0] || a[1] - b[1];

export interface MatchGoals {
  /** The score after 90 minutes (plus stoppage). */
  regular: { home: number; away: number };
  /**
   * How many goals the match had in all (regular + extra time, no shoot-out), when known: a
   * goal list of another length is incomplete, so the minute stays unknown.
   */
  totalGoals?: number | undefined;
  /** null/undefined: the source has no goal data. */
  goals: GoalMinute[] | null | undefined;
}

export const firstGoalMinuteOf = ({ regular, totalGoals, goals }: MatchGoals): number | null => {
  if (regular.home + regular.away === 0) return 0;
  if (!goals || goals.length < regular.home + regular.away) return null;
  if (totalGoals !== undefined && goals.length !== totalGoals) return null;
  const times = goals.map(goalTime);
  if (times.some((t) => t === null)) return null;
  // Regular time comes first, so the match's earliest goal is regular time's first goal. A
  // minute above 90 can then only be stoppage time written without '+': it counts 90.
  const [first] = (times as [number, number][]).sort(compareGoalTimes);
  return first ? Math.min(first[0], 90) : null;
};
