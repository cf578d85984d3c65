import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { competitionSchema } from '../../domain/competitions';
import { createRouter } from '../http';
import { listCompetitions } from './repository';

const list = createRoute({
  method: 'get',
  path: '/',
  summary: 'Every competition with its page route, kind and time zone',
  responses: {
    200: {
      description: 'Competitions in display order',
      content: {
        'application/json': { schema: z.object({ competitions: z.array(competitionSchema) }) },
      },
    },
  },
});

export const competitionRoutes = createRouter().openapi(list, async (c) => {
  const competitions = await listCompetitions(c.get('services').database.db);
  return c.json({ competitions }, 200);
});
