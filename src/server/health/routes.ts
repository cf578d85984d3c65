import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppBindings } from '../context';
import { envelope } from '../errors';
import { registry } from '../runtime/metrics';

/** Whether an Authorization header carries the token (compared in constant time). */
const bearerMatches = (header: string | undefined, token: string) => {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
};

export const healthRoutes = new Hono<AppBindings>()
  // Prometheus (issue 30): off unless METRICS_TOKEN is set, then only with that Bearer token.
  .get('/metrics', async (c) => {
    const token = c.get('services').env.METRICS_TOKEN;
    if (!token) return envelope(c, 'NOT_FOUND', 'Not found.', 404);
    if (!bearerMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return envelope(c, 'UNAUTHENTICATED', 'A valid metrics token is required.', 401);
    }
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
  })
  .get('/healthz', (c) => c.json({ status: 'ok' }, 200))
  .get('/readyz', async (c) => {
    try {
      await c.get('services').database.ping();
      return c.json({ status: 'ready', database: 'ok' }, 200);
    } catch (err) {
      c.get('logger').warn({ err }, 'readiness check failed');
      return c.json(
        { status: 'not ready', database: 'unreachable', requestId: c.get('requestId') },
        503,
      );
    }
  });
