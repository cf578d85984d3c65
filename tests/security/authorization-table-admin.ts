import { all, siteAdminOnly, unauthenticated, type Table } from './authorization-rows';
import { cup, world } from './authorization-world';

const csv = (n: number) =>
  `date,time,time_zone,home,away,round\n2030-07-01,15:00,,Import Home ${n},Import Away ${n},Round 3`;

/** The site admin's console: outbox, competitions, fixtures and results, imports, sync, inbox. */
export const adminTable: Table = {
  // --- site admin ---
  'GET /api/admin/outbox': {
    expect: siteAdminOnly,
    request: () => ({ path: '/api/admin/outbox' }),
  },
  'POST /api/admin/outbox/{id}/retry': {
    expect: siteAdminOnly,
    request: () => ({ path: `/api/admin/outbox/${world.failedMailId}/retry`, body: {} }),
  },
  'GET /api/admin/competitions': {
    expect: siteAdminOnly,
    request: () => ({ path: '/api/admin/competitions' }),
  },
  'POST /api/admin/competitions': {
    expect: siteAdminOnly,
    request: (c) => ({
      path: '/api/admin/competitions',
      body: {
        id: `authz_new_${c.n}`,
        name: `Authz Trophy ${c.n}`,
        route: `/authz-trophy-${c.n}`,
        kind: 'tournament',
        country: 'World',
        timeZone: 'Europe/London',
      },
    }),
  },
  'GET /api/admin/fixtures': {
    expect: siteAdminOnly,
    request: () => ({ path: `/api/admin/fixtures?competitionId=${cup}` }),
  },
  'POST /api/admin/fixtures': {
    expect: siteAdminOnly,
    request: (c) => ({
      path: '/api/admin/fixtures',
      body: {
        competitionId: cup,
        round: 'Round 1',
        date: '2030-06-01',
        time: '15:00',
        homeTeam: `Home ${c.n}`,
        awayTeam: `Away ${c.n}`,
      },
    }),
  },
  'PATCH /api/admin/fixtures/{fixtureId}': {
    expect: siteAdminOnly,
    request: () => ({ path: `/api/admin/fixtures/${cup}_open`, body: { round: 'Round 2' } }),
  },
  'POST /api/admin/fixtures/{fixtureId}/recalculate': {
    expect: siteAdminOnly,
    request: () => ({ path: `/api/admin/fixtures/${cup}_final/recalculate`, body: {} }),
  },
  'POST /api/admin/fixtures/{fixtureId}/hand-back': {
    expect: siteAdminOnly,
    request: () => ({ path: `/api/admin/fixtures/${cup}_final/hand-back`, body: {} }),
  },
  'POST /api/admin/competitions/{competitionId}/rebuild-standings': {
    expect: siteAdminOnly,
    request: () => ({
      path: '/api/admin/competitions/premier_league/rebuild-standings',
      body: {},
    }),
  },
  'GET /api/admin/audit': { expect: siteAdminOnly, request: () => ({ path: '/api/admin/audit' }) },
  'POST /api/admin/imports/preview': {
    expect: siteAdminOnly,
    request: (c) => ({
      path: '/api/admin/imports/preview',
      body: { competitionId: cup, format: 'csv', content: csv(c.n) },
    }),
  },
  'POST /api/admin/imports/apply': {
    expect: siteAdminOnly,
    request: (c) => ({
      path: '/api/admin/imports/apply',
      body: { competitionId: cup, format: 'csv', content: csv(c.n) },
    }),
  },
  'GET /api/admin/sync': { expect: siteAdminOnly, request: () => ({ path: '/api/admin/sync' }) },
  'POST /api/admin/sync': {
    expect: siteAdminOnly,
    request: () => ({ path: '/api/admin/sync', body: { competitionId: 'premier_league' } }),
  },
  // No match waits for a fixture in this world: the admin gets past the gate to a 404.
  'POST /api/admin/sync/link': {
    expect: all('403 ADMIN_ONLY', { visitor: unauthenticated, siteAdmin: '404 NOT_FOUND' }),
    request: () => ({
      path: '/api/admin/sync/link',
      body: { source: 'espn', matchId: '1', fixtureId: `${cup}_final` },
    }),
  },
  'GET /api/admin/contact': {
    expect: siteAdminOnly,
    request: () => ({ path: '/api/admin/contact' }),
  },
  'PUT /api/admin/contact/{id}/handled': {
    expect: siteAdminOnly,
    request: () => ({
      path: `/api/admin/contact/${world.contactId}/handled`,
      body: { handled: true },
    }),
  },
};
