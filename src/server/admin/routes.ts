import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { outboxEntry } from '../../domain/admin';
import { AppError } from '../errors';
import { createAdminRouter, requireAdmin } from '../http';
import { listOutbox, requeueMail } from './repository';

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
    requireAdmin(c);
    const mails = await listOutbox(c.get('services').database.db, 100);
    return c.json({ mails }, 200);
  })
  .openapi(retry, async (c) => {
    requireAdmin(c);
    const { database, mailer, now } = c.get('services');
    const queued = await requeueMail(database.db, c.req.valid('param').id, now());
    if (!queued) throw new AppError('NOT_FOUND', 'Mail not found or not failed.');
    void mailer.processDue();
    return c.json({ ok: true as const }, 200);
  });
