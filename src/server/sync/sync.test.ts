import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { player } from '../../../tests/setup/leagues';
import {
  startOpenFootballServer,
  type OpenFootballServer,
} from '../../../tests/setup/openfootball-server';
import { sharedAvailable } from '../../../tests/setup/shared';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { openDatabase } from '../db/database';
import { parseEnv } from '../env';
import { startFixtureSync } from '../jobs/openfootball';
import { isSyncRunning, runFixtureSync } from './service';

// The admin API of the fixture sync, one run at a time (also across instances on PostgreSQL)
// and the background schedule. Only en.1 is served: the other files answer 404.
const available = sharedAvailable('data/football.json/2026-27');
const en1 = '/2026-27/en.1.json';
let t: TestApp;
let admin: Agent;
let source: OpenFootballServer;

beforeAll(async () => {
  if (!available) return;
  source = await startOpenFootballServer({ '2026-27': ['en.1'] });
  // The clock runs from a pinned instant: the schedule's retries are due by it (job_schedule).
  const started = Date.now();
  t = await createTestApp({
    now: () => new Date(Date.parse('2026-11-22T12:00:00Z') + Date.now() - started),
    env: {
      ADMIN_EMAILS: 'ops@example.com',
      OPENFOOTBALL_URL: source.url,
      // openfootball alone: ESPN's season lists are tested in listed-seasons.test.ts.
      LIVE_SOURCES: 'openligadb',
    },
  });
  admin = t.agent();
  await admin.signUp('ops@example.com', 'correct-horse-9', 'Ops');
});
afterAll(async () => {
  await t?.close();
  await source?.close();
});
beforeEach(() => source?.reset());

const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const auditOf = async (label: string) =>
  (
    await t.services.database.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('actor_label', '=', label)
      .execute()
  ).length;

describe.runIf(available)('fixture sync admin API', () => {
  it.each([
    ['GET', undefined],
    ['POST', {}],
  ] as const)('%s /api/admin/sync: 401 signed out, 403 for a player', async (method, body) => {
    expect((await t.agent().request(method, '/api/admin/sync', body)).status).toBe(401);
    const res = await (await player(t)).request(method, '/api/admin/sync', body);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ADMIN_ONLY');
  });

  it('lists every competition with a feed, before any run', async () => {
    const res = await admin.get('/api/admin/sync');
    expect(res.body).toMatchObject({ enabled: true, running: false });
    expect(res.body.competitions).toHaveLength(14);
    expect(res.body.competitions[0]).toEqual({
      competitionId: 'premier_league',
      name: expect.any(String),
      source: 'openfootball',
      code: 'en.1',
      season: '2026-27',
      lastRun: null,
    });
    expect(res.body.competitions.at(-2)).toMatchObject({ code: 'mls', season: '2026' });
    expect(res.body.competitions.at(-1)).toMatchObject({ code: 'uefa.cl', season: '2026-27' });
  });

  it('answers 409 SYNC_RUNNING while a run is in progress', async () => {
    const held = source.hold();
    const first = admin.post('/api/admin/sync', { competitionId: 'premier_league' });
    await held.arrived();
    const second = await admin.request('POST', '/api/admin/sync'); // no body: all
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('SYNC_RUNNING');
    expect((await admin.get('/api/admin/sync')).body.running).toBe(true);
    held.release();
    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body.competitions).toEqual([
      expect.objectContaining({ code: 'en.1', outcome: 'applied' }),
    ]);
    expect((await admin.get('/api/admin/sync')).body.running).toBe(false);
  });

  it.runIf(postgresTestUrl())('on PostgreSQL two instances never sync at once', async () => {
    // A second instance: its own pool and in-process state, the same database.
    const other = openDatabase(t.services.env.database);
    try {
      source.edit(en1, (matches) => {
        const m = matches.find((x) => x.team1 === 'Arsenal FC' && x.team2 === 'Manchester City FC');
        if (m) m.time = '17:30';
      });
      const audited = await auditOf('openfootball');
      const held = source.hold();
      const first = runFixtureSync(t.services, { competitionId: 'premier_league' });
      await held.arrived();
      await expect(
        runFixtureSync({ ...t.services, database: other }, { competitionId: 'premier_league' }),
      ).rejects.toMatchObject({ code: 'SYNC_RUNNING' });
      held.release();
      expect((await first).competitions[0]?.counts?.changed).toBe(1);
      expect(await auditOf('openfootball')).toBe(audited + 1);
      // The lock is released with the run.
      const again = await runFixtureSync({ ...t.services, database: other }, {});
      expect(again.competitions[0]?.counts?.changed).toBe(0);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(available)('fixture sync schedule', () => {
  it('offline: one warning, retries with backoff, says once when back; stops', async () => {
    const logs = () => t.logs().filter((l) => /^(fixture sync:|openfootball )/.test(String(l.msg)));
    const seen = logs().length;
    const fresh = () => logs().slice(seen);
    source.refuse(true);
    const stop = startFixtureSync(t.services, {
      firstDelayMs: 0,
      retryMs: 20,
      periodMs: 160,
      sync: { competitionId: 'premier_league', timeoutMs: 1000 },
    });
    try {
      // 20, 40, 80 ms: four failed runs.
      await until(() => fresh().filter((l) => l.level === 20).length >= 3);
      const warnings = fresh().filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(String(warnings[0]?.msg)).toContain('openfootball cannot be reached');
      source.refuse(false);
      await until(() => fresh().some((l) => String(l.msg).includes('can be reached again')));
      expect(fresh().filter((l) => l.level === 40)).toHaveLength(1);
    } finally {
      stop();
    }
    await until(() => !isSyncRunning(t.services.database));
    const requests = source.requests.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(source.requests.length).toBe(requests);
  });
});

describe('fixture sync settings', () => {
  const env = (vars: Record<string, string>) =>
    parseEnv({ AUTH_SECRET: 'x'.repeat(32), ...vars }, { generateSecret: false });
  it('is on by default, OPENFOOTBALL_SYNC=false turns it off', () => {
    expect(env({}).OPENFOOTBALL_SYNC).toBe(true);
    expect(env({ OPENFOOTBALL_SYNC: 'false' }).OPENFOOTBALL_SYNC).toBe(false);
    expect(() => env({ OPENFOOTBALL_SYNC: 'sometimes' })).toThrow(/OPENFOOTBALL_SYNC/);
  });
  it('reads the files from openfootball on GitHub unless told otherwise', () => {
    expect(env({}).OPENFOOTBALL_URL).toBe(
      'https://raw.githubusercontent.com/openfootball/football.json/master',
    );
    expect(env({ OPENFOOTBALL_URL: 'http://mirror.local/of/' }).OPENFOOTBALL_URL).toBe(
      'http://mirror.local/of',
    );
    expect(() => env({ OPENFOOTBALL_URL: 'ftp://x' })).toThrow(/OPENFOOTBALL_URL/);
  });
});
