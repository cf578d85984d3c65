import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { competitionListItem } from '../../domain/competitions';
import { createRouter } from '../http';
import { competitionPages } from './service';

const list = createRoute({
  method: 'get',
  path: '/',
  summary:
    'Every competition with its page route, kind, time zone and state (open, coming soon, round finished, to be announced)',
  responses: {
    200: {
      description: 'Competitions in display order',
      content: {
        'application/json': { schema: z.object({ competitions: z.array(competitionListItem) }) },
      },
    },
  },
});

export const competitionRoutes = createRouter().openapi(list, async (c) => {
  const services = c.get('services');
  const competitions = await competitionPages(services, c.get('user'), services.now());
  return c.json({ competitions }, 200);
});
