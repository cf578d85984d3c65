import { z } from 'zod';
import { liveLinkBody, syncOverview, syncRunBody, syncRunSummary } from '../../domain/openfootball';
import { createAdminRouter, json, requireAdmin, route } from '../http/router';
import { linkMatch } from '../live/service';
import { actorOf } from '../results/change';
import { runAdminSync, syncOverview as readOverview } from './service';

/** The openfootball fixture sync in the admin area: its last runs and a way to run it now. */
export const syncRoutes = createAdminRouter()
  .openapi(
    route({
      method: 'get',
      path: '/sync',
      summary: 'The fixture sync: per competition the season it reads and its last run',
      responses: { 200: json(syncOverview) },
    }),
    async (c) => {
      return c.json(await readOverview(c.get('services'), requireAdmin(c)), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/sync',
      summary:
        'Run the sync now (openfootball and the live sources): every competition, one, or one season of one (409 while one runs)',
      // Optional: without a body every competition is synced.
      request: {
        body: { content: { 'application/json': { schema: syncRunBody } }, required: false },
      },
      responses: { 200: json(syncRunSummary, 'What each competition ran into') },
    }),
    async (c) => {
      requireAdmin(c);
      const { competitionId, season } = c.req.valid('json');
      const summary = await runAdminSync(c.get('services'), {
        ...(competitionId === undefined ? {} : { competitionId }),
        ...(season === undefined ? {} : { season }),
      });
      return c.json(summary, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/sync/link',
      summary: "Pair a live source's match no fixture was paired with, by hand",
      request: {
        body: { content: { 'application/json': { schema: liveLinkBody } }, required: true },
      },
      responses: { 200: json(z.object({ fixtureId: z.string() })) },
    }),
    async (c) => {
      const admin = actorOf(requireAdmin(c));
      return c.json(await linkMatch(c.get('services'), admin, c.req.valid('json')), 200);
    },
  );
