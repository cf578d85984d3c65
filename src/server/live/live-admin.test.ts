import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../../tests/setup/leagues';
import { startLiveSourcesServer } from '../../../tests/setup/live-sources-server';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { parseEnv } from '../env';
import { startLiveSync } from '../jobs/live';
import { readLiveSourceMap } from '../competitions/catalogue';
import { syncLive } from './service';

// The live sources' admin side: a match no fixture was paired with, linked by hand; a fact set
// by hand that no source overwrites until handed back; the job offline and backing off; the
// variables.
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
  homeScore: number | null;
  firstGoalMinute: number | null;
  handSet: string[];
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

const at = (minutes: number) => new Date(new Date(fixture.kickoffAt).getTime() + minutes * 60_000);
const read = async () =>
  (
    (await admin.get('/api/admin/fixtures?competitionId=premier_league&season=2026-27')).body
      .fixtures as Fixture[]
  ).find((f) => f.id === fixture.id) as Fixture;

/** A finished ESPN event of the fixture under names ESPN might use. */
const finished = (home: string, away: string, score: [number, number], minute: string) => ({
  id: '880001',
  uid: 's:600~l:700~e:880001',
  date: fixture.kickoffAt.replace(':00.000Z', 'Z'),
  status: {
    displayClock: "90'+4'",
    period: 2,
    type: { name: 'STATUS_FULL_TIME', state: 'post', completed: true },
  },
  competitions: [
    {
      competitors: [
        { id: '1', homeAway: 'home', score: String(score[0]), team: { displayName: home } },
        { id: '2', homeAway: 'away', score: String(score[1]), team: { displayName: away } },
      ],
      details:
        score[0] + score[1] === 0
          ? []
          : [
              {
                scoringPlay: true,
                shootout: false,
                clock: { displayValue: minute },
                team: { id: score[0] > 0 ? '1' : '2' },
              },
              ...Array.from({ length: score[0] + score[1] - 1 }, () => ({
                scoringPlay: true,
                shootout: false,
                clock: { displayValue: "80'" },
                team: { id: score[0] > 0 ? '1' : '2' },
              })),
            ],
    },
  ],
});

// The current season's kicked-off fixtures lacking a result (the fixture is past its live window).
const poll = () =>
  syncLive(t.services, readLiveSourceMap(), ['premier_league'], { kind: 'season' });

describe('a match no fixture could be paired with', () => {
  it('is listed for the admins, never creates a fixture, and is applied once linked', async () => {
    // Over 4 hours after kick-off: one source's full time is confirmed at once (a backfill).
    clock = at(300);
    sources.setEspn([finished('Unknown Rovers', 'Nobody United', [2, 0], "12'")]);
    const before = (await admin.get('/api/admin/fixtures?competitionId=premier_league')).body
      .fixtures.length;
    await poll();
    const overview = await admin.get('/api/admin/sync');
    expect(overview.status).toBe(200);
    expect(overview.body.live.unmatched).toEqual([
      expect.objectContaining({
        source: 'espn',
        matchId: '880001',
        homeTeam: 'Unknown Rovers',
        awayTeam: 'Nobody United',
      }),
    ]);
    expect(
      (await admin.get('/api/admin/fixtures?competitionId=premier_league')).body.fixtures,
    ).toHaveLength(before);
    expect((await read()).status).toBe('scheduled');

    // Only an admin links, only to a fixture of the same competition.
    const p = await player(t, 'Nosy');
    const body = { source: 'espn', matchId: '880001', fixtureId: fixture.id };
    expect((await p.post('/api/admin/sync/link', body)).status).toBe(403);
    expect(
      (await admin.post('/api/admin/sync/link', { ...body, fixtureId: 'nope_1' })).status,
    ).toBe(404);
    expect((await admin.post('/api/admin/sync/link', { ...body, matchId: '1' })).status).toBe(404);
    const linked = await admin.post('/api/admin/sync/link', body);
    expect(linked.status).toBe(200);
    expect((await admin.get('/api/admin/sync')).body.live.unmatched).toEqual([]);

    await poll();
    expect(await read()).toMatchObject({ status: 'final', homeScore: 2, firstGoalMinute: 12 });
    // The names are remembered for the next match of these teams.
    const aliases = await t.services.database.db
      .selectFrom('team_aliases')
      .select(['alias', 'team_name'])
      .where('competition_id', '=', 'premier_league')
      .execute();
    expect(aliases).toEqual(
      expect.arrayContaining([
        { alias: 'Unknown Rovers', team_name: fixture.homeTeam },
        { alias: 'Nobody United', team_name: fixture.awayTeam },
      ]),
    );
  });
});

describe('a fact set by hand', () => {
  it('is never overwritten by a source until handed back', async () => {
    const patched = await admin.patch(`/api/admin/fixtures/${fixture.id}`, {
      homeScore: 3,
      awayScore: 0,
      firstGoalMinute: 5,
      status: 'final',
    });
    expect(patched.status).toBe(200);
    expect((await read()).handSet).toEqual(expect.arrayContaining(['result', 'minute']));
    await poll();
    expect(await read()).toMatchObject({ homeScore: 3, firstGoalMinute: 5 });

    expect(
      (await (await player(t, 'Other')).post(`/api/admin/fixtures/${fixture.id}/hand-back`, {}))
        .status,
    ).toBe(403);
    const handed = await admin.post(`/api/admin/fixtures/${fixture.id}/hand-back`, {});
    expect(handed.status).toBe(200);
    expect(handed.body.handedBack).toEqual(expect.arrayContaining(['result', 'minute']));
    expect((await read()).handSet).toEqual([]);
    await poll();
    expect(await read()).toMatchObject({ status: 'final', homeScore: 2, firstGoalMinute: 12 });
  });
});

describe('the live job', () => {
  it('offline: one warning, nothing else, and one line when the source is back', async () => {
    sources.refuse();
    clock = at(10);
    const stop = startLiveSync(t.services, { firstDelayMs: 0, pollMs: 20 });
    const warnings = () =>
      t.logs().filter((l) => String(l.msg).includes('cannot be reached')).length;
    const deadline = Date.now() + 5000;
    while (warnings() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Several runs later, still one warning.
    for (let i = 0; i < 5; i += 1) {
      clock = new Date(clock.getTime() + 60_000);
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(warnings()).toBe(1);
    sources.refuse(false);
    const back = Date.now() + 5000;
    while (
      !t.logs().some((l) => String(l.msg).includes('can be reached again')) &&
      Date.now() < back
    ) {
      clock = new Date(clock.getTime() + 60_000);
      await new Promise((r) => setTimeout(r, 40));
    }
    await stop();
    expect(t.logs().some((l) => String(l.msg).includes('can be reached again'))).toBe(true);
  });
});

describe('LIVE_* variables', () => {
  const env = (extra: Record<string, string>) =>
    parseEnv({ AUTH_SECRET: 'x'.repeat(32), ...extra }, { generateSecret: false });
  it('has keyless defaults and refuses a poll faster than 15 s with one clear line', () => {
    expect(env({})).toMatchObject({
      LIVE_SYNC: true,
      LIVE_SOURCES: ['espn', 'openligadb'],
      ESPN_URL: 'https://site.api.espn.com',
      OPENLIGADB_URL: 'https://api.openligadb.de',
      LIVE_POLL_SECONDS: 30,
    });
    expect(env({ LIVE_SYNC: 'false', LIVE_SOURCES: 'openligadb' })).toMatchObject({
      LIVE_SYNC: false,
      LIVE_SOURCES: ['openligadb'],
    });
    expect(() => env({ LIVE_POLL_SECONDS: '10' })).toThrow(
      /^Invalid configuration: LIVE_POLL_SECONDS must be at least 15/,
    );
    expect(() => env({ LIVE_SOURCES: 'espn,bbc' })).toThrow(/LIVE_SOURCES/);
    expect(() => env({ ESPN_URL: 'ftp://x' })).toThrow(/ESPN_URL/);
  });
});
