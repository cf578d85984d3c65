import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { competitionListItem, competitionState } from '../../domain/competitions';
import { createRouter } from '../http';
import { listCompetitions } from './repository';
import { competitionStates } from './states';

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
  const { database, now } = c.get('services');
  const [list, states] = await Promise.all([
    listCompetitions(database.db),
    competitionStates(database.db, now()),
  ]);
  const competitions = list.map((competition) => {
    const s = states.get(competition.id) ?? {
      season: null,
      fixtures: 0,
      open: 0,
      nextKickoff: null,
    };
    return {
      ...competition,
      currentSeason: s.season,
      fixtureCount: s.fixtures,
      openFixtures: s.open,
      nextKickoff: s.nextKickoff,
      state: competitionState(competition.kind, s),
    };
  });
  return c.json({ competitions }, 200);
});
