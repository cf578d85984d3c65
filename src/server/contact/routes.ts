import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { contactBody, contactMessage } from '../../domain/contact';
import { clientAddress, createAdminRouter, createRouter, requireUser } from '../http';
import { contactInbox, setHandled, submitContact } from './service';

export const contactRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/',
    summary: 'Send a message to the FirstGoal team (5 per hour per client address)',
    request: { body: { content: { 'application/json': { schema: contactBody } }, required: true } },
    responses: {
      201: {
        description: 'Stored (and mailed when CONTACT_TO is set)',
        content: { 'application/json': { schema: z.object({ id: z.string() }) } },
      },
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
    createRoute({
      method: 'get',
      path: '/contact',
      summary: 'Contact messages, newest first (admins only)',
      responses: {
        200: {
          description: 'Inbox',
          content: {
            'application/json': { schema: z.object({ messages: z.array(contactMessage) }) },
          },
        },
      },
    }),
    async (c) => {
      return c.json({ messages: await contactInbox(c.get('services'), requireUser(c)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/contact/{id}/handled',
      summary: 'Mark a contact message handled or not (admins only)',
      request: {
        params: z.object({ id: z.string().min(1) }),
        body: {
          content: { 'application/json': { schema: z.object({ handled: z.boolean() }) } },
          required: true,
        },
      },
      responses: {
        200: {
          description: 'Saved',
          content: { 'application/json': { schema: z.object({ handled: z.boolean() }) } },
        },
      },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await setHandled(services, requireUser(c), input, services.now()), 200);
    },
  );
