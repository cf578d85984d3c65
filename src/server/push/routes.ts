import { z } from 'zod';
import { body, createRouter, json, requireUser, route } from '../http/router';
import { pushStatus, subscribe, unsubscribe } from './service';
import { goalAlertSettings, setGoalAlerts } from './goal-alerts';

const status = z.object({ publicKey: z.string(), devices: z.number().int() });
const goalAlertLeague = z.object({
  leagueId: z.string(),
  leagueName: z.string(),
  enabled: z.boolean(),
});
const changed = z.object({ subscribed: z.boolean(), devices: z.number().int() });
const endpoint = z.string().min(1).max(2048);
const subscription = z.object({
  endpoint,
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/** Web Push for any player with a team, guests included (a push needs no e-mail address). */
export const pushRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The key browsers subscribe with, and how many of your devices get push reminders',
      responses: { 200: json(status) },
    }),
    async (c) => c.json(await pushStatus(c.get('services'), requireUser(c)), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/subscriptions',
      summary: 'Send push reminders to this browser (its PushSubscription as JSON)',
      request: body(subscription),
      responses: { 201: json(changed, 'Subscribed') },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await subscribe(c.get('services'), user, c.req.valid('json')), 201);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/subscriptions',
      summary: 'Stop push reminders to this browser',
      request: body(z.object({ endpoint })),
      responses: { 200: json(changed, 'Unsubscribed') },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await unsubscribe(c.get('services'), user, c.req.valid('json')), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/goal-alerts',
      summary: 'Your leagues, and whether goal alerts are on in each (default on)',
      responses: { 200: json(z.object({ leagues: z.array(goalAlertLeague) })) },
    }),
    async (c) => c.json(await goalAlertSettings(c.get('services'), requireUser(c)), 200),
  )
  .openapi(
    route({
      method: 'put',
      path: '/goal-alerts',
      summary: 'Switch goal alerts on or off for one of your leagues',
      request: body(z.object({ leagueId: z.string().min(1).max(64), enabled: z.boolean() })),
      responses: { 200: json(z.object({ leagueId: z.string(), enabled: z.boolean() })) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await setGoalAlerts(c.get('services'), user, c.req.valid('json')), 200);
    },
  );
