import { z } from 'zod';
import { leagueSummary } from './leagues';

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
 * docs/design.md §3 ranks for consecutive rows of a table already in order (points, then more exact
 * first-goal minutes, then more correct outcomes, then team name), the first of them at 0-based
 * `offset` with rank `firstRank`: teams still level share a rank (1, 1, 3).
 */
export const rankFrom = <T extends Score>(rows: T[], offset: number, firstRank: number) => {
  let rank = firstRank;
  return rows.map((row, i) => {
    const previous = rows[i - 1];
    if (previous && !levelScores(previous, row)) rank = offset + i + 1;
    // Object.assign, not a spread: see toTotals (server/standings/repository.ts).
    return Object.assign({}, row, { rank, position: offset + i });
  });
};

export const standingRow = z.object({
  rank: z.number(),
  teamId: z.string(),
  teamName: z.string(),
  manager: z.string(),
  points: z.number(),
  /** Points of settled bonus questions, counted in `points` (0 in a round's table). */
  bonusPoints: z.number(),
  exactMinutes: z.number(),
  correctOutcomes: z.number(),
  mine: z.boolean(),
  /** With `view=live`: confirmed points plus the provisional points of the fixtures in play. */
  livePoints: z.number().optional(),
  /** With `view=live`: the rank by live points (`rank` stays the confirmed one). */
  liveRank: z.number().optional(),
});

/** A fixture in play as the live table shows it (score and minute provisional). */
export const inPlayFixture = z.object({
  id: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: z.string(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  /** The provisional first-goal minute, once a source reports the first goal. */
  firstGoalMinute: z.number().nullable(),
  /** e.g. `67'`, `HT`; null when no source gives one. */
  clock: z.string().nullable(),
});
export type InPlayFixture = z.infer<typeof inPlayFixture>;

/** GET /api/leagues/{id}/standings: one page of a season's table with its cards and a round. */
export const standingsResponse = z.object({
  league: leagueSummary,
  /** The season counted; null when the competition has no fixtures. */
  season: z.string().nullable(),
  /** The competition's current season. */
  currentSeason: z.string().nullable(),
  /** Seasons with a table to read (the current one and any the league played), latest first. */
  seasons: z.array(z.string()),
  /** The league asked bonus questions this season (the table shows their points apart). */
  bonus: z.boolean(),
  /** The page of the table in `rows` (50 teams a page). */
  page: z.object({
    number: z.number(),
    size: z.number(),
    pages: z.number(),
    teams: z.number(),
  }),
  rows: z.array(standingRow),
  /** The top 10, plus each of the viewer's teams with the teams above and below it. */
  top: z.array(standingRow),
  summary: z.object({
    totalTeams: z.number(),
    highestScore: z.number(),
    averageScore: z.number(),
  }),
  statistics: z.array(
    z.object({
      teamId: z.string(),
      teamName: z.string(),
      predictions: z.number(),
      correctOutcomes: z.number(),
      exactMinutes: z.number(),
      jokers: z.number(),
      points: z.number(),
    }),
  ),
  /** The round whose table and winners come with this response. */
  round: z.string().nullable(),
  /**
   * Every round with results from the league's first scored one, latest first; the chosen round carries its winners (up to
   * 10 of `winnerCount`) and the page's rows of its table, the others empty lists.
   */
  rounds: z.array(
    z.object({
      round: z.string(),
      /**
       * The chosen round: every fixture played (or called off). Until then its top team is
       * leading, not the winner. false for the others (not read).
       */
      complete: z.boolean(),
      winnerCount: z.number(),
      winners: z.array(standingRow),
      rows: z.array(standingRow),
    }),
  ),
  /**
   * With `view=live`: the fixtures of the season in play (none: the table is the confirmed one,
   * each row's live figures its confirmed ones). While some are, `rows` and `top` are in live
   * order, a page of the live table.
   */
  live: z.object({ fixtures: z.array(inPlayFixture) }).optional(),
});
