import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { outboxEntry } from '../../domain/admin';
import { createAdminRouter, requireAdmin } from '../http';
import * as service from './service';

const outbox = createRoute({
  method: 'get',
  path: '/outbox',
  summary: 'Recent mails with their delivery state (admins only)',
  responses: {
    200: {
      description: 'Newest first',
      content: { 'application/json': { schema: z.object({ mails: z.array(outboxEntry) }) } },
    },
  },
});

const retry = createRoute({
  method: 'post',
  path: '/outbox/{id}/retry',
  summary: 'Queue a failed mail for another delivery attempt (admins only)',
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: {
      description: 'Queued',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

export const adminRoutes = createAdminRouter()
  .openapi(outbox, async (c) => {
    const mails = await service.outbox(c.get('services'), requireAdmin(c));
    return c.json({ mails }, 200);
  })
  .openapi(retry, async (c) => {
    const services = c.get('services');
    await service.retryMail(services, requireAdmin(c), c.req.valid('param'), services.now());
    return c.json({ ok: true as const }, 200);
  });
