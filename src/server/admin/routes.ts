import { z } from 'zod';
import { outboxEntry } from '../../domain/admin';
import { createAdminRouter, json, requireAdmin, route } from '../http/router';
import * as service from './service';

export const adminRoutes = createAdminRouter()
  .openapi(
    route({
      method: 'get',
      path: '/outbox',
      summary: 'Recent mails with their delivery state (admins only)',
      responses: { 200: json(z.object({ mails: z.array(outboxEntry) }), 'Newest first') },
    }),
    async (c) => {
      const mails = await service.outbox(c.get('services'), requireAdmin(c));
      return c.json({ mails }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/outbox/{id}/retry',
      summary: 'Queue a failed mail for another delivery attempt (admins only)',
      request: { params: z.object({ id: z.string().uuid() }) },
      responses: { 200: json(z.object({ ok: z.literal(true) }), 'Queued') },
    }),
    async (c) => {
      const services = c.get('services');
      await service.retryMail(services, requireAdmin(c), c.req.valid('param'), services.now());
      return c.json({ ok: true as const }, 200);
    },
  );
