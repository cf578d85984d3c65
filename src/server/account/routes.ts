import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { localeBody, meResponse } from '../../domain/account';
import { createRouter, requireUser } from '../http';

const me = createRoute({
  method: 'get',
  path: '/me',
  summary: 'The signed-in user (or null) and which sign-in methods are available',
  responses: {
    200: { description: 'Current user', content: { 'application/json': { schema: meResponse } } },
  },
});

const setLocale = createRoute({
  method: 'put',
  path: '/locale',
  summary: "Stores the signed-in user's interface language (mails go out in it)",
  request: { body: { content: { 'application/json': { schema: localeBody } }, required: true } },
  responses: {
    200: {
      description: 'Saved',
      content: { 'application/json': { schema: z.object({ locale: localeBody.shape.locale }) } },
    },
  },
});

export const accountRoutes = createRouter()
  .openapi(me, (c) => {
    const { env } = c.get('services');
    return c.json(
      {
        user: c.get('user'),
        auth: {
          google: env.googleEnabled,
          emailVerificationRequired: env.REQUIRE_EMAIL_VERIFICATION,
        },
      },
      200,
    );
  })
  .openapi(setLocale, async (c) => {
    const user = requireUser(c);
    const { locale } = c.req.valid('json');
    await c
      .get('services')
      .database.db.updateTable('user')
      .set({ locale })
      .where('id', '=', user.id)
      .execute();
    return c.json({ locale }, 200);
  });
