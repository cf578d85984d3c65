import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../auth/auth';
import { createApp } from '../app';
import type { Services } from '../context';
import { openDatabase } from '../db/database';
import { createStandings } from '../bootstrap';
import { createPostgresBus } from './bus';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { listen } from '../../../tests/setup/listen';
import { appPerFile, testBaseUrl, type Agent } from '../../../tests/setup/test-app';

// Issue 30: several instances on PostgreSQL hear each other's events through LISTEN/NOTIFY. When
// an instance's listening connection is cut, what the other instance publishes meanwhile never
// arrives; the instance listens again and tells every open stream to `resync` (the page
// refetches), and its own events reach its streams even while it does not listen.

const clock = new Date('2031-03-01T12:00:00Z');
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'bus-admin@example.com' } });
const available = postgresTestUrl() !== undefined;

let second: Services | null = null;
let secondApp: ReturnType<typeof createApp> | null = null;
let server: Awaited<ReturnType<typeof listen>> | null = null;
let admin: Agent;
let leagueId = '';
let firstListener = 0;

/** The listening backends of this test's database (one per instance). */
const listeners = async () =>
  (
    await sql<{ pid: number }>`select pid from pg_stat_activity
      where application_name = 'firstgoal-listen' and datname = current_database()
      order by backend_start`.execute(t.services.database.db)
  ).rows.map((r) => Number(r.pid));

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

beforeAll(async () => {
  if (!available) return;
  admin = t.agent();
  await admin.signUp('bus-admin@example.com', 'correct-horse-9', 'Bus Admin');
  await insertFixtures(t, [
    { id: 'bus_1', kickoffAt: hoursFrom(clock, -3), season: '2030-31' },
    { id: 'bus_2', kickoffAt: hoursFrom(clock, -2), season: '2030-31' },
  ]);
  leagueId = (await createLeague(await player(t, 'Owner'), 'Bus League', 'Listeners')).league.id;
  await until(async () => (await listeners()).length === 1);
  [firstListener = 0] = await listeners();
  // The second instance: its own pool, bus and tally worker on the same database.
  const target = t.services.env.database;
  if (target.dialect !== 'postgres') throw new Error('PostgreSQL only');
  const database = openDatabase(target);
  const services: Services = {
    ...t.services,
    database,
    bus: createPostgresBus(target.url, t.services.logger),
    auth: createAuth({ ...t.services, database }),
    standings: createStandings({ database, now: t.services.now }),
  };
  second = services;
  secondApp = createApp(services, { serveWeb: false });
  await until(async () => (await listeners()).length === 2);
  server = await listen(t);
});
afterAll(async () => {
  await server?.close();
  await second?.bus.close();
  await second?.standings.stop();
  await second?.database.close();
});

/** An admin's result on one of the instances (it publishes a `results` event). */
const result = async (on: 'first' | 'second', fixtureId: string, homeScore: number) => {
  const init = {
    method: 'PATCH',
    headers: {
      origin: testBaseUrl,
      'content-type': 'application/json',
      cookie: admin.cookieHeader(),
    },
    body: JSON.stringify({ status: 'final', homeScore, awayScore: 0, firstGoalMinute: 10 }),
  };
  const app = on === 'first' ? t.app : secondApp;
  const res = await app?.request(`${testBaseUrl}/api/admin/fixtures/${fixtureId}`, init);
  expect(res?.status).toBe(200);
};

/** An open stream of the league on the first instance, and the events it has received. */
const openStream = async () => {
  const res = await fetch(`${server?.url}/api/live/leagues/${leagueId}`);
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let buffer = '';
  const pump = async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const name = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        if (name && name !== 'ping') events.push(name);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  };
  void pump();
  await until(() => events.includes('ready'));
  return { events, close: () => reader.cancel() };
};

describe.runIf(available)('events across instances when a LISTEN connection is cut', () => {
  it('hears the other instance, resyncs every open stream after a cut, and hears it again', async () => {
    const stream = await openStream();
    // Listening: the second instance's result reaches the first instance's stream.
    await result('second', 'bus_1', 1);
    await until(() => stream.events.includes('standings'));
    stream.events.length = 0;

    // The first instance's listening backend is terminated while the second one writes.
    await sql`select pg_terminate_backend(${firstListener})`.execute(t.services.database.db);
    await result('second', 'bus_2', 2);
    await result('second', 'bus_1', 3);
    // Its own events still reach its streams while it does not listen.
    await result('first', 'bus_2', 4);
    await until(() => stream.events.includes('standings'));

    // It listens again (a new backend) and every open stream is told to refetch.
    await until(() => stream.events.includes('resync'));
    const now = await listeners();
    expect(now).toHaveLength(2);
    expect(now).not.toContain(firstListener);
    expect(stream.events.filter((e) => e === 'resync')).toHaveLength(1);

    // And hears the other instance again.
    stream.events.length = 0;
    await result('second', 'bus_1', 5);
    await until(() => stream.events.includes('standings'));
    expect(stream.events).toEqual(['standings']);
    await stream.close();
  });
});
