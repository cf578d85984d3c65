// Without zod: the web app's prediction pages use it (results.ts holds the admin schemas).

/** Final with goals but the first-goal minute not known yet: outcome points only so far. */
export const minuteToBeConfirmed = (f: {
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
}) =>
  f.status === 'final' && f.firstGoalMinute === null && (f.homeScore ?? 0) + (f.awayScore ?? 0) > 0;
