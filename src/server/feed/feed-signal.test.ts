import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { createLeague, player } from '../../../tests/setup/leagues';
import { listen } from '../../../tests/setup/listen';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { createPostgresBus, type EventBus } from '../realtime/bus';

// Issue 51, finding 4: a burst of posts, edits and reactions gives every open stream of the
// league at most one 'feed' signal a second — the first at once, the last state always signalled
// at the second's end — whichever instance the changes were made on. The streams' timing is real
// time (the coalescing is a timer); the server's clock is pinned, and versions come from it.

let clock = new Date('2031-10-02T18:00:00Z');
const tick = (ms = 1000) => {
  clock = new Date(clock.getTime() + ms);
};
const t = appPerFile({ now: () => clock });
const onPostgres = postgresTestUrl() !== undefined;

let server: Awaited<ReturnType<typeof listen>>;
let owner: Agent;
let member: Agent;
let leagueId = '';

beforeAll(async () => {
  owner = await player(t, 'Oona');
  member = await player(t, 'Mats');
  const created = await createLeague(owner, 'Signal League', 'Sirens');
  leagueId = created.league.id;
  await member.post('/api/leagues/join', {
    codeOrName: created.league.inviteCode,
    teamName: 'Seals',
  });
  server = await listen(t);
});
afterAll(() => server.close());

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** A visitor's stream of the league: its 'feed' signals, with their versions and arrival. */
const openStream = async () => {
  const res = await fetch(`${server.url}/api/live/leagues/${leagueId}`);
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const feed: { version: number; at: number }[] = [];
  let ready = false;
  let buffer = '';
  const pump = async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
        if (name === 'ready') ready = true;
        if (name === 'feed')
          feed.push({ version: (JSON.parse(data) as { version: number }).version, at: Date.now() });
      }
    }
  };
  void pump();
  await until(() => ready);
  return { feed, close: () => reader.cancel() };
};

/** No two signals closer than a second (a few ms of the timer's and the socket's slack aside). */
const spacedBySeconds = (feed: { at: number }[]) =>
  feed.slice(1).every((signal, i) => signal.at - (feed[i]?.at ?? 0) >= 950);

const messages = () => `/api/leagues/${leagueId}/messages`;

describe("the league's 'feed' signal", () => {
  it('comes at most once a second for a burst of posts, edits and reactions, the last state included', async () => {
    const stream = await openStream();
    const started = Date.now();
    const said = await member.post(messages(), { text: 'Here we go' });
    expect(said.status).toBe(201);
    const id = said.body.message.id as string;
    // The first change of a quiet league is signalled at once.
    await until(() => stream.feed.length === 1);
    expect(stream.feed[0]?.at).toBeLessThan(started + 900);
    expect(stream.feed[0]?.version).toBe(clock.getTime());
    // Twenty more changes (each a second apart on the pinned clock, so each has its version).
    const reaction = `${messages()}/${id}/reactions/${encodeURIComponent('⚽')}`;
    for (let i = 0; i < 20; i += 1) {
      tick();
      const res =
        i % 4 === 0
          ? await owner.post(messages(), { text: `Reply ${i}` })
          : i % 4 === 1
            ? await member.patch(`${messages()}/${id}`, { text: `Here we go ${i}` })
            : await owner.request(i % 4 === 2 ? 'PUT' : 'DELETE', reaction);
      expect(res.status).toBeLessThan(300);
    }
    const last = clock.getTime();
    const burst = Date.now() - started;
    // The last change's signal is never lost: it comes at the end of its second.
    await until(() => stream.feed.at(-1)?.version === last, 5000);
    expect(spacedBySeconds(stream.feed)).toBe(true);
    expect(stream.feed.length).toBeLessThanOrEqual(Math.ceil(burst / 1000) + 1);
    // Versions only grow; nothing follows the last state.
    const versions = stream.feed.map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    const heard = stream.feed.length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(stream.feed).toHaveLength(heard);

    // Once a second has passed without a change, the next is signalled at once again.
    tick();
    const quiet = Date.now();
    expect((await member.patch(`${messages()}/${id}`, { text: 'Quiet now' })).status).toBe(200);
    await until(() => stream.feed.length === heard + 1);
    expect(stream.feed.at(-1)?.at).toBeLessThan(quiet + 900);
    expect(stream.feed.at(-1)?.version).toBe(clock.getTime());
    await stream.close();
  });
});

describe.runIf(onPostgres)("the 'feed' signal across instances", () => {
  let other: EventBus | null = null;
  const listeners = async () =>
    (
      await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
        where application_name = 'firstgoal-listen' and datname = current_database()`.execute(
        t.services.database.db,
      )
    ).rows[0]?.n;
  beforeAll(async () => {
    const target = t.services.env.database;
    if (target.dialect !== 'postgres') throw new Error('PostgreSQL only');
    other = createPostgresBus(target.url, t.services.logger);
    const deadline = Date.now() + 10_000;
    while (Number(await listeners()) < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(Number(await listeners())).toBe(2);
  });
  afterAll(() => other?.close());

  it('is coalesced for the streams of one instance whichever instance published', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // the previous test's second is over
    const stream = await openStream();
    const started = Date.now();
    let version = clock.getTime();
    for (let i = 0; i < 30; i += 1) {
      version += 1;
      const bus = i % 2 === 0 ? other : t.services.bus;
      await bus?.publish({ type: 'feed', leagueId, version });
      await new Promise((r) => setTimeout(r, 10));
    }
    const burst = Date.now() - started;
    await until(() => stream.feed.at(-1)?.version === version, 5000);
    expect(spacedBySeconds(stream.feed)).toBe(true);
    expect(stream.feed.length).toBeLessThanOrEqual(Math.ceil(burst / 1000) + 1);
    await stream.close();
  });
});
