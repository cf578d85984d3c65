import { z } from 'zod';
import { seasonLabel } from './fixtures';

/** GET /api/leagues/{id}/statistics: the league's figures and, when asked, one team's. */
export const statisticsQuery = z.object({
  /** The season counted (default: the competition's current one). */
  season: seasonLabel.optional(),
  /** One team of the league whose statistics come with the league's. */
  teamId: z.string().trim().min(1).max(100).optional(),
});

const drawsLeader = z.object({
  teamId: z.string(),
  teamName: z.string(),
  /** Scored predictions of a draw. */
  draws: z.number(),
  /** Scored predictions. */
  predictions: z.number(),
});

const roundPoints = z.object({
  round: z.string(),
  points: z.number(),
  /** The team's place after this round by points so far (level teams share it). */
  rank: z.number(),
});

export const teamStatistics = z.object({
  teamId: z.string(),
  teamName: z.string(),
  scoredPredictions: z.number(),
  correctOutcomes: z.number(),
  /** Correct outcomes per scored prediction, 0..1. */
  accuracy: z.number(),
  exactMinutes: z.number(),
  /** Jokers on fixtures with a result. */
  jokersUsed: z.number(),
  /** The points the jokers added (half of what the joker picks scored). */
  jokerPoints: z.number(),
  bestRound: z.object({ round: z.string(), points: z.number() }).nullable(),
  /** Rounds with a result, in the season's order. */
  rounds: z.array(roundPoints),
  /** The team's place in the table now (its tie-breaks included). */
  rank: z.number(),
  /** Teams in the table. */
  teams: z.number(),
});

export const statisticsResponse = z.object({
  /** The season counted; null when the competition has no fixtures. */
  season: z.string().nullable(),
  league: z.object({
    /** Predictions of the season's fixtures with a result. */
    scoredPredictions: z.number(),
    /** The teams calling draws most (share of their scored predictions), best first. */
    drawsLeaders: z.array(drawsLeader),
    /** The first-goal minutes predicted most (0: no goal), most first. */
    topMinutes: z.array(z.object({ minute: z.number(), predictions: z.number() })),
  }),
  team: teamStatistics.nullable(),
});
