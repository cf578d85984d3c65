import { hoursFrom, insertFixtures } from '../setup/fixtures';
import { createLeague } from '../setup/leagues';
import { createTestApp, type Agent, type TestApp, type TestResponse } from '../setup/test-app';

/*
 * The world the fuzz suite runs in: the app on a pinned clock, three actors (a visitor, a player
 * who runs a league and a site admin) and what their requests act on — a league with a second
 * player, picks on open and scored fixtures, a contact message, a reminder subscription and a
 * password-reset mail. `startWorld` builds it once; `ids` gives the bases real ids to aim at.
 */

export type Actor = 'visitor' | 'player' | 'admin';
export const password = 'correct-horse-9';
export const emails = {
  admin: 'fuzz-admin@example.com',
  ann: 'ann@example.com',
  bob: 'bob@example.com',
};

// The pinned server clock: seeding moves it on, so that what a request writes carries a new time.
let clock = new Date('2030-06-01T12:00:00Z');

// Set by startWorld (in beforeAll); the bases and the run read them.
export let t: TestApp;
export const agents = {} as Record<Actor, Agent>;
export const ids = {
  league: '',
  leagueName: 'Fuzz League',
  inviteCode: '',
  teams: [] as string[],
  contact: '',
  outbox: '',
  adminUser: '',
  bob: '',
  message: '',
};

/** The server, the actors and the seeded league. */
export const startWorld = async () => {
  t = await createTestApp({
    now: () => clock,
    // A sync that ran by mistake would fail fast instead of reaching the internet.
    env: { ADMIN_EMAILS: emails.admin, OPENFOOTBALL_URL: 'http://127.0.0.1:9' },
  });
  await insertFixtures(t, [
    { id: 'fz_1', kickoffAt: hoursFrom(clock, 48) },
    { id: 'fz_2', kickoffAt: hoursFrom(clock, 72) },
    { id: 'fz_past', kickoffAt: hoursFrom(clock, 1) },
  ]);
  agents.visitor = t.agent();
  agents.admin = t.agent();
  agents.player = t.agent();
  const bob = t.agent();
  ids.adminUser = (await agents.admin.signUp(emails.admin, password, 'Site Admin')).body.user.id;
  await agents.player.signUp(emails.ann, password, 'Ann');
  ids.bob = (await bob.signUp(emails.bob, password, 'Bob')).body.user.id;
  const created = await createLeague(agents.player, ids.leagueName, 'Ann FC', {
    secondTeamName: 'Ann Reserves',
  });
  ids.league = created.league.id;
  ids.inviteCode = created.league.inviteCode;
  ids.teams = created.teams.map((team) => team.id);
  const joined = await bob.post('/api/leagues/join', {
    codeOrName: ids.inviteCode,
    teamName: 'Bob United',
  });
  const ok = (res: TestResponse) => {
    if (res.status < 200 || res.status > 299)
      throw new Error(`seeding: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  ok(joined);
  const pick = (fixtureId: string, outcome: string, firstGoalMinute: number, joker = false) => ({
    fixtureId,
    outcome,
    firstGoalMinute,
    joker,
  });
  ok(
    await agents.player.put('/api/predictions', {
      teamId: ids.teams[0],
      predictions: [pick('fz_1', '1', 10), pick('fz_past', '1', 30)],
    }),
  );
  ok(
    await bob.put('/api/predictions', {
      teamId: joined.body.team.id,
      predictions: [pick('fz_past', 'X', 0), pick('fz_2', '2', 55, true)],
    }),
  );
  clock = hoursFrom(clock, 3);
  ok(
    await agents.admin.patch('/api/admin/fixtures/fz_past', {
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: 30,
      status: 'final',
    }),
  );
  const said = await bob.post(`/api/leagues/${ids.league}/messages`, { text: 'Fuzz me' });
  ids.message = ok(said).body.message.id;
  const contact = await agents.visitor.post('/api/contact', {
    name: 'Visitor',
    email: 'visitor@example.com',
    subject: 'general',
    message: 'Hello there',
  });
  ids.contact = ok(contact).body.id;
  ok(await agents.player.put('/api/reminders', { enabled: true }));
  ok(await bob.post('/api/auth/request-password-reset', { email: emails.bob, redirectTo: '/' }));
  const mail = await t.services.database.db.selectFrom('outbox').select('id').executeTakeFirst();
  ids.outbox = mail?.id ?? '';
  await t.services.standings.drain();
  clock = hoursFrom(clock, 1); // whatever a request writes from now on carries a new time
};

export const stopWorld = () => t?.close();
