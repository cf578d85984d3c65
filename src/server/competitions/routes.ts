import { z } from 'zod';
import { clubsSchema } from '../../domain/clubs';
import { competitionListItem, competitionSchema } from '../../domain/competitions';
import { fixtureSchema, seasonLabel } from '../../domain/fixtures';
import { createRouter, json, route } from '../http/router';
import { competitionPages, seasonFixtures } from './service';

const publicFixtureSchema = fixtureSchema.extend({
  /** Closed for predictions (server clock): kicked off, or live, final, postponed, cancelled. */
  locked: z.boolean(),
  /** The teams are to be determined (a knockout slot): cannot be predicted. */
  tbd: z.boolean(),
  /** A two-legged tie's first or second leg (issue 50); null for a single match. */
  leg: z.union([z.literal(1), z.literal(2)]).nullable(),
});

const seasonSummary = z.object({
  season: z.string(),
  fixtures: z.number(),
  unstarted: z.number(),
  firstKickoff: z.string(),
  lastKickoff: z.string(),
  nextKickoff: z.string().nullable(),
  nextKickoffConfirmed: z.boolean().optional(),
});

export const competitionRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary:
        'Every competition with its page route, kind, time zone and state (open, coming soon, round finished, to be announced)',
      responses: {
        200: json(
          z.object({ competitions: z.array(competitionListItem) }),
          'Competitions in display order',
        ),
      },
    }),
    async (c) => {
      const services = c.get('services');
      const competitions = await competitionPages(services, c.get('user'), services.now());
      return c.json({ competitions }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{competitionId}/fixtures',
      summary:
        "One season of a competition's fixtures in kick-off order (default: the current season — the one with the next unstarted fixture, else the latest), with whether each is locked",
      request: {
        params: z.object({ competitionId: z.string().min(1).max(80) }),
        query: z.object({ season: seasonLabel.optional() }),
      },
      responses: {
        200: json(
          z.object({
            competition: competitionSchema,
            serverTime: z.string(),
            /** The season shown; null when the competition has no fixtures. */
            season: z.string().nullable(),
            /** Every season of the competition, latest first. */
            seasons: z.array(seasonSummary),
            fixtures: z.array(publicFixtureSchema),
            /** The colours of the clubs the fixtures name (known clubs only). */
            clubs: clubsSchema,
          }),
          'Fixtures',
        ),
      },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await seasonFixtures(services, c.get('user'), input, services.now()), 200);
    },
  );
