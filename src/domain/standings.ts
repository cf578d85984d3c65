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

export interface RankedRow extends TeamTotals {
  rank: number;
}

/**
 * DESIGN.md §3: points, then more exact first-goal minutes, then more correct outcomes; teams
 * still level share a rank (1, 1, 3) and are listed by team name.
 */
export const rankTeams = (rows: TeamTotals[]): RankedRow[] => {
  const sorted = [...rows].sort(
    (a, b) =>
      b.points - a.points ||
      b.exactMinutes - a.exactMinutes ||
      b.correctOutcomes - a.correctOutcomes ||
      a.teamName.localeCompare(b.teamName, 'en', { sensitivity: 'base' }),
  );
  let previous: TeamTotals | undefined;
  let rank = 0;
  return sorted.map((row, index) => {
    const tied =
      previous !== undefined &&
      previous.points === row.points &&
      previous.exactMinutes === row.exactMinutes &&
      previous.correctOutcomes === row.correctOutcomes;
    if (!tied) rank = index + 1;
    previous = row;
    return { ...row, rank };
  });
};

/** The home page's table: the top 10, plus the viewer's own rows when ranked lower. */
export const topTenPlus = (rows: RankedRow[], userId: string | null): RankedRow[] => {
  const top = rows.slice(0, 10);
  if (!userId) return top;
  return [...top, ...rows.slice(10).filter((r) => r.userId === userId)];
};

export const standingsSummary = (rows: { points: number }[]) => {
  const total = rows.length;
  const highest = rows.reduce((max, r) => Math.max(max, r.points), 0);
  const average = total === 0 ? 0 : Math.round(rows.reduce((s, r) => s + r.points, 0) / total);
  return { totalTeams: total, highestScore: highest, averageScore: average };
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

export interface RoundTotal {
  teamId: string;
  round: string;
  roundOrder: number;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
}

export interface RoundTable {
  round: string;
  roundOrder: number;
  rows: RankedRow[];
  /** The top team(s) of the round; none while nobody has scored in it. */
  winners: RankedRow[];
}

/**
 * One table per round (gameweek) with results, ranked like the overall table; every team of
 * the league appears (0 when it scored nothing that round). Latest round first.
 */
export const roundTables = (teams: TeamTotals[], totals: RoundTotal[]): RoundTable[] => {
  const rounds = new Map<string, number>();
  for (const t of totals)
    rounds.set(t.round, Math.min(rounds.get(t.round) ?? t.roundOrder, t.roundOrder));
  return [...rounds]
    .sort(([a, ao], [b, bo]) => bo - ao || b.localeCompare(a))
    .map(([round, roundOrder]) => {
      const rows = rankTeams(
        teams.map((team) => {
          const own = totals.find((t) => t.teamId === team.teamId && t.round === round);
          return {
            ...team,
            points: own?.points ?? 0,
            exactMinutes: own?.exactMinutes ?? 0,
            correctOutcomes: own?.correctOutcomes ?? 0,
          };
        }),
      );
      const winners = rows.filter((r) => r.rank === 1 && r.points > 0);
      return { round, roundOrder, rows, winners };
    });
};
