import type { Context } from 'hono';
import { endSession, getSessionUser } from '../auth/auth';
import { deleteAccount, exportData } from './data-service';
import { setLocale as saveLocale } from './service';
import type { AppBindings } from '../context';
import { z } from 'zod';
import { deleteAccountBody, localeBody, meResponse } from '../../domain/account';
import { body, createRouter, json, requireUser, route } from '../http/router';

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
  .openapi(
    route({
      method: 'get',
      path: '/me',
      summary: 'The signed-in user (or null) and which sign-in methods are available',
      responses: { 200: json(meResponse, 'Current user') },
    }),
    async (c) => {
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
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/locale',
      summary: "Stores the signed-in user's interface language (mails go out in it)",
      request: body(localeBody),
      responses: { 200: json(z.object({ locale: localeBody.shape.locale }), 'Saved') },
    }),
    async (c) => {
      const user = requireUser(c);
      const saved = await saveLocale(c.get('services'), user, c.req.valid('json'));
      await freshUser(c);
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/export',
      summary:
        'Download my data: the account, its teams and predictions, leagues and settings (JSON)',
      responses: { 200: json(z.object({ exportedAt: z.string() }).passthrough()) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const data = await exportData(services, user, services.now());
      c.header('content-disposition', 'attachment; filename="firstgoal-my-data.json"');
      c.header('cache-control', 'no-store');
      return c.json(data, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/',
      summary:
        'Delete my account (type DELETE): its teams and predictions go, leagues it runs pass on',
      request: body(deleteAccountBody),
      responses: {
        200: json(
          z.object({
            leagues: z.array(
              z.object({ leagueId: z.string(), to: z.string().nullable(), deleted: z.boolean() }),
            ),
          }),
        ),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const result = await deleteAccount(services, user, services.now());
      // The session went with the account: the browser's cookies are cleared too.
      for (const value of await endSession(services.auth, c.req.raw.headers))
        c.header('set-cookie', value, { append: true });
      return c.json(result, 200);
    },
  );
