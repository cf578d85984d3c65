import {
  all,
  anyone,
  signedIn,
  unauthenticated,
  withAccount,
  type Table,
} from './authorization-rows';
import { world } from './authorization-world';
import { browserKeys } from '../setup/push-service';

/**
 * The account, reminders and the contact form, and the routes outside the features (probes,
 * the API description): who may read and write them.
 */
export const accountTable: Table = {
  // --- outside /api: probes for load balancers ---
  'GET /healthz': { expect: anyone, request: () => ({ path: '/healthz' }) },
  'GET /readyz': { expect: anyone, request: () => ({ path: '/readyz' }) },
  // Prometheus: only a Bearer METRICS_TOKEN opens it, never a session; unset here, so 404 for all
  // (src/server/health/metrics.test.ts covers the token).
  'GET /metrics': { expect: all('404 NOT_FOUND'), request: () => ({ path: '/metrics' }) },
  'GET /api/openapi.json': { expect: anyone, request: () => ({ path: '/api/openapi.json' }) },

  // --- account ---
  'GET /api/account/me': { expect: anyone, request: () => ({ path: '/api/account/me' }) },
  'PUT /api/account/locale': {
    expect: signedIn,
    request: () => ({ path: '/api/account/locale', body: { locale: 'en' } }),
  },
  'GET /api/account/export': {
    expect: signedIn,
    request: () => ({ path: '/api/account/export' }),
  },
  'DELETE /api/account': {
    // Fresh identities: the account a cell deletes is its own.
    expect: signedIn,
    state: 'identity',
    request: () => ({ path: '/api/account', body: { confirm: 'DELETE' } }),
  },

  // --- reminders ---
  'GET /api/reminders': { expect: withAccount, request: () => ({ path: '/api/reminders' }) },
  'PUT /api/reminders': {
    expect: withAccount,
    request: () => ({ path: '/api/reminders', body: { enabled: true } }),
  },
  'GET /api/reminders/unsubscribe': {
    // The link in a reminder mail: its token names the player, no session needed.
    expect: anyone,
    request: () => ({ path: `/api/reminders/unsubscribe?token=${world.unsubscribeToken}` }),
  },

  // --- push reminders (guests too: a push needs no e-mail address) ---
  'GET /api/push': { expect: signedIn, request: () => ({ path: '/api/push' }) },
  'POST /api/push/subscriptions': {
    expect: signedIn,
    request: (c) => ({
      path: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/fg/${c.n}`, keys: browserKeys().keys },
    }),
  },
  'DELETE /api/push/subscriptions': {
    expect: signedIn,
    request: (c) => ({
      path: '/api/push/subscriptions',
      body: { endpoint: `https://push.example.com/fg/${c.n}` },
    }),
  },
  'GET /api/push/goal-alerts': {
    expect: signedIn,
    request: () => ({ path: '/api/push/goal-alerts' }),
  },
  'GET /api/push/feed-notifications': {
    expect: signedIn,
    request: () => ({ path: '/api/push/feed-notifications' }),
  },
  'PUT /api/push/goal-alerts': {
    // A league of one's own teams only: anyone else hears it does not exist.
    expect: all('404 LEAGUE_NOT_FOUND', {
      visitor: unauthenticated,
      member: 'ok',
      leagueAdmin: 'ok',
    }),
    request: (c) => ({
      path: '/api/push/goal-alerts',
      body: { leagueId: c.scene.league.id, enabled: true },
    }),
  },

  // --- calendar feed (guests too) ---
  'GET /api/calendar': { expect: signedIn, request: () => ({ path: '/api/calendar' }) },
  // Fresh identities: the member's own feed address must survive for the row below.
  'POST /api/calendar': {
    expect: signedIn,
    state: 'identity',
    request: () => ({ path: '/api/calendar' }),
  },
  'DELETE /api/calendar': {
    expect: signedIn,
    state: 'identity',
    request: () => ({ path: '/api/calendar' }),
  },
  'GET /api/calendar/feed/{file}': {
    // Read by calendar apps: the secret token in the address is the permission.
    expect: anyone,
    request: () => ({ path: world.calendarFeedPath }),
  },

  // --- contact ---
  'POST /api/contact': {
    expect: all('ok'),
    request: (c) => ({
      path: '/api/contact',
      body: { name: 'Ann', email: 'ann@example.com', subject: 'general', message: `Hi ${c.n}` },
    }),
  },
};
