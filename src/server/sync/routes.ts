import { syncOverview, syncRunBody, syncRunSummary } from '../../domain/openfootball';
import { createAdminRouter, json, requireAdmin, route } from '../http';
import { runFixtureSync, syncOverview as readOverview } from './service';

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
      summary: 'Run the fixture sync now, for every competition or one (409 while one runs)',
      // Optional: without a body every competition is synced.
      request: {
        body: { content: { 'application/json': { schema: syncRunBody } }, required: false },
      },
      responses: { 200: json(syncRunSummary, 'What each competition ran into') },
    }),
    async (c) => {
      requireAdmin(c);
      const { competitionId } = c.req.valid('json');
      const summary = await runFixtureSync(
        c.get('services'),
        competitionId === undefined ? {} : { competitionId },
      );
      return c.json(summary, 200);
    },
  );
