import type { Context } from 'hono';
import { getSessionUser } from '../auth';
import { setLocale as saveLocale } from './service';
import type { AppBindings } from '../context';
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

/** The request's user read from the database, renewing the session cache cookie. */
const freshUser = async (c: Context<AppBindings>) => {
  if (!c.get('user')) return null;
  return getSessionUser(
    c.get('services').auth,
    c.req.raw.headers,
    (value) => c.header('set-cookie', value, { append: true }),
    true,
  );
};

export const accountRoutes = createRouter()
  .openapi(me, async (c) => {
    const { env } = c.get('services');
    return c.json(
      {
        // The account as stored now (a role or name changed elsewhere shows at once); the
        // session cache cookie is renewed with it.
        user: await freshUser(c),
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
    const saved = await saveLocale(c.get('services'), user, c.req.valid('json'));
    await freshUser(c);
    return c.json(saved, 200);
  });
