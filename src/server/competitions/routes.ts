import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { competitionListItem } from '../../domain/competitions';
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
    const state =
      competition.kind === 'coming_soon'
        ? ('coming_soon' as const)
        : s.fixtures === 0
          ? ('to_be_announced' as const)
          : s.open > 0
            ? ('open' as const)
            : ('round_finished' as const);
    // 'round_finished': the current season has no fixture left to predict.
    return {
      ...competition,
      currentSeason: s.season,
      fixtureCount: s.fixtures,
      openFixtures: s.open,
      nextKickoff: s.nextKickoff,
      state,
    };
  });
  return c.json({ competitions }, 200);
});
