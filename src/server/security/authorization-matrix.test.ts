import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtures, hoursFrom } from '../../../tests/setup/fixtures';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import { startOidcProvider, type OidcProvider } from '../../../tests/setup/oidc-provider';
import {
  createTestApp,
  testBaseUrl,
  type Agent,
  type TestApp,
  type TestResponse,
} from '../../../tests/setup/test-app';
import { setRole } from '../account/roles';

/*
 * Who may do what, for every route the server answers (DESIGN §5: "Tests cover each route ×
 * role"). The route list is generated — every method and path the Hono app registers (cross-checked
 * against /api/openapi.json) plus every endpoint better-auth serves under /api/auth/* — and the
 * first test fails when a route has no row in `table` below, or a row names a route that is gone:
 * a new route cannot ship without someone deciding its permissions here.
 *
 * Each row sends one valid request (the seeded league, team and fixture, a valid body) as each of
 * six identities and expects 'ok' (2xx), or a status, or a status and error code. Rows whose
 * success changes what the next identity would see run on fresh state: `state: 'league'` makes a
 * new league (league admin + member with two teams) per cell; `state: 'identity'` also makes a new
 * account for the identity under test (for routes that end sessions or change credentials).
 *
 * Mail is never sent: without SMTP_URL the mailer only stores mails in the outbox table, where
 * the password-reset and verification links are read. The OpenID provider (standing in for
 * Google) and the openfootball feed run on 127.0.0.1; nothing here needs the internet, and the
 * server clock is pinned, so nothing depends on today's date.
 */

const identities = ['visitor', 'guest', 'other', 'member', 'siteAdmin', 'leagueAdmin'] as const;
type Identity = (typeof identities)[number];
type SignedIn = Exclude<Identity, 'visitor'>;

/** 'ok' = any 2xx; otherwise the exact status, optionally with the error code the body carries. */
type Outcome = 'ok' | `${number}` | `${number} ${string}`;
type Expectations = Record<Identity, Outcome>;

interface LeagueRef {
  id: string;
  name: string;
  inviteCode: string;
}

/** A league under test (its admin has a team too) and the member's two teams in it. */
interface Scene {
  agents: Record<SignedIn, Agent>;
  league: LeagueRef;
  memberTeamId: string;
  memberSecondTeamId: string;
}

/** One cell: the identity under test, its browser and the league it acts on. */
interface Cell {
  who: Identity;
  agent: Agent;
  scene: Scene;
  n: number;
}

interface Probe {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  expect: Expectations;
  request: (cell: Cell) => Probe | Promise<Probe>;
  state?: 'shared' | 'league' | 'identity';
  /** Where a 3xx answer must lead (its path), so a redirect to an error page is not 'ok'. */
  redirect?: string;
  /** The route streams (Server-Sent Events): read the first event, then hang up. */
  stream?: true;
}

// The pinned server clock, and the fixtures around it. The league plays premier_league, whose
// built-in fixtures all lie years before this instant: its current season is ours ('').
const kickoffBase = new Date('2030-05-01T12:00:00Z');
let now = kickoffBase;
const openFixture = 'authz_open';
const openFixture2 = 'authz_open2';
const kickedOffFixture = 'authz_kicked';
const cup = 'authz_cup';
const password = 'correct-horse-9';
const siteAdminEmail = 'site-admin@authz.test';
const loginEmail = 'login-target@authz.test';
const unverifiedEmail = 'unverified-target@authz.test';

const all = (outcome: Outcome, overrides: Partial<Expectations> = {}): Expectations => ({
  ...(Object.fromEntries(identities.map((who) => [who, outcome])) as Expectations),
  ...overrides,
});
const unauthenticated = '401 UNAUTHENTICATED';
const anyone = all('ok');
const signedIn = all('ok', { visitor: unauthenticated });
const withAccount = all('ok', { visitor: unauthenticated, guest: '403 FORBIDDEN' });
const siteAdminOnly = all('403 ADMIN_ONLY', { visitor: unauthenticated, siteAdmin: 'ok' });
const leagueAdminOnly = all('403 NOT_LEAGUE_ADMIN', {
  visitor: unauthenticated,
  leagueAdmin: 'ok',
});
/** The member owns the team the request names; nobody else may read or write it. */
const teamOwnerOnly = all('403 NOT_YOUR_TEAM', { visitor: unauthenticated, member: 'ok' });
/** better-auth's own answer to a request without a session. */
const authSignedIn = (signed: Outcome = 'ok', overrides: Partial<Expectations> = {}) =>
  all(signed, { visitor: '401 UNAUTHORIZED', ...overrides });
/** Self-service that asks for the account's password (a guest has none). */
const withPassword = authSignedIn('ok', { guest: '400 INVALID_PASSWORD' });

let t: TestApp;
let op: OidcProvider;
let feed: Server;
let serial = 0;
const next = () => (serial += 1);

interface World {
  scene: Scene;
  /** A player whose team the league admin removes (for the rejoin bars). */
  extra: Agent;
  extraUserId: string;
  memberAccountId: string;
  contactId: string;
  failedMailId: string;
  unsubscribeToken: string;
}
let world: World;

const googleStart = { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/?e=1' };

/** The authorization code and state of a completed sign-in at the provider, for `agent`. */
const googleReturn = async (agent: Agent) => {
  const started = await agent.post('/api/auth/sign-in/social', googleStart);
  if (started.status !== 200) throw new Error(`sign-in/social: ${started.status}`);
  return op.browser().authorize(started.body.url as string, 'approve');
};

/** Mails stored in the outbox (no SMTP in this file) to `to` of `kind`. */
const mailIds = async (to: string, kind: string) =>
  (
    await t.services.database.db
      .selectFrom('outbox')
      .select(['id', 'text_body'])
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .execute()
  ).map((m) => ({ id: m.id, text: m.text_body }));

/** The text of the mail that `send` makes (waits for it: better-auth may mail after answering). */
const newMail = async (to: string, kind: string, send: () => Promise<unknown>) => {
  const before = new Set((await mailIds(to, kind)).map((m) => m.id));
  await send();
  for (let tries = 0; tries < 100; tries += 1) {
    const found = (await mailIds(to, kind)).find((m) => !before.has(m.id));
    if (found) return found.text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} mail to ${to}`);
};

const resetToken = async () => {
  const text = await newMail(loginEmail, 'reset-password', () =>
    t.agent().post('/api/auth/request-password-reset', {
      email: loginEmail,
      redirectTo: '/reset-password',
    }),
  );
  const token = /\/api\/auth\/reset-password\/([^?\s"<>]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return token;
};

const userId = async (agent: Agent) => {
  const me = await agent.get('/api/account/me');
  const id = me.body?.user?.id as string | undefined;
  if (!id) throw new Error('not signed in');
  return id;
};

/** A new account (or guest) for one identity; a site admin is made the way the CLI does it. */
const newIdentity = async (who: SignedIn): Promise<Agent> => {
  if (who === 'guest') return guest(t);
  if (who !== 'siteAdmin') return player(t, `Fresh ${who}`);
  const email = `site-admin-${next()}@authz.test`;
  const agent = t.agent();
  await agent.signUp(email, password, 'Fresh site admin');
  await setRole(t.services.database.db, {
    email,
    role: 'admin',
    actorUserId: null,
    actorLabel: 'authorization matrix',
    at: now,
  });
  // /me reads the account afresh and renews the session cache cookie with the new role.
  const me = await agent.get('/api/account/me');
  if (me.body.user.role !== 'admin') throw new Error('site admin not promoted');
  return agent;
};

const newScene = async (agents: Record<SignedIn, Agent>): Promise<Scene> => {
  const created = await createLeague(agents.leagueAdmin, `Authz League ${next()}`, 'Admin XI');
  const { id, name, inviteCode } = created.league;
  const joined = await agents.member.post('/api/leagues/join', {
    codeOrName: inviteCode,
    teamName: 'Member FC',
  });
  const second = await agents.member.post(`/api/leagues/${id}/teams`, {
    teamName: 'Member Reserves',
  });
  if (joined.status !== 201 || second.status !== 201)
    throw new Error(`member could not join: ${joined.status} ${second.status}`);
  return {
    agents,
    league: { id, name, inviteCode },
    memberTeamId: joined.body.team.id as string,
    memberSecondTeamId: second.body.team.id as string,
  };
};

const cellFor = async (row: Row, who: Identity): Promise<Cell> => {
  const n = next();
  const state = row.state ?? 'shared';
  if (state === 'shared') {
    const agent = who === 'visitor' ? t.agent() : world.scene.agents[who];
    return { who, agent, scene: world.scene, n };
  }
  const agents = { ...world.scene.agents };
  if (state === 'identity' && who !== 'visitor') agents[who] = await newIdentity(who);
  const scene = await newScene(agents);
  return { who, agent: who === 'visitor' ? t.agent() : agents[who], scene, n };
};

const openStream = async (agent: Agent, probe: Probe): Promise<TestResponse> => {
  const cookie = agent.cookieHeader();
  const res = await t.app.request(`${testBaseUrl}${probe.path}`, {
    headers: { origin: testBaseUrl, ...(cookie ? { cookie } : {}), ...probe.headers },
  });
  if (!res.ok || !res.body) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }
  const reader = res.body.getReader();
  const first = await reader.read();
  await reader.cancel();
  return { status: res.status, headers: res.headers, body: new TextDecoder().decode(first.value) };
};

const league = (c: Cell) => `/api/leagues/${c.scene.league.id}`;
const member = (c: Cell) => c.scene.memberTeamId;
const csv = (n: number) =>
  `date,time,time_zone,home,away,round\n2030-07-01,15:00,,Import Home ${n},Import Away ${n},Round 3`;

/**
 * The expectation table: one row per route. Keys are "METHOD path" with OpenAPI-style `{params}`.
 * Identities: visitor (no session), guest (anonymous session, no team in the league), other
 * (signed in, no team in the league), member (owns the league's member teams), siteAdmin (role
 * admin, no team in the league), leagueAdmin (created the league).
 */
const table: Record<string, Row> = {
  // --- outside /api: probes for load balancers ---
  'GET /healthz': { expect: anyone, request: () => ({ path: '/healthz' }) },
  'GET /readyz': { expect: anyone, request: () => ({ path: '/readyz' }) },
  'GET /api/openapi.json': { expect: anyone, request: () => ({ path: '/api/openapi.json' }) },

  // --- account ---
  'GET /api/account/me': { expect: anyone, request: () => ({ path: '/api/account/me' }) },
  'PUT /api/account/locale': {
    expect: signedIn,
    request: () => ({ path: '/api/account/locale', body: { locale: 'en' } }),
  },

  // --- competitions and fixtures (public) ---
  'GET /api/competitions': { expect: anyone, request: () => ({ path: '/api/competitions' }) },
  'GET /api/competitions/{competitionId}/fixtures': {
    expect: anyone,
    request: () => ({ path: '/api/competitions/premier_league/fixtures' }),
  },

  // --- leagues ---
  'GET /api/leagues/mine': { expect: anyone, request: () => ({ path: '/api/leagues/mine' }) },
  'POST /api/leagues': {
    expect: all('ok', {
      visitor: '401 SIGN_IN_TO_CREATE_LEAGUE',
      guest: '403 ACCOUNT_REQUIRED',
    }),
    request: (c) => ({
      path: '/api/leagues',
      body: { leagueName: `Created League ${c.n}`, teamName: 'Founders' },
    }),
  },
  'GET /api/leagues/lookup': {
    expect: anyone,
    request: (c) => ({
      path: `/api/leagues/lookup?league=${encodeURIComponent(c.scene.league.name)}`,
    }),
  },
  'POST /api/leagues/join': {
    // A success makes the identity a member: a new league each time.
    state: 'league',
    expect: all('ok', { visitor: unauthenticated }),
    request: (c) => ({
      path: '/api/leagues/join',
      body: { codeOrName: c.scene.league.inviteCode, teamName: `Joiner ${c.n}` },
    }),
  },
  'POST /api/leagues/quick-join': {
    // Signed out, quick join starts a guest session (DESIGN §4).
    state: 'league',
    expect: anyone,
    request: (c) => ({
      path: '/api/leagues/quick-join',
      body: { code: c.scene.league.inviteCode, teamName: `Quick ${c.n}` },
    }),
  },
  'GET /api/leagues/{leagueId}': { expect: anyone, request: (c) => ({ path: league(c) }) },
  'GET /api/leagues/{leagueId}/standings': {
    expect: anyone,
    request: (c) => ({ path: `${league(c)}/standings` }),
  },
  'POST /api/leagues/{leagueId}/teams': {
    expect: all('403 FORBIDDEN', { visitor: unauthenticated, member: 'ok', leagueAdmin: 'ok' }),
    request: (c) => ({ path: `${league(c)}/teams`, body: { teamName: `Extra ${c.n}` } }),
  },
  'PATCH /api/leagues/{leagueId}': {
    state: 'league',
    expect: leagueAdminOnly,
    request: (c) => ({ path: league(c), body: { name: `Renamed League ${c.n}` } }),
  },
  'DELETE /api/leagues/{leagueId}': {
    state: 'league',
    expect: leagueAdminOnly,
    request: (c) => ({ path: league(c), body: { confirmName: c.scene.league.name } }),
  },
  'POST /api/leagues/{leagueId}/invite-code': {
    state: 'league',
    expect: leagueAdminOnly,
    request: (c) => ({ path: `${league(c)}/invite-code`, body: {} }),
  },
  'DELETE /api/leagues/{leagueId}/teams/{teamId}': {
    state: 'league',
    expect: leagueAdminOnly,
    request: (c) => ({ path: `${league(c)}/teams/${member(c)}` }),
  },
  'GET /api/leagues/{leagueId}/bars': {
    expect: leagueAdminOnly,
    request: (c) => ({ path: `${league(c)}/bars` }),
  },
  'DELETE /api/leagues/{leagueId}/bars/{userId}': {
    state: 'league',
    expect: leagueAdminOnly,
    request: async (c) => {
      // A bar to lift: the extra player joins and the league admin removes their team.
      const joined = await world.extra.post('/api/leagues/join', {
        codeOrName: c.scene.league.inviteCode,
        teamName: `Removed ${c.n}`,
      });
      const removed = await c.scene.agents.leagueAdmin.delete(
        `${league(c)}/teams/${joined.body.team.id as string}`,
      );
      if (removed.status !== 200) throw new Error(`could not remove: ${removed.status}`);
      return { path: `${league(c)}/bars/${world.extraUserId}` };
    },
  },
  'GET /api/live/leagues/{leagueId}': {
    // "Readable like the league page" (realtime/routes.ts).
    expect: anyone,
    stream: true,
    request: (c) => ({ path: `/api/live/leagues/${c.scene.league.id}` }),
  },

  // --- predictions ---
  'GET /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({ path: `/api/predictions?teamId=${member(c)}` }),
  },
  'GET /api/predictions/mine': {
    expect: signedIn,
    request: () => ({ path: '/api/predictions/mine' }),
  },
  'PUT /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions',
      body: {
        teamId: member(c),
        predictions: [{ fixtureId: openFixture2, outcome: '2', firstGoalMinute: 30 }],
      },
    }),
  },
  'DELETE /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions',
      body: { teamId: member(c), fixtureIds: [openFixture2] },
    }),
  },
  'POST /api/predictions/copy': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions/copy',
      body: { fromTeamId: member(c), toTeamId: c.scene.memberSecondTeamId },
    }),
  },
  'PUT /api/predictions/multi': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions/multi',
      body: {
        teamIds: [member(c), c.scene.memberSecondTeamId],
        predictions: [{ fixtureId: openFixture2, outcome: 'X', firstGoalMinute: 0 }],
      },
    }),
  },
  'GET /api/predictions/league/{leagueId}': {
    // Anyone holding the link reads the fixtures and who has predicted (picks: see below).
    expect: anyone,
    request: (c) => ({ path: `/api/predictions/league/${c.scene.league.id}` }),
  },
  'GET /api/predictions/league/{leagueId}/fixtures/{fixtureId}': {
    // Every team's pick of a kicked-off fixture: members only (DESIGN §3 Visibility).
    expect: all('403 PREDICTIONS_HIDDEN', {
      visitor: unauthenticated,
      member: 'ok',
      leagueAdmin: 'ok',
    }),
    request: (c) => ({
      path: `/api/predictions/league/${c.scene.league.id}/fixtures/${kickedOffFixture}`,
    }),
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

  // --- contact ---
  'POST /api/contact': {
    expect: all('ok'),
    request: (c) => ({
      path: '/api/contact',
      body: { name: 'Ann', email: 'ann@example.com', subject: 'general', message: `Hi ${c.n}` },
    }),
  },

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

  // --- better-auth: sign-up, sign-in, sessions ---
  'POST /api/auth/sign-up/email': {
    // Signed in or a guest (who keeps their teams), sign-up starts the new account's session.
    state: 'identity',
    expect: anyone,
    request: (c) => ({
      path: '/api/auth/sign-up/email',
      body: { email: `signup-${c.n}@authz.test`, password, name: `New ${c.n}` },
    }),
  },
  'POST /api/auth/sign-in/email': {
    state: 'identity',
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-in/email', body: { email: loginEmail, password } }),
  },
  'POST /api/auth/sign-in/anonymous': {
    state: 'identity',
    expect: all('ok', { guest: '400 ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY' }),
    request: () => ({ path: '/api/auth/sign-in/anonymous', body: {} }),
  },
  'POST /api/auth/delete-anonymous-user': {
    state: 'identity',
    expect: all('403 USER_IS_NOT_ANONYMOUS', { visitor: '401 UNAUTHORIZED', guest: 'ok' }),
    request: () => ({ path: '/api/auth/delete-anonymous-user', body: {} }),
  },
  'POST /api/auth/sign-in/social': {
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-in/social', body: googleStart }),
  },
  'GET /api/auth/callback/{id}': {
    // The provider's redirect back after a completed Google sign-in (it replaces the session).
    state: 'identity',
    expect: all('302'),
    redirect: '/dashboard',
    request: async (c) => {
      const back = await googleReturn(c.agent);
      return { path: `${back.pathname}${back.search}` };
    },
  },
  'POST /api/auth/callback/{id}': {
    // form_post answers are turned into the GET callback above.
    expect: all('302'),
    redirect: '/api/auth/callback/google',
    request: async (c) => {
      const back = await googleReturn(c.agent);
      return {
        path: '/api/auth/callback/google',
        body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      };
    },
  },
  'GET /api/auth/get-session': {
    expect: anyone,
    request: () => ({ path: '/api/auth/get-session' }),
  },
  'POST /api/auth/get-session': {
    // Only with better-auth's deferSessionRefresh, which we do not use.
    expect: all('405'),
    request: () => ({ path: '/api/auth/get-session', body: {} }),
  },
  'POST /api/auth/sign-out': {
    state: 'identity',
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-out', body: {} }),
  },
  'POST /api/auth/update-session': {
    // No session fields are writable.
    expect: authSignedIn('400'),
    request: () => ({ path: '/api/auth/update-session', body: {} }),
  },
  'GET /api/auth/list-sessions': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/list-sessions' }),
  },
  'POST /api/auth/revoke-session': {
    state: 'identity',
    expect: authSignedIn(),
    request: async (c) => {
      const session = await c.agent.get('/api/auth/get-session');
      return {
        path: '/api/auth/revoke-session',
        body: { token: (session.body?.session?.token as string | undefined) ?? 'none' },
      };
    },
  },
  'POST /api/auth/revoke-sessions': {
    state: 'identity',
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/revoke-sessions', body: {} }),
  },
  'POST /api/auth/revoke-other-sessions': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/revoke-other-sessions', body: {} }),
  },

  // --- better-auth: the account ---
  'POST /api/auth/update-user': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/update-user', body: { locale: 'en' } }),
  },
  'POST /api/auth/change-password': {
    state: 'identity',
    expect: authSignedIn('ok', { guest: '400 CREDENTIAL_ACCOUNT_NOT_FOUND' }),
    request: () => ({
      path: '/api/auth/change-password',
      body: { currentPassword: password, newPassword: 'correct-horse-10' },
    }),
  },
  'POST /api/auth/verify-password': {
    expect: withPassword,
    request: () => ({ path: '/api/auth/verify-password', body: { password } }),
  },
  'POST /api/auth/change-email': {
    expect: authSignedIn('400 CHANGE_EMAIL_DISABLED'),
    request: (c) => ({
      path: '/api/auth/change-email',
      body: { newEmail: `moved-${c.n}@authz.test` },
    }),
  },
  'POST /api/auth/delete-user': {
    // Account deletion is not enabled.
    expect: authSignedIn('404'),
    request: () => ({ path: '/api/auth/delete-user', body: {} }),
  },
  'GET /api/auth/delete-user/callback': {
    expect: all('404'),
    request: () => ({ path: '/api/auth/delete-user/callback?token=none' }),
  },
  'POST /api/auth/request-password-reset': {
    expect: anyone,
    request: () => ({
      path: '/api/auth/request-password-reset',
      body: { email: loginEmail, redirectTo: '/reset-password' },
    }),
  },
  'GET /api/auth/reset-password/{token}': {
    // The mailed link: the token is the credential, whoever opens it.
    expect: all('302'),
    redirect: '/reset-password',
    request: async () => ({
      path: `/api/auth/reset-password/${await resetToken()}?callbackURL=%2Freset-password`,
    }),
  },
  'POST /api/auth/reset-password': {
    expect: anyone,
    request: async () => ({
      path: '/api/auth/reset-password',
      body: { token: await resetToken(), newPassword: password },
    }),
  },
  'POST /api/auth/send-verification-email': {
    // Signed in, only to one's own address.
    expect: all('400 EMAIL_MISMATCH', { visitor: 'ok' }),
    request: () => ({
      path: '/api/auth/send-verification-email',
      body: { email: unverifiedEmail, callbackURL: '/account' },
    }),
  },
  'GET /api/auth/verify-email': {
    // The mailed link signs its reader in as the verified account: a new account each time.
    state: 'identity',
    expect: all('302'),
    redirect: '/account',
    request: async (c) => {
      const email = `verify-${c.n}@authz.test`;
      await t.agent().signUp(email, password, 'Verify');
      const text = await newMail(email, 'verify-email', () =>
        t.agent().post('/api/auth/send-verification-email', { email, callbackURL: '/account' }),
      );
      const link = /http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s"<>]+)/.exec(text)?.[1];
      if (!link) throw new Error(`no verification link in:\n${text}`);
      return { path: link };
    },
  },
  'GET /api/auth/list-accounts': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/list-accounts' }),
  },
  'POST /api/auth/link-social': {
    expect: authSignedIn(),
    request: () => ({
      path: '/api/auth/link-social',
      body: { provider: 'google', callbackURL: '/account' },
    }),
  },
  // The member's own (credential) account, asked for by everyone: the owner gets what a password
  // account has (no provider tokens), anyone else 'not found'.
  'POST /api/auth/unlink-account': {
    expect: authSignedIn('400 FAILED_TO_UNLINK_LAST_ACCOUNT', {
      guest: '400 ACCOUNT_NOT_FOUND',
    }),
    request: () => ({
      path: '/api/auth/unlink-account',
      body: { accountId: world.memberAccountId },
    }),
  },
  'POST /api/auth/get-access-token': {
    expect: all('400 ACCOUNT_NOT_FOUND', { visitor: '401', member: '400 PROVIDER_NOT_SUPPORTED' }),
    request: () => ({
      path: '/api/auth/get-access-token',
      body: { accountId: world.memberAccountId },
    }),
  },
  'POST /api/auth/refresh-token': {
    expect: all('400 ACCOUNT_NOT_FOUND', { visitor: '401', member: '400 PROVIDER_NOT_SUPPORTED' }),
    request: () => ({
      path: '/api/auth/refresh-token',
      body: { accountId: world.memberAccountId },
    }),
  },
  'GET /api/auth/account-info': {
    expect: all('400 ACCOUNT_NOT_FOUND', { visitor: '401', member: '400 PROVIDER_NOT_CONFIGURED' }),
    request: () => ({ path: `/api/auth/account-info?accountId=${world.memberAccountId}` }),
  },

  // --- better-auth: two-factor (enabled on the server; the web app offers no 2FA screens) ---
  'POST /api/auth/two-factor/enable': {
    state: 'identity',
    expect: withPassword,
    request: () => ({ path: '/api/auth/two-factor/enable', body: { password } }),
  },
  'POST /api/auth/two-factor/disable': {
    state: 'identity',
    expect: withPassword,
    request: () => ({ path: '/api/auth/two-factor/disable', body: { password } }),
  },
  'POST /api/auth/two-factor/get-totp-uri': {
    expect: authSignedIn('400 TOTP_NOT_ENABLED'),
    request: () => ({ path: '/api/auth/two-factor/get-totp-uri', body: { password } }),
  },
  'POST /api/auth/two-factor/generate-backup-codes': {
    expect: authSignedIn('400 TWO_FACTOR_NOT_ENABLED'),
    request: () => ({ path: '/api/auth/two-factor/generate-backup-codes', body: { password } }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    expect: all('400 TOTP_NOT_ENABLED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({ path: '/api/auth/two-factor/verify-totp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/send-otp': {
    expect: all('400 OTP_NOT_CONFIGURED'),
    request: () => ({ path: '/api/auth/two-factor/send-otp', body: {} }),
  },
  'POST /api/auth/two-factor/verify-otp': {
    expect: all('400 OTP_HAS_EXPIRED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({ path: '/api/auth/two-factor/verify-otp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    expect: all('400 BACKUP_CODES_NOT_ENABLED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({
      path: '/api/auth/two-factor/verify-backup-code',
      body: { code: 'abcde-fghij' },
    }),
  },

  // --- better-auth: plumbing ---
  'GET /api/auth/ok': { expect: anyone, request: () => ({ path: '/api/auth/ok' }) },
  'GET /api/auth/error': { expect: anyone, request: () => ({ path: '/api/auth/error' }) },
};

/** `/api/leagues/:leagueId` → `/api/leagues/{leagueId}` */
const templated = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Every route the server answers, generated from the app and better-auth. */
const generatedRoutes = async () => {
  const handlers = t.app.routes.filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'));
  const fromApp = new Set(handlers.map((r) => `${r.method} ${templated(r.path)}`));
  const doc = (await t.agent().get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, unknown>>;
  };
  const fromDoc = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
  // The methods the app hands to better-auth (app.ts: app.on([...], '/api/auth/*')).
  const authMethods = new Set(
    t.app.routes.filter((r) => r.path === '/api/auth/*' && r.method !== 'ALL').map((r) => r.method),
  );
  const basePath = t.services.auth.options.basePath ?? '/api/auth';
  const fromAuth = Object.values(t.services.auth.api as unknown as Record<string, unknown>)
    .map(
      (endpoint) =>
        endpoint as {
          path?: unknown;
          options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
        },
    )
    .filter((e) => typeof e.path === 'string' && !e.options?.metadata?.SERVER_ONLY)
    .flatMap((e) =>
      [e.options?.method ?? []]
        .flat()
        .flatMap((m) => (m === '*' ? [...authMethods] : [m]))
        .filter((m) => authMethods.has(m))
        .map((m) => `${m} ${templated(`${basePath}${String(e.path)}`)}`),
    );
  return { fromApp, fromDoc, fromAuth };
};

/** The response read as an Outcome, in the expectation's own terms. */
const outcomeOf = (res: TestResponse, expected: Outcome): string => {
  if (res.status >= 200 && res.status < 300) return 'ok';
  const [, wantsCode] = expected.split(' ');
  if (wantsCode === undefined) return String(res.status);
  const body = res.body as { error?: { code?: unknown }; code?: unknown } | null;
  return `${res.status} ${String(body?.error?.code ?? body?.code ?? '(no code)')}`;
};

/** Refusals carry the app's envelope; better-auth's routes carry better-auth's own. */
const expectEnvelope = (key: string, res: TestResponse) => {
  if (key.includes(' /api/auth/')) {
    if (res.body !== null)
      expect(typeof res.body.message, `${key}: better-auth message`).toBe('string');
    return;
  }
  expect(res.body, `${key}: error envelope`).toEqual({
    error: expect.objectContaining({
      code: expect.any(String),
      message: expect.any(String),
      requestId: res.headers.get('x-request-id'),
    }),
  });
};

const pathMatches = (key: string, path: string) => {
  const template = key.split(' ')[1] ?? '';
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/?]+');
  return new RegExp(`^${pattern}(\\?.*)?$`).test(path);
};

let address = 0;
const send = async (key: string, row: Row, cell: Cell): Promise<TestResponse> => {
  const method = key.split(' ')[0] ?? 'GET';
  const probe = await row.request(cell);
  expect(pathMatches(key, probe.path), `${probe.path} is not ${key}`).toBe(true);
  // Each cell is its own client (TRUST_PROXY): per-address limits (contact: 5 an hour) count
  // one request.
  address += 1;
  const headers = {
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    ...probe.headers,
  };
  if (row.stream) return openStream(cell.agent, { ...probe, headers });
  return cell.agent.request(method, probe.path, probe.body, headers);
};

beforeAll(async () => {
  feed = createServer((_req, res) => res.writeHead(404).end('404: Not Found'));
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  op = await startOidcProvider({ redirectUri: `${testBaseUrl}/api/auth/callback/google` });
  // Seeded three hours before the pinned instant, so the member can pick the fixture that will
  // have kicked off when the matrix runs.
  now = hoursFrom(kickoffBase, -3);
  t = await createTestApp({
    now: () => now,
    env: {
      ADMIN_EMAILS: siteAdminEmail,
      TRUST_PROXY: 'true',
      OPENFOOTBALL_URL: `http://127.0.0.1:${(feed.address() as AddressInfo).port}`,
      GOOGLE_CLIENT_ID: op.clientId,
      GOOGLE_CLIENT_SECRET: op.clientSecret,
      GOOGLE_DISCOVERY_URL: op.discoveryUrl,
    },
  });
  await insertFixtures(t, [
    { id: openFixture, kickoffAt: hoursFrom(kickoffBase, 48) },
    { id: openFixture2, kickoffAt: hoursFrom(kickoffBase, 72) },
    { id: kickedOffFixture, kickoffAt: hoursFrom(kickoffBase, -2) },
  ]);

  const siteAdmin = t.agent();
  await siteAdmin.signUp(siteAdminEmail, password, 'Site Admin');
  const agents: Record<SignedIn, Agent> = {
    guest: await guest(t),
    other: await player(t, 'Other'),
    member: await player(t, 'Member'),
    siteAdmin,
    leagueAdmin: await player(t, 'League Admin'),
  };
  const scene = await newScene(agents);
  const extra = await player(t, 'Extra');
  await t.agent().signUp(loginEmail, password, 'Login Target');
  await t.agent().signUp(unverifiedEmail, password, 'Unverified');

  const picks = await agents.member.put('/api/predictions', {
    teamId: scene.memberTeamId,
    predictions: [
      { fixtureId: openFixture, outcome: 'X', firstGoalMinute: 0, joker: true },
      { fixtureId: kickedOffFixture, outcome: '1', firstGoalMinute: 17 },
    ],
  });
  expect(picks.status).toBe(200);

  // A competition of the site admin's own for the fixture and import routes, with an open and
  // a final fixture.
  const created = await siteAdmin.post('/api/admin/competitions', {
    id: cup,
    name: 'Authz Cup',
    route: '/authz-cup',
    kind: 'tournament',
    country: 'World',
    timeZone: 'Europe/London',
  });
  expect(created.status).toBe(201);
  await insertFixtures(t, [
    { id: `${cup}_open`, competitionId: cup, kickoffAt: hoursFrom(kickoffBase, 48) },
    { id: `${cup}_final`, competitionId: cup, kickoffAt: hoursFrom(kickoffBase, -48) },
  ]);
  const final = await siteAdmin.patch(`/api/admin/fixtures/${cup}_final`, {
    status: 'final',
    homeScore: 1,
    awayScore: 0,
    firstGoalMinute: 10,
  });
  expect(final.status).toBe(200);

  const contact = await t.agent().post('/api/contact', {
    name: 'Ann',
    email: 'ann@example.com',
    subject: 'general',
    message: 'Seeded',
  });
  expect(contact.status).toBe(201);
  expect((await agents.member.put('/api/reminders', { enabled: true })).status).toBe(200);

  const { db } = t.services.database;
  const memberId = await userId(agents.member);
  const setting = await db
    .selectFrom('reminder_settings')
    .select('unsubscribe_token')
    .where('user_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const account = await db
    .selectFrom('account')
    .select('id')
    .where('userId', '=', memberId)
    .executeTakeFirstOrThrow();
  // A mail whose delivery failed (what SMTP errors leave behind) for the admin's retry.
  const failedMailId = randomUUID();
  await db
    .insertInto('outbox')
    .values({
      id: failedMailId,
      kind: 'reset-password',
      to_address: loginEmail,
      subject: 'Reset',
      text_body: 'Reset',
      html_body: '<p>Reset</p>',
      status: 'failed',
      attempts: 6,
      last_error: 'connection refused',
      next_attempt_at: null,
      sent_at: null,
      created_at: now.toISOString(),
    })
    .execute();

  world = {
    scene,
    extra,
    extraUserId: await userId(extra),
    memberAccountId: account.id,
    contactId: contact.body.id as string,
    failedMailId,
    unsubscribeToken: setting.unsubscribe_token,
  };
  now = kickoffBase;
});

afterAll(async () => {
  await t?.close();
  await op?.close();
  await new Promise<void>((resolve) => (feed ? feed.close(() => resolve()) : resolve()));
});

describe('the route list', () => {
  it('has exactly one row per route the server answers', async () => {
    const { fromApp, fromDoc, fromAuth } = await generatedRoutes();
    // The OpenAPI document describes routes the app really serves.
    expect(fromDoc.filter((route) => !fromApp.has(route))).toEqual([]);
    const generated = new Set([...fromApp, ...fromAuth]);
    const rows = new Set(Object.keys(table));
    expect(
      [...generated].filter((route) => !rows.has(route)).sort(),
      'routes without a row',
    ).toEqual([]);
    expect([...rows].filter((route) => !generated.has(route)).sort(), 'rows of no route').toEqual(
      [],
    );
  });
});

describe('the identities', () => {
  it('are who the matrix says they are', async () => {
    const { agents, league } = world.scene;
    const me = async (agent: Agent) => (await agent.get('/api/account/me')).body.user;
    expect(await me(t.agent())).toBeNull();
    expect(await me(agents.guest)).toMatchObject({ isAnonymous: true, role: 'user' });
    expect(await me(agents.siteAdmin)).toMatchObject({ isAnonymous: false, role: 'admin' });
    for (const who of ['other', 'member', 'leagueAdmin'] as const)
      expect(await me(agents[who])).toMatchObject({ isAnonymous: false, role: 'user' });
    const mine = async (who: SignedIn) =>
      ((await agents[who].get('/api/leagues/mine')).body.leagues as { id: string }[]).some(
        (l) => l.id === league.id,
      );
    expect(await mine('member')).toBe(true);
    expect(await mine('leagueAdmin')).toBe(true);
    for (const who of ['guest', 'other', 'siteAdmin'] as const) expect(await mine(who)).toBe(false);
    const page = await agents.leagueAdmin.get(`/api/leagues/${league.id}`);
    expect(page.body.league.isAdmin).toBe(true);
  });
});

describe('what each identity reads of other teams (DESIGN §3 Visibility)', () => {
  it.each(identities)('%s sees the member’s picks only when the rules allow', async (who) => {
    const agent = who === 'visitor' ? t.agent() : world.scene.agents[who];
    const res = await agent.get(`/api/predictions/league/${world.scene.league.id}`);
    expect(res.status).toBe(200);
    const fixtures = res.body.fixtures as {
      id: string;
      entries: { teamId: string; predicted: boolean; outcome: string | null; joker: unknown }[];
    }[];
    const pick = (fixtureId: string) =>
      fixtures
        .find((f) => f.id === fixtureId)
        ?.entries.find((e) => e.teamId === world.scene.memberTeamId);
    // Whether the team has predicted is public to the league page; the pick itself is not.
    expect(pick(openFixture)?.predicted).toBe(true);
    const open = pick(openFixture);
    expect([open?.outcome, open?.joker]).toEqual(who === 'member' ? ['X', true] : [null, null]);
    const isMember = who === 'member' || who === 'leagueAdmin';
    expect(pick(kickedOffFixture)?.outcome ?? null).toBe(isMember ? '1' : null);
  });

  it.each(identities)('%s reads no e-mail address on the league pages', async (who) => {
    const agent = who === 'visitor' ? t.agent() : world.scene.agents[who];
    const { agents, league } = world.scene;
    const emails = await Promise.all(
      (['member', 'leagueAdmin'] as const).map(
        async (owner) => (await agents[owner].get('/api/account/me')).body.user.email as string,
      ),
    );
    for (const path of [
      `/api/leagues/${league.id}`,
      `/api/leagues/${league.id}/standings`,
      `/api/predictions/league/${league.id}`,
    ]) {
      const text = JSON.stringify((await agent.get(path)).body);
      for (const email of emails) expect(text, path).not.toContain(email);
    }
  });
});

// Pending: the invite-code change in progress (DESIGN §4 'share link and invite code … members
// only'). These fail until non-members stop receiving `inviteCode` / `inviteLink`.
describe('[pending change] invite codes reach members and the league admin only', () => {
  const reads = {
    'GET /api/leagues/{leagueId}': () => `/api/leagues/${world.scene.league.id}`,
    'GET /api/leagues/{leagueId}/standings': () =>
      `/api/leagues/${world.scene.league.id}/standings`,
    'GET /api/leagues/lookup?league=': () =>
      `/api/leagues/lookup?league=${encodeURIComponent(world.scene.league.name)}`,
  };
  describe.each(Object.entries(reads))('%s', (_route, path) => {
    it.each(identities)('as %s', async (who) => {
      const agent = who === 'visitor' ? t.agent() : world.scene.agents[who];
      const res = await agent.get(path());
      expect(res.status).toBe(200);
      const { inviteCode } = world.scene.league;
      if (who === 'member' || who === 'leagueAdmin') {
        expect(res.body.league.inviteCode).toBe(inviteCode);
      } else {
        expect(res.body.league.inviteCode ?? null).toBeNull();
        expect(res.body.inviteLink ?? null).toBeNull();
        expect(JSON.stringify(res.body)).not.toContain(inviteCode);
      }
    });
  });

  // Standings statistics count jokers on fixtures that have not kicked off: a joker is part of a
  // pick, which only its owner may see before kick-off (the in-progress change counts scored
  // predictions and jokers for everyone else).
  it.each(identities)(
    'as %s, standings count no joker before kick-off but one’s own',
    async (who) => {
      const agent = who === 'visitor' ? t.agent() : world.scene.agents[who];
      const res = await agent.get(`/api/leagues/${world.scene.league.id}/standings`);
      const row = (res.body.statistics as { teamId: string; jokers: number }[]).find(
        (s) => s.teamId === world.scene.memberTeamId,
      );
      expect(row?.jokers).toBe(who === 'member' ? 1 : 0);
    },
  );
});

describe('requests that reach across objects', () => {
  it('no one grants themselves the admin role', async () => {
    const { member } = world.scene.agents;
    const update = await member.post('/api/auth/update-user', { role: 'admin' });
    expect([update.status, update.body.code]).toEqual([400, 'FIELD_NOT_ALLOWED']);
    const agent = t.agent();
    const signUp = await agent.post('/api/auth/sign-up/email', {
      email: `would-be-admin-${next()}@authz.test`,
      password,
      name: 'Would-be admin',
      role: 'admin',
    });
    expect(signUp.status).toBe(200);
    for (const who of [member, agent])
      expect((await who.get('/api/account/me')).body.user.role).toBe('user');
  });

  it("revoking another user's session token leaves that session alive", async () => {
    const victim = await player(t, 'Victim');
    const token = (await victim.get('/api/auth/get-session')).body.session.token as string;
    const res = await world.scene.agents.other.post('/api/auth/revoke-session', { token });
    expect(res.status).toBe(200); // better-auth answers the same, and deletes nothing
    const fresh = await victim.get('/api/auth/get-session?disableCookieCache=true');
    expect(fresh.body?.session?.token).toBe(token);
  });

  it("a league admin cannot remove another league's team through their own league", async () => {
    const { leagueAdmin } = world.scene.agents;
    const mine = await createLeague(leagueAdmin, `Authz Own ${next()}`, 'Own XI');
    const res = await leagueAdmin.delete(
      `/api/leagues/${mine.league.id}/teams/${world.scene.memberTeamId}`,
    );
    expect([res.status, res.body.error.code]).toEqual([404, 'TEAM_NOT_FOUND']);
    const page = await t.agent().get(`/api/leagues/${world.scene.league.id}`);
    expect((page.body.members as { teamId: string }[]).map((m) => m.teamId)).toContain(
      world.scene.memberTeamId,
    );
  });

  it("a member reads no picks of a fixture outside the league's competition", async () => {
    const res = await world.scene.agents.member.get(
      `/api/predictions/league/${world.scene.league.id}/fixtures/${cup}_final`,
    );
    expect([res.status, res.body.error.code]).toEqual([404, 'UNKNOWN_FIXTURE']);
  });
});

describe.each(Object.entries(table))('%s', (key, row) => {
  it.each(identities.map((who) => [who, row.expect[who]] as const))(
    'as %s: %s',
    async (who, expected) => {
      const cell = await cellFor(row, who);
      const res = await send(key, row, cell);
      expect(outcomeOf(res, expected), `${key} as ${who}: ${JSON.stringify(res.body)}`).toBe(
        expected,
      );
      if (res.status >= 400) expectEnvelope(key, res);
      if (res.status >= 300 && res.status < 400 && row.redirect) {
        const location = new URL(res.headers.get('location') ?? '', testBaseUrl);
        expect(location.pathname, `${key} as ${who} redirects`).toBe(row.redirect);
      }
    },
  );
});
