import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { insertFixtures, hoursFrom } from '../setup/fixtures';
import { createLeague, guest, player } from '../setup/leagues';
import { startOidcProvider, type OidcProvider } from '../setup/oidc-provider';
import { createTestApp, testBaseUrl, type Agent, type TestApp } from '../setup/test-app';
import { setRole } from '../../src/server/account/roles';

/*
 * The world the authorization matrix runs in: the six identities, the league they act on and
 * what the rows need seeded around it (fixtures, a competition of the site admin's own, a contact
 * message, a failed mail, a reminder subscription). `startWorld` builds it once per test file;
 * `cellFor` gives each cell the identity and league it needs.
 */

export const identities = [
  'visitor',
  'guest',
  'other',
  'member',
  'siteAdmin',
  'leagueAdmin',
  // Issue 51: the league admin removed the second of this player's two teams (still a member
  // through the first) …
  'halfRemoved',
  // … and the only team of this one (barred, a non-member).
  'barred',
] as const;
export type Identity = (typeof identities)[number];
export type SignedIn = Exclude<Identity, 'visitor'>;

interface LeagueRef {
  id: string;
  name: string;
  inviteCode: string;
}

/** A league under test (its admin has a team too) and the member's two teams in it. */
export interface Scene {
  agents: Record<SignedIn, Agent>;
  league: LeagueRef;
  memberTeamId: string;
  memberSecondTeamId: string;
}

/** One cell: the identity under test, its browser and the league it acts on. */
export interface Cell {
  who: Identity;
  agent: Agent;
  scene: Scene;
  n: number;
}

/** The state a cell runs on: the shared world, a new league, or a new league and account. */
export type CellState = 'shared' | 'league' | 'identity';

interface World {
  scene: Scene;
  /** A player whose team the league admin removes (for the rejoin bars). */
  extra: Agent;
  extraUserId: string;
  memberAccountId: string;
  contactId: string;
  failedMailId: string;
  unsubscribeToken: string;
  /** The member's private calendar feed, e.g. `/api/calendar/feed/<token>.ics`. */
  calendarFeedPath: string;
}

// The pinned server clock, and the fixtures around it. The league plays premier_league, whose
// built-in fixtures all lie years before this instant: its current season is ours ('').
const kickoffBase = new Date('2030-05-01T12:00:00Z');
let now = kickoffBase;
export const openFixture = 'authz_open';
export const openFixture2 = 'authz_open2';
export const kickedOffFixture = 'authz_kicked';
export const cup = 'authz_cup';
export const password = 'correct-horse-9';
const siteAdminEmail = 'site-admin@authz.test';
export const loginEmail = 'login-target@authz.test';
export const unverifiedEmail = 'unverified-target@authz.test';

// Set by startWorld (in beforeAll); the rows read them when their cells run.
export let t: TestApp;
export let op: OidcProvider;
export let world: World;
let feed: Server;
let serial = 0;
export const next = () => (serial += 1);

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
  // The two removed players: one keeps a team, the other has none left.
  const half = await agents.halfRemoved.post('/api/leagues/join', {
    codeOrName: inviteCode,
    teamName: 'Half FC',
  });
  const halfSecond = await agents.halfRemoved.post(`/api/leagues/${id}/teams`, {
    teamName: 'Half Reserves',
  });
  const barred = await agents.barred.post('/api/leagues/join', {
    codeOrName: inviteCode,
    teamName: 'Barred FC',
  });
  for (const team of [halfSecond, barred]) {
    const removed = await agents.leagueAdmin.delete(
      `/api/leagues/${id}/teams/${team.body.team?.id}`,
    );
    if (half.status !== 201 || removed.status !== 200)
      throw new Error(`removed players not set up: ${half.status} ${removed.status}`);
  }
  return {
    agents,
    league: { id, name, inviteCode },
    memberTeamId: joined.body.team.id as string,
    memberSecondTeamId: second.body.team.id as string,
  };
};

/** The browser of one identity in the world (a visitor gets a fresh one without cookies). */
export const agentOf = (who: Identity): Agent =>
  who === 'visitor' ? t.agent() : world.scene.agents[who];

export const cellFor = async (state: CellState, who: Identity): Promise<Cell> => {
  const n = next();
  if (state === 'shared') return { who, agent: agentOf(who), scene: world.scene, n };
  const agents = { ...world.scene.agents };
  if (state === 'identity' && who !== 'visitor') agents[who] = await newIdentity(who);
  const scene = await newScene(agents);
  return { who, agent: who === 'visitor' ? t.agent() : agents[who], scene, n };
};

/** The member's predictions, the site admin's competition and what the admin routes act on. */
const seedAround = async (scene: Scene, siteAdmin: Agent) => {
  const picks = await scene.agents.member.put('/api/predictions', {
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
  expect((await scene.agents.member.put('/api/reminders', { enabled: true })).status).toBe(200);
  const calendar = await scene.agents.member.post('/api/calendar');
  expect(calendar.status).toBe(201);

  const { db } = t.services.database;
  const memberId = await userId(scene.agents.member);
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

  return {
    memberAccountId: account.id,
    contactId: contact.body.id as string,
    failedMailId,
    unsubscribeToken: setting.unsubscribe_token,
    calendarFeedPath: new URL(calendar.body.url as string).pathname,
  };
};

/** The server (with its feed and OpenID provider), the identities and the seeded league. */
export const startWorld = async () => {
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
    halfRemoved: await player(t, 'Half Removed'),
    barred: await player(t, 'Barred'),
  };
  const scene = await newScene(agents);
  const extra = await player(t, 'Extra');
  await t.agent().signUp(loginEmail, password, 'Login Target');
  await t.agent().signUp(unverifiedEmail, password, 'Unverified');
  const seeded = await seedAround(scene, siteAdmin);

  world = { scene, extra, extraUserId: await userId(extra), ...seeded };
  now = kickoffBase;
};

export const stopWorld = async () => {
  await t?.close();
  await op?.close();
  await new Promise<void>((resolve) => (feed ? feed.close(() => resolve()) : resolve()));
};
