import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { startLiveSourcesServer } from '../../../tests/setup/live-sources-server';
import {
  derivedEspnEvent,
  derivedOpenLigaDbMatch,
  type DerivedGoal,
} from '../../../tests/setup/derived-live';
import { sharedAvailable } from '../../../tests/setup/shared';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { readLiveSourceMap } from '../competitions/catalogue';
import { syncLive } from './service';

// A match followed through the live poll, from answers derived from recorded ones: before
// kick-off → in play with a goal → the goal disallowed → another goal in stoppage time → full
// time from both sources. ESPN ranks first (LIVE_SOURCES' default order).
const available = sharedAvailable('data/live');

let clock = new Date('2026-11-20T12:00:00Z');
let t: TestApp;
let admin: Agent;
let sources: Awaited<ReturnType<typeof startLiveSourcesServer>>;
let fixture: { id: string; kickoffAt: string; homeTeam: string; awayTeam: string };

beforeAll(async () => {
  if (!available) return;
  sources = await startLiveSourcesServer();
  t = await createTestApp({
    now: () => clock,
    env: { ADMIN_EMAILS: 'ops@example.com', ESPN_URL: sources.url, OPENLIGADB_URL: sources.url },
  });
  admin = t.agent();
  await admin.signUp('ops@example.com', 'correct-horse-9', 'Ops');
  const all = (await admin.get('/api/admin/fixtures?competitionId=bundesliga_2025&season=2026-27'))
    .body.fixtures as (typeof fixture & { status: string })[];
  const next = all.find((f) => f.status === 'scheduled' && new Date(f.kickoffAt) > clock);
  if (!next) throw new Error('no scheduled Bundesliga fixture after the pinned clock');
  fixture = next;
});
afterAll(async () => {
  await t?.close();
  await sources?.close();
});

const at = (minutes: number) => new Date(new Date(fixture.kickoffAt).getTime() + minutes * 60_000);

const espnEvent = (
  state: 'pre' | 'in' | 'post',
  score: [number, number],
  goals: { clock: string; home: boolean }[],
  displayClock: string,
) => derivedEspnEvent(fixture, state, score, goals, displayClock);
const openLigaDbMatch = (finished: boolean, goals: DerivedGoal[]) =>
  derivedOpenLigaDbMatch(fixture, finished, goals);

const poll = () => syncLive(t.services, readLiveSourceMap(), ['bundesliga_2025'], { kind: 'live' });
const read = async () =>
  (
    (await admin.get('/api/admin/fixtures?competitionId=bundesliga_2025&season=2026-27')).body
      .fixtures as Record<string, unknown>[]
  ).find((f) => f.id === fixture.id);

describe.runIf(available)('a match followed live from two sources', () => {
  let teamId = '';
  let fan: Agent;

  it('a player predicts the away side and the 90th minute before kick-off', async () => {
    clock = at(-60);
    fan = await player(t, 'Fan');
    const league = await createLeague(fan, 'Live Friends', 'Fan FC', {
      competitionId: 'bundesliga_2025',
    });
    teamId = league.teams[0]?.id ?? '';
    const saved = await fan.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: fixture.id, outcome: '2', firstGoalMinute: 90, joker: false }],
    });
    expect(saved.status).toBe(200);
  });

  it('before kick-off: nothing moves', async () => {
    clock = at(-5);
    sources.setEspn([espnEvent('pre', [0, 0], [], "0'")]);
    sources.setOpenLigaDb('/getmatchdata/bl1', [openLigaDbMatch(false, [])]);
    await poll();
    expect(await read()).toMatchObject({ status: 'scheduled', homeScore: null, clock: null });
  });

  it('in play with a goal: live score, provisional minute and the clock', async () => {
    clock = at(23);
    sources.setEspn([espnEvent('in', [1, 0], [{ clock: "22'", home: true }], "23'")]);
    // OpenLigaDB has the goal but no minute yet: ESPN's minute stands.
    sources.setOpenLigaDb('/getmatchdata/bl1', [
      openLigaDbMatch(false, [{ score: [1, 0], minute: null }]),
    ]);
    await poll();
    expect(await read()).toMatchObject({
      status: 'live',
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 22,
      clock: "23'",
      resultConfirmed: false,
      minuteConfirmed: false,
      updatedBy: 'espn',
    });
  });

  it('the goal disallowed: the score and the minute move back', async () => {
    clock = at(27);
    sources.setEspn([espnEvent('in', [0, 0], [], "26'")]);
    await poll();
    expect(await read()).toMatchObject({
      status: 'live',
      homeScore: 0,
      awayScore: 0,
      clock: "26'",
    });
  });

  it('a goal in stoppage time counts as the 90th minute', async () => {
    clock = at(110);
    sources.setEspn([espnEvent('in', [0, 1], [{ clock: "90'+3'", home: false }], "90'+3'")]);
    await poll();
    expect(await read()).toMatchObject({ status: 'live', awayScore: 1, firstGoalMinute: 90 });
  });

  it('full time from one source: shown, not yet confirmed', async () => {
    clock = at(113);
    sources.setEspn([espnEvent('post', [0, 1], [{ clock: "90'+3'", home: false }], "90'+5'")]);
    await poll();
    expect(await read()).toMatchObject({ status: 'live', clock: 'FT', resultConfirmed: false });
  });

  it('full time from both sources: final, minute confirmed, the prediction scored', async () => {
    clock = at(114);
    sources.setOpenLigaDb('/getmatchdata/bl1', [
      openLigaDbMatch(true, [{ score: [0, 1], minute: 93 }]),
    ]);
    await poll();
    expect(await read()).toMatchObject({
      status: 'final',
      homeScore: 0,
      awayScore: 1,
      firstGoalMinute: 90,
      clock: null,
      resultConfirmed: true,
      minuteConfirmed: true,
    });
    const picks = await t.services.database.db
      .selectFrom('predictions')
      .select('points')
      .where('team_id', '=', teamId)
      .where('fixture_id', '=', fixture.id)
      .executeTakeFirstOrThrow();
    expect(Number(picks.points)).toBe(4);
  });

  it('audited each change of facts with its source, and no clock tick', async () => {
    const rows = await t.services.database.db
      .selectFrom('audit_log')
      .select(['actor_label'])
      .where('entity_id', '=', fixture.id)
      .execute();
    expect(rows.map((r) => r.actor_label)).toEqual(['espn', 'espn', 'espn', 'espn']);
  });
});
