import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { Agent, appPerFile } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { createStandings } from '../bootstrap';
import type { Services } from '../context';
import { openDatabase } from '../db/database';

// Issue 51, finding 4: edits and reactions are throttled as posts are — per player and league,
// counted in the database, so a second instance on the same database counts with the first —
// and a message is at most 500 graphemes and 2,000 code units (stacked accents weigh in full).

let clock = new Date('2031-10-01T12:00:00Z');
/** Moves the pinned clock on (past a minute's window when given 61 s). */
const tick = (seconds = 1) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const t = appPerFile({ now: () => clock });

/** A second instance on the same database: its own connection, auth and tally worker. */
let second: Services | null = null;
let secondApp: ReturnType<typeof createApp> | null = null;
/** The agent's session on the second instance. */
const onSecond = (agent: Agent, method: string, path: string, body?: unknown) =>
  new Agent(secondApp as ReturnType<typeof createApp>).request(method, path, body, {
    cookie: agent.cookieHeader(),
  });

let owner: Agent;
let member: Agent;
let leagueId = '';
let otherLeagueId = '';
let ownMessage = '';
let memberMessage = '';
let elsewhereMessage = '';

const url = (path = '', league = leagueId) => `/api/leagues/${league}/messages${path}`;
const fire = (id: string, league = leagueId) =>
  url(`/${id}/reactions/${encodeURIComponent('🔥')}`, league);

beforeAll(async () => {
  owner = await player(t, 'Olive');
  member = await player(t, 'Milo');
  const created = await createLeague(owner, 'Throttle League', 'Owls');
  leagueId = created.league.id;
  await member.post('/api/leagues/join', {
    codeOrName: created.league.inviteCode,
    teamName: 'Moles',
  });
  const other = await createLeague(member, 'Other League', 'Moles Abroad');
  otherLeagueId = other.league.id;
  ownMessage = (await owner.post(url(), { text: 'Kick-off soon' })).body.message.id;
  memberMessage = (await member.post(url(), { text: 'Draft 0' })).body.message.id;
  elsewhereMessage = (await member.post(url('', otherLeagueId), { text: 'Hi' })).body.message.id;

  const database = openDatabase(t.services.env.database);
  second = {
    ...t.services,
    database,
    auth: createAuth({ ...t.services, database }),
    standings: createStandings({ database, now: t.services.now }),
  };
  secondApp = createApp(second, { serveWeb: false });
});
afterAll(async () => {
  await second?.standings.stop();
  await second?.database.close();
});

describe('edits of messages', () => {
  it('allow 10 a minute per player and league on every instance together, then 429', async () => {
    tick(61);
    const answers: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      tick();
      const body = { text: `Draft ${i}` };
      const path = url(`/${memberMessage}`);
      // Every other edit reaches the second instance: the window is in the database.
      const res =
        i % 2 === 0 ? await onSecond(member, 'PATCH', path, body) : await member.patch(path, body);
      answers.push(res.status);
    }
    expect(answers).toEqual([...Array(10).fill(200), 429]);
    const refused = await member.patch(url(`/${memberMessage}`), { text: 'Draft 12' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_MESSAGES' });
    expect(typeof refused.body.error.requestId).toBe('string');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused edits changed nothing.
    const shown = (await member.get(url())).body.messages.find(
      (m: { id: string }) => m.id === memberMessage,
    );
    expect(shown.text).toBe('Draft 10');
    // Another player of the league, and the same player in another league, are not held up.
    expect((await owner.patch(url(`/${ownMessage}`), { text: 'Kick-off now' })).status).toBe(200);
    const elsewhere = url(`/${elsewhereMessage}`, otherLeagueId);
    expect((await member.patch(elsewhere, { text: 'Hello' })).status).toBe(200);
    // Edits have a window of their own: posting is still open.
    expect((await member.post(url(), { text: 'A new one' })).status).toBe(201);
    tick(61);
    expect((await member.patch(url(`/${memberMessage}`), { text: 'Draft 13' })).status).toBe(200);
  });
});

describe('reactions', () => {
  it('allow 30 a minute per player and league on every instance together, then 429', async () => {
    tick(61);
    const answers: number[] = [];
    for (let i = 1; i <= 31; i += 1) {
      tick();
      // On and off again: each is a change every open stream of the league hears of.
      const method = i % 2 === 1 ? 'PUT' : 'DELETE';
      const res =
        i % 3 === 0
          ? await onSecond(member, method, fire(ownMessage))
          : await member.request(method, fire(ownMessage));
      answers.push(res.status);
    }
    expect(answers).toEqual([...Array(30).fill(200), 429]);
    const refused = await member.put(fire(ownMessage));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_MESSAGES' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The 31st (an 'on') was refused: the 30th took the reaction off, and it stays off.
    const shown = (await owner.get(url())).body.messages.find(
      (m: { id: string }) => m.id === ownMessage,
    );
    expect(shown.reactions).toEqual([]);
    expect((await owner.put(fire(memberMessage))).status).toBe(200);
    expect((await member.put(fire(elsewhereMessage, otherLeagueId))).status).toBe(200);
    tick(61);
    expect((await member.put(fire(ownMessage))).status).toBe(200);
  });
});

describe('the length of a message', () => {
  /** One grapheme of `units` code units: a letter under stacked accents. */
  const stacked = (units: number) => `Z${'\u0301'.repeat(units - 1)}`;

  it('is at most 2,000 code units as well as 500 graphemes, posted or edited', async () => {
    tick(61);
    // The tester's message: 500 graphemes of 40 code units each, 20,000 in all.
    const heavy = await member.post(url(), { text: stacked(40).repeat(500) });
    expect(heavy.status).toBe(400);
    expect(heavy.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { text: 'Messages have at most 500 characters, fewer with many emoji or accents.' },
    });
    expect(typeof heavy.body.error.requestId).toBe('string');
    // 50 such graphemes are 2,000 code units: they fit; one letter more does not.
    tick();
    const full = await member.post(url(), { text: stacked(40).repeat(50) });
    expect(full.status).toBe(201);
    expect(full.body.message.text).toHaveLength(2000);
    tick();
    const over = await member.post(url(), { text: `${stacked(40).repeat(50)}x` });
    expect(over.status).toBe(400);
    expect(over.body.error.fields.text).toMatch(/at most 500 characters, fewer/);
    // A family of four is one grapheme of 11 code units: 181 fit (1,991), 182 do not (2,002).
    const family = '👨‍👩‍👧‍👦';
    tick();
    expect((await member.post(url(), { text: family.repeat(181) })).status).toBe(201);
    tick();
    expect((await member.post(url(), { text: family.repeat(182) })).status).toBe(400);
    // Counted after cleaning: invisible characters removed do not count.
    tick();
    const cleaned = await member.post(url(), {
      text: `${stacked(40).repeat(50)}${'\u200B'.repeat(500)}`,
    });
    expect(cleaned.status).toBe(201);
    // Over 500 graphemes the grapheme limit speaks, whatever the code units.
    tick();
    const long = await member.post(url(), { text: 'x'.repeat(501) });
    expect(long.body.error.fields.text).toBe('Messages have at most 500 characters.');
    // An edit is held to the same limit, and the message stays as it was.
    tick();
    const edit = await member.patch(url(`/${memberMessage}`), { text: stacked(40).repeat(500) });
    expect(edit.status).toBe(400);
    expect(edit.body.error.code).toBe('VALIDATION_FAILED');
    const shown = (await member.get(url())).body.messages.find(
      (m: { id: string }) => m.id === memberMessage,
    );
    expect(shown.text).toBe('Draft 13');
  });
});
