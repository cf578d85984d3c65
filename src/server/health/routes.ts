import { Hono } from 'hono';
import type { AppBindings } from '../context';

export const healthRoutes = new Hono<AppBindings>()
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
