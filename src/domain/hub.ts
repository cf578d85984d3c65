import { z } from 'zod';
import { clubsSchema } from './clubs';
import { outcomes } from './predictions';

/**
 * A player's team where it plays: its league and the league's competition (the hub's teams and
 * the player's saved picks, GET /api/predictions/mine, both name a team so).
 */
export const teamInLeague = z.object({
  teamId: z.string(),
  teamName: z.string(),
  leagueId: z.string(),
  leagueName: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  competitionRoute: z.string(),
});

/** One of the player's teams as the home hub shows it (issue 13). */
export const hubTeam = z.object({
  ...teamInLeague.shape,
  /** The season counted (the competition's current one); null without fixtures. */
  season: z.string().nullable(),
  rank: z.number().nullable(),
  /** The rank before the latest round with a result (null before the first one). */
  previousRank: z.number().nullable(),
  teams: z.number(),
  points: z.number(),
  /** The next round with a fixture still open to predictions. */
  nextRound: z
    .object({
      round: z.string(),
      /** The round's next kick-off: its first open fixture locks then. */
      deadline: z.string(),
      /** Fixtures of the round still open, and how many of them this team has not predicted. */
      open: z.number(),
      missing: z.number(),
    })
    .nullable(),
  /** The league's bonus questions still open that this team has not answered. */
  bonusToAnswer: z.number(),
});
export type HubTeam = z.infer<typeof hubTeam>;

export const hubPick = z.object({
  teamId: z.string(),
  teamName: z.string(),
  /** The team's league: shown where two of the player's teams share a name (issue 54). */
  leagueName: z.string(),
  outcome: z.enum(outcomes),
  firstGoalMinute: z.number().nullable(),
  joker: z.boolean(),
  points: z.number().nullable(),
});

/** A fixture of the player's competitions with its result and the player's picks for it. */
export const hubResult = z.object({
  fixtureId: z.string(),
  competitionName: z.string(),
  round: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeScore: z.number(),
  awayScore: z.number(),
  firstGoalMinute: z.number().nullable(),
  kickoffAt: z.string(),
  picks: z.array(hubPick),
});
export type HubResult = z.infer<typeof hubResult>;

/** GET /api/leagues/hub: what the signed-in home shows around the league panel. */
export const hubResponse = z.object({
  /** The server's clock, so countdowns agree with the deadline the server enforces. */
  now: z.string(),
  teams: z.array(hubTeam),
  results: z.array(hubResult),
  /** The colours of the clubs the results name (known clubs only). */
  clubs: clubsSchema,
});
export type HubResponse = z.infer<typeof hubResponse>;
