import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { startLiveSourcesServer } from '../../../tests/setup/live-sources-server';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { createStandings } from '../bootstrap';
import type { Services } from '../context';
import { openDatabase } from '../db/database';
import { startLiveSync } from '../jobs/live';

// The live job over time (the services' clock, moved by the test): one poll per interval even
// with two instances on one database; a source answering 429 left alone for a while; a kick-off
// a source moves applied while the fixture is open, and not once it has locked.
let clock = new Date('2026-11-20T12:00:00Z');
let t: TestApp;
let admin: Agent;
let sources: Awaited<ReturnType<typeof startLiveSourcesServer>>;

type Fixture = {
  id: string;
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
  status: string;
};
let fixture: Fixture;

beforeAll(async () => {
  sources = await startLiveSourcesServer();
  t = await createTestApp({
    now: () => clock,
    env: {
      ADMIN_EMAILS: 'ops@example.com',
      ESPN_URL: sources.url,
      OPENLIGADB_URL: sources.url,
      LIVE_SOURCES: 'espn',
      METRICS_TOKEN: 'live-metrics-token',
    },
  });
  admin = t.agent();
  await admin.signUp('ops@example.com', 'correct-horse-9', 'Ops');
  const all = (await admin.get('/api/admin/fixtures?competitionId=premier_league&season=2026-27'))
    .body.fixtures as Fixture[];
  const next = all.find((f) => f.status === 'scheduled' && new Date(f.kickoffAt) > clock);
  if (!next) throw new Error('no scheduled fixture after the pinned clock');
  fixture = next;
});
afterAll(async () => {
  await t?.close();
  await sources?.close();
});

const minutes = (n: number) => n * 60_000;
const at = (n: number) => new Date(new Date(fixture.kickoffAt).getTime() + minutes(n));
const read = async () =>
  (
    (await admin.get('/api/admin/fixtures?competitionId=premier_league&season=2026-27')).body
      .fixtures as Fixture[]
  ).find((f) => f.id === fixture.id) as Fixture;

/** An ESPN event of the fixture before kick-off, at the kick-off the source names. */
const scheduled = (kickoffAt: string) => ({
  id: '660001',
  uid: 's:600~l:700~e:660001',
  date: kickoffAt.replace(':00.000Z', 'Z'),
  status: {
    displayClock: "0'",
    type: { name: 'STATUS_SCHEDULED', state: 'pre', completed: false },
  },
  competitions: [
    {
      timeValid: true,
      competitors: [
        { id: '1', homeAway: 'home', score: '0', team: { displayName: fixture.homeTeam } },
        { id: '2', homeAway: 'away', score: '0', team: { displayName: fixture.awayTeam } },
      ],
      details: [],
    },
  ],
});

/** Lets the job tick until `done` holds (the test moves the clock between ticks). */
const until = async (done: () => boolean | Promise<boolean>, step = () => undefined as void) => {
  const deadline = Date.now() + 5000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the live job');
    step();
    await new Promise((r) => setTimeout(r, 25));
  }
};

const scoreboardRequests = () => sources.requests.filter((r) => r.includes('/scoreboard')).length;

describe('the live job', () => {
  it('applies a kick-off a source moves while the fixture is open, audited as the source', async () => {
    clock = at(-3 * 24 * 60);
    const later = at(120).toISOString();
    sources.setEspn([scheduled(later)]);
    const stop = startLiveSync(t.services, { firstDelayMs: 0, pollMs: 20 });
    try {
      await until(async () => (await read()).kickoffAt === later);
    } finally {
      await stop();
    }
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select(['actor_label', 'action'])
      .where('entity_id', '=', fixture.id)
      .execute();
    expect(audit).toEqual([{ actor_label: 'espn', action: 'fixture.update' }]);
    fixture = { ...fixture, kickoffAt: later };
  });

  it('leaves a locked fixture where it is when a source moves it later', async () => {
    // Five minutes after kick-off the source says it starts in an hour: the picks stay closed.
    clock = at(5);
    sources.setEspn([scheduled(at(60).toISOString())]);
    const before = scoreboardRequests();
    const stop = startLiveSync(t.services, { firstDelayMs: 0, pollMs: 20 });
    try {
      await until(
        () => scoreboardRequests() > before,
        () => {
          clock = new Date(clock.getTime() + 1000);
        },
      );
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stop();
    }
    expect((await read()).kickoffAt).toBe(fixture.kickoffAt);
  });

  it('leaves a source answering 429 alone for a while, then asks again', async () => {
    const path = '/apis/site/v2/sports/soccer/eng.1/scoreboard';
    sources.status(path, 429);
    clock = at(10);
    const before = scoreboardRequests();
    const stop = startLiveSync(t.services, { firstDelayMs: 0, pollMs: 20 });
    try {
      await until(() => t.logs().some((l) => String(l.msg).includes('asks us to slow down')));
      const refused = scoreboardRequests();
      expect(refused).toBeGreaterThan(before);
      // Polls fall due every 20 ms of the clock; for the next 50 s of it, none goes to ESPN.
      for (let i = 0; i < 10; i += 1) {
        clock = new Date(clock.getTime() + 5000);
        await new Promise((r) => setTimeout(r, 30));
      }
      expect(scoreboardRequests()).toBe(refused);
      // /metrics counts every poll of the source and its refusals (issue 30).
      const metrics = await t.app.request('/metrics', {
        headers: { authorization: 'Bearer live-metrics-token' },
      });
      const text = await metrics.text();
      const count = (name: string) =>
        Number(new RegExp(`^${name}\\{source="espn"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
      expect(count('firstgoal_live_polls_total')).toBeGreaterThanOrEqual(
        Math.max(1, refused - before),
      );
      expect(count('firstgoal_live_poll_errors_total')).toBeGreaterThanOrEqual(1);
      sources.status(path, null);
      // After the back-off (a minute at first) it is asked again.
      await until(
        () => scoreboardRequests() > refused,
        () => {
          clock = new Date(clock.getTime() + 10_000);
        },
      );
    } finally {
      await stop();
    }
  });
});

describe.runIf(postgresTestUrl())('two instances on one database', () => {
  it('poll once per interval between them', async () => {
    const database = openDatabase(t.services.env.database);
    const second: Services = {
      ...t.services,
      database,
      standings: createStandings({ database, now: t.services.now }),
    };
    clock = at(20);
    sources.setEspn([]);
    const before = scoreboardRequests();
    const stops = [
      startLiveSync(t.services, { firstDelayMs: 0, pollMs: 20 }),
      startLiveSync(second, { firstDelayMs: 0, pollMs: 20 }),
    ];
    try {
      // Ten intervals of the poll (and no backfill or daily read falling due meanwhile).
      for (let i = 0; i < 10; i += 1) {
        await new Promise((r) => setTimeout(r, 60));
        clock = new Date(clock.getTime() + 30_000);
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await second.standings.stop();
      await database.close();
    }
    const polls = sources.requests
      .slice(before)
      .filter((r) => r.includes('/eng.1/scoreboard?dates=2')).length;
    // One request per poll: never two for the same interval.
    expect(polls).toBeGreaterThan(0);
    expect(polls).toBeLessThanOrEqual(11);
  });
});
