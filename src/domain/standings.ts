import { z } from 'zod';

export interface TeamTotals {
  teamId: string;
  teamName: string;
  manager: string;
  userId: string;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
}

type Score = Pick<TeamTotals, 'points' | 'exactMinutes' | 'correctOutcomes'>;

/** Level on every tie-break: such teams share a rank. */
export const levelScores = (a: Score, b: Score) =>
  a.points === b.points &&
  a.exactMinutes === b.exactMinutes &&
  a.correctOutcomes === b.correctOutcomes;

/**
 * DESIGN.md §3 ranks for consecutive rows of a table already in order (points, then more exact
 * first-goal minutes, then more correct outcomes, then team name), the first of them at 0-based
 * `offset` with rank `firstRank`: teams still level share a rank (1, 1, 3).
 */
export const rankFrom = <T extends Score>(rows: T[], offset: number, firstRank: number) => {
  let rank = firstRank;
  return rows.map((row, i) => {
    const previous = rows[i - 1];
    if (previous && !levelScores(previous, row)) rank = offset + i + 1;
    return { ...row, rank, position: offset + i };
  });
};

export const standingRow = z.object({
  rank: z.number(),
  teamId: z.string(),
  teamName: z.string(),
  manager: z.string(),
  points: z.number(),
  exactMinutes: z.number(),
  correctOutcomes: z.number(),
  mine: z.boolean(),
});
export type StandingRow = z.infer<typeof standingRow>;
