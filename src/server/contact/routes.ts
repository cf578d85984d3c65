import { z } from 'zod';
import { contactBody, contactMessage } from '../../domain/contact';
import {
  body,
  clientAddress,
  createAdminRouter,
  createRouter,
  json,
  requireUser,
  route,
} from '../http/router';
import { contactInbox, setHandled, submitContact } from './service';

export const contactRoutes = createRouter().openapi(
  route({
    method: 'post',
    path: '/',
    summary: 'Send a message to the FirstGoal team (5 per hour per client address)',
    request: body(contactBody),
    responses: {
      201: json(z.object({ id: z.string() }), 'Stored (and mailed when CONTACT_TO is set)'),
    },
  }),
  async (c) => {
    const services = c.get('services');
    const user = c.get('user');
    const sender = {
      clientIp: clientAddress(c),
      userId: user?.id ?? null,
      locale: user?.locale ?? c.req.header('accept-language')?.slice(0, 2) ?? null,
    };
    const result = await submitContact(services, sender, c.req.valid('json'), services.now());
    return c.json(result, 201);
  },
);

export const contactInboxRoutes = createAdminRouter()
  .openapi(
    route({
      method: 'get',
      path: '/contact',
      summary: 'Contact messages, newest first (admins only)',
      responses: { 200: json(z.object({ messages: z.array(contactMessage) }), 'Inbox') },
    }),
    async (c) => {
      return c.json({ messages: await contactInbox(c.get('services'), requireUser(c)) }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/contact/{id}/handled',
      summary: 'Mark a contact message handled or not (admins only)',
      request: {
        params: z.object({ id: z.string().min(1) }),
        ...body(z.object({ handled: z.boolean() })),
      },
      responses: { 200: json(z.object({ handled: z.boolean() }), 'Saved') },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await setHandled(services, requireUser(c), input, services.now()), 200);
    },
  );
