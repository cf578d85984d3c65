import { z } from 'zod';
import { outcomeSchema } from '../predictions';

/** The teams a race lists by name; a larger league shows the rest as counts per minute. */
export const raceTeamsListed = 200;

export const raceStandingSchema = z.enum(['in', 'out', 'hit', 'waiting']);

/** GET /api/leagues/{id}/fixtures/{fixtureId}/race (issue 29): members only, from kick-off. */
export const raceResponse = z.object({
  fixture: z.object({
    id: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    kickoffAt: z.string(),
    status: z.string(),
    homeScore: z.number().nullable(),
    awayScore: z.number().nullable(),
    /** Provisional while live, confirmed once final (`minuteConfirmed`). */
    firstGoalMinute: z.number().nullable(),
    clock: z.string().nullable(),
    /** The minute the clock has reached as the race counts it (HT 45.5, FT 91). */
    clockMinute: z.number().nullable(),
    resultConfirmed: z.boolean(),
    minuteConfirmed: z.boolean(),
  }),
  counts: z.object({
    teams: z.number(),
    predicted: z.number(),
    /** Picks whose minute may still come. */
    stillIn: z.number(),
    /** Picks on the first goal's minute. */
    hits: z.number(),
  }),
  /** Every minute picked, with how many of the league's teams chose it. */
  minutes: z.array(z.object({ minute: z.number(), teams: z.number() })),
  /**
   * The league's teams (the viewer's first, then by predicted minute; at most `raceTeamsListed`):
   * each pick with where it stands and its points — provisional while the match is on.
   */
  teams: z.array(
    z.object({
      teamId: z.string(),
      teamName: z.string(),
      mine: z.boolean(),
      predicted: z.boolean(),
      outcome: outcomeSchema.nullable(),
      firstGoalMinute: z.number().nullable(),
      joker: z.boolean(),
      standing: raceStandingSchema,
      points: z.number().nullable(),
    }),
  ),
});
export type RaceResponse = z.infer<typeof raceResponse>;
