import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { httpDuration, httpRequests } from './runtime/metrics';
import { clientAddressHeader, getSessionUser } from './auth/auth';
import { challengedUserId } from './auth/session-cookies';
import { limitBody, refuseForeignOrigin, refuseNul } from './auth/guards';
import { authThrottle } from './throttle/throttle';
import type { AppBindings, Services } from './context';
import { authErrorEnvelope, envelope, errorSchema, errorsDescription, handleError } from './errors';
import { clientAddress } from './http/router';
import { refuseGoneUser } from './account/gone-user';
import { accountRoutes } from './account/routes';
import { adminRoutes } from './admin/routes';
import { competitionRoutes } from './competitions/routes';
import { contactInboxRoutes, contactRoutes } from './contact/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './imports/routes';
import { leagueAdminRoutes } from './leagues/admin-routes';
import { leagueRoutes } from './leagues/routes';
import { hubRoutes } from './hub/routes';
import { bonusRoutes } from './bonus/routes';
import { feedAdminRoutes, feedPushRoutes, feedRoutes } from './feed/routes';
import { predictionRoutes, raceRoutes } from './predictions/routes';
import { resultRoutes } from './results/routes';
import { syncRoutes } from './sync/routes';
import { realtimeRoutes } from './realtime/routes';
import { reminderRoutes } from './reminders/routes';
import { pushRoutes } from './push/routes';
import { calendarRoutes } from './calendar/routes';
import { securityHeaders } from './security/headers';
import { mountSpa } from './http/static';

export interface AppOptions {
  /** Lets tests add routes (a slow one, a throwing one) before the fallbacks. */
  extend?: (app: Hono<AppBindings>) => void;
  serveWeb?: boolean;
}

const api = () =>
  new OpenAPIHono<AppBindings>()
    .route('/account', accountRoutes)
    .route('/competitions', competitionRoutes)
    .route('/leagues', hubRoutes)
    .route('/leagues', leagueRoutes)
    .route('/leagues', leagueAdminRoutes)
    .route('/leagues', bonusRoutes)
    .route('/leagues', feedRoutes)
    .route('/leagues', raceRoutes)
    .route('/predictions', predictionRoutes)
    .route('/admin', adminRoutes)
    .route('/admin', resultRoutes)
    .route('/admin/imports', importRoutes)
    .route('/admin', syncRoutes)
    .route('/admin', contactInboxRoutes)
    .route('/admin', feedAdminRoutes)
    .route('/contact', contactRoutes)
    .route('/reminders', reminderRoutes)
    .route('/push', pushRoutes)
    .route('/push', feedPushRoutes)
    .route('/calendar', calendarRoutes)
    .route('/live', realtimeRoutes);

export type AppType = ReturnType<typeof api>;

export const createApp = (services: Services, options: AppOptions = {}) => {
  const app = new OpenAPIHono<AppBindings>();
  const { auth, logger } = services;

  app.use(
    '*',
    requestId({
      headerName: 'X-Request-Id',
      generator: () => crypto.randomUUID(),
      limitLength: 128,
    }),
  );
  app.use('*', async (c, next) => {
    const started = performance.now();
    const child = logger.child({ requestId: c.get('requestId') });
    c.set('logger', child);
    c.set('services', services);
    c.set('user', null);
    await next();
    const ms = performance.now() - started;
    // Per route pattern (a bounded set), never per path: /metrics stays small.
    const route = routePath(c);
    httpRequests.inc({ method: c.req.method, route, status: String(c.res.status) });
    httpDuration.observe({ method: c.req.method, route }, ms / 1000);
    child.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) },
      'request',
    );
  });
  app.use('*', securityHeaders());
  app.onError(handleError);

  app.route('/', healthRoutes);

  // Before any route reads its input: other sites may not write, bodies are bounded (sign-in and
  // profile bodies are small), and no text holds U+0000.
  app.use('/api/*', refuseForeignOrigin([new URL(services.env.baseUrl).origin]));
  app.use('/api/auth/*', limitBody(64 * 1024));
  app.use('/api/*', limitBody(2 * 1024 * 1024));
  app.use('/api/*', refuseNul);
  // What a page reads goes out gzipped to a client that accepts it: a season of fixtures is
  // 150 KB of JSON, 15 KB compressed (a phone on a slow network waits for every byte). Writes
  // (the rush of saves) answer a few bytes and skip it; event streams are never buffered by it.
  const gzipJson = compress({ contentTypeFilter: /^application\/json/ });
  app.use('/api/*', (c, next) => (c.req.method === 'GET' ? gzipJson(c, next) : next()));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(clientAddressHeader, clientAddress(c));
    // The guards have read the body: better-auth gets it again from Hono's copy.
    const body = c.req.method === 'POST' ? await c.req.arrayBuffer() : undefined;
    const settle = await authThrottle(c, body, (raw) =>
      challengedUserId(auth, services.database.db, raw),
    );
    const response = await auth.handler(
      new Request(c.req.url, { method: c.req.method, headers, body }),
    );
    await settle(response.status);
    // better-auth's refusals in the app's envelope (docs/design.md §5); redirects and successes untouched.
    return authErrorEnvelope(c, response);
  });

  app.use('/api/*', async (c, next) => {
    c.set(
      'user',
      await getSessionUser(auth, c.req.raw.headers, (value) =>
        c.header('set-cookie', value, { append: true }),
      ),
    );
    await next();
  });
  app.use('/api/*', refuseGoneUser);
  app.route('/api', api());
  app.openAPIRegistry.registerComponent('schemas', 'Error', errorSchema);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'FirstGoal API', version: '1.0.0', description: errorsDescription },
  });
  options.extend?.(app);

  app.all('/api/*', (c) => envelope(c, 'NOT_FOUND', 'Not found.', 404));
  if (options.serveWeb !== false) mountSpa(app);
  app.notFound((c) => envelope(c, 'NOT_FOUND', 'Not found.', 404));
  return app;
};
