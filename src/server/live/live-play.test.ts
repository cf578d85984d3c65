import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { startLiveSourcesServer } from '../../../tests/setup/live-sources-server';
import {
  derivedEspnEvent,
  derivedOpenLigaDbMatch,
  type DerivedGoal,
} from '../../../tests/setup/derived-live';
import { sharedAvailable } from '../../../tests/setup/shared';
import { listen } from '../../../tests/setup/listen';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { readLiveSourceMap } from '../competitions/catalogue';
import { openDatabase } from '../db/database';
import { sendGoalAlerts } from '../push/goal-alerts';
import { syncLive } from './service';
import { browserKeys, decryptPush, startPushService } from '../../../tests/setup/push-service';

// Issue 29: what players see while a match is on — the live table (`view=live`), the minute
// race and the event stream's signal — driven by the live poll through a derived sequence.
const available = sharedAvailable('data/live');

let clock = new Date('2026-11-20T12:00:00Z');
let t: TestApp;
let admin: Agent;
let sources: Awaited<ReturnType<typeof startLiveSourcesServer>>;
let fixture: { id: string; kickoffAt: string; homeTeam: string; awayTeam: string };
let leagueId = '';
const players: Record<'ann' | 'bob' | 'cat', { agent: Agent; teamId: string }> = {} as never;
let outsider: Agent;
let pushService: Awaited<ReturnType<typeof startPushService>>;
const devices: Record<string, ReturnType<typeof browserKeys>> = {};

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
  clock = at(-60);
  const ann = await player(t, 'Ann');
  const created = await createLeague(ann, 'Matchday Friends', 'Ann FC', {
    competitionId: 'bundesliga_2025',
  });
  leagueId = created.league.id;
  players.ann = { agent: ann, teamId: created.teams[0]?.id ?? '' };
  for (const [key, name] of [
    ['bob', 'Bob United'],
    ['cat', 'Cat City'],
  ] as const) {
    const agent = await player(t, key);
    const joined = await agent.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: name,
    });
    expect(joined.status).toBe(201);
    players[key] = { agent, teamId: (joined.body as { team: { id: string } }).team.id };
  }
  // Ann: home win, 22nd minute, joker. Bob: away win, 90th. Cat: draw, no goal (0).
  const picks = {
    ann: { outcome: '1', firstGoalMinute: 22, joker: true },
    bob: { outcome: '2', firstGoalMinute: 90, joker: false },
    cat: { outcome: 'X', firstGoalMinute: 0, joker: false },
  } as const;
  for (const key of ['ann', 'bob', 'cat'] as const) {
    const saved = await players[key].agent.put('/api/predictions', {
      teamId: players[key].teamId,
      predictions: [{ fixtureId: fixture.id, ...picks[key] }],
    });
    expect(saved.status).toBe(200);
  }
  outsider = await player(t, 'Outsider');
  // Each player's phone gets pushes; Cat switches goal alerts off for this league.
  pushService = await startPushService();
  for (const key of ['ann', 'bob', 'cat'] as const) {
    devices[key] = browserKeys();
    const res = await players[key].agent.post('/api/push/subscriptions', {
      endpoint: `${pushService.url}/${key}`,
      keys: devices[key].keys,
    });
    expect(res.status).toBe(201);
  }
  const settings = await players.cat.agent.get('/api/push/goal-alerts');
  expect(settings.body).toEqual({
    leagues: [{ leagueId, leagueName: 'Matchday Friends', enabled: true }],
  });
  const off = await players.cat.agent.put('/api/push/goal-alerts', { leagueId, enabled: false });
  expect(off.body).toEqual({ leagueId, enabled: false });
});
afterAll(async () => {
  await t?.close();
  await sources?.close();
  await pushService?.close();
});

/** The goal alerts due now, sent (as the job does after a poll); what each phone received. */
let seen = 0;
const alerts = async () => {
  await sendGoalAlerts(t.services, fixture.id);
  const fresh = pushService.received.slice(seen);
  seen = pushService.received.length;
  return fresh
    .map((push) => {
      const who = push.path.slice(1) as 'ann' | 'bob' | 'cat';
      const device = devices[who];
      if (!device) throw new Error(`a push to ${push.path}`);
      const message = decryptPush(push.body, device) as { title: string; body: string };
      return `${who}: ${message.title} | ${message.body}`;
    })
    .sort();
};

const at = (minutes: number) => new Date(new Date(fixture.kickoffAt).getTime() + minutes * 60_000);
const espn = (
  state: 'pre' | 'in' | 'post',
  score: [number, number],
  goals: { clock: string; home: boolean }[],
  displayClock: string,
) => sources.setEspn([derivedEspnEvent(fixture, state, score, goals, displayClock)]);
const openLigaDb = (finished: boolean, goals: DerivedGoal[]) =>
  sources.setOpenLigaDb('/getmatchdata/bl1', [derivedOpenLigaDbMatch(fixture, finished, goals)]);
const poll = () => syncLive(t.services, readLiveSourceMap(), ['bundesliga_2025'], { kind: 'live' });

type LiveTable = {
  rows: { teamName: string; rank: number; points: number; livePoints: number; liveRank: number }[];
  live: { fixtures: { id: string; homeScore: number; clock: string; firstGoalMinute: number }[] };
};
const liveTable = async (agent: Agent = players.ann.agent) => {
  const res = await agent.get(`/api/leagues/${leagueId}/standings?view=live`);
  expect(res.status).toBe(200);
  return res.body as LiveTable;
};
const figures = (table: LiveTable) =>
  table.rows.map((r) => [r.teamName, r.livePoints, r.liveRank, r.points, r.rank]);

type Race = {
  fixture: { clock: string; clockMinute: number; firstGoalMinute: number | null };
  counts: { teams: number; predicted: number; stillIn: number; hits: number };
  minutes: { minute: number; teams: number }[];
  teams: { teamName: string; mine: boolean; standing: string; points: number | null }[];
};
const race = async (agent: Agent = players.ann.agent) => {
  const res = await agent.get(`/api/leagues/${leagueId}/fixtures/${fixture.id}/race`);
  expect(res.status).toBe(200);
  return res.body as Race;
};
const standings = (r: Race) =>
  Object.fromEntries(r.teams.map((team) => [team.teamName, [team.standing, team.points]]));

describe.runIf(available)('a match in play, as the players see it', () => {
  it('before kick-off: no live table, and the race is hidden from everyone', async () => {
    clock = at(-5);
    espn('pre', [0, 0], [], "0'");
    await poll();
    const table = await liveTable();
    expect(table.live.fixtures).toEqual([]);
    expect(figures(table)).toEqual([
      ['Ann FC', 0, 1, 0, 1],
      ['Bob United', 0, 1, 0, 1],
      ['Cat City', 0, 1, 0, 1],
    ]);
    const hidden = await players.ann.agent.get(
      `/api/leagues/${leagueId}/fixtures/${fixture.id}/race`,
    );
    expect(hidden.status).toBe(403);
    expect((hidden.body as { error: { code: string } }).error.code).toBe('PREDICTIONS_HIDDEN');
    // Without view=live the standings are as they always were.
    const plain = await players.ann.agent.get(`/api/leagues/${leagueId}/standings`);
    expect(plain.body).not.toHaveProperty('live');
    expect((plain.body as { rows: object[] }).rows[0]).not.toHaveProperty('livePoints');
  });

  it('kicked off, 0–0 at 10′: the draw leads the live table, every minute still in the race', async () => {
    clock = at(10);
    espn('in', [0, 0], [], "10'");
    await poll();
    const table = await liveTable();
    expect(table.live.fixtures).toMatchObject([{ id: fixture.id, homeScore: 0, clock: "10'" }]);
    expect(figures(table)).toEqual([
      ['Cat City', 1, 1, 0, 1],
      ['Ann FC', 0, 2, 0, 1],
      ['Bob United', 0, 2, 0, 1],
    ]);
    const now = await race();
    expect(now.counts).toEqual({ teams: 3, predicted: 3, stillIn: 3, hits: 0 });
    expect(now.minutes).toEqual([
      { minute: 0, teams: 1 },
      { minute: 22, teams: 1 },
      { minute: 90, teams: 1 },
    ]);
    // The viewer's team first.
    expect(now.teams[0]).toMatchObject({ teamName: 'Ann FC', mine: true });
    expect(await alerts()).toEqual([]);
  });

  it('the first goal at 22′: the exact hit with its joker tops the live table', async () => {
    clock = at(24);
    espn('in', [1, 0], [{ clock: "22'", home: true }], "24'");
    openLigaDb(false, [{ score: [1, 0], minute: null }]);
    await poll();
    expect(figures(await liveTable())).toEqual([
      ['Ann FC', 8, 1, 0, 1],
      ['Bob United', 0, 2, 0, 1],
      ['Cat City', 0, 2, 0, 1],
    ]);
    const now = await race(players.bob.agent);
    expect(now.fixture).toMatchObject({ clock: "24'", clockMinute: 24, firstGoalMinute: 22 });
    expect(now.counts).toMatchObject({ stillIn: 0, hits: 1 });
    expect(standings(now)).toEqual({
      'Ann FC': ['hit', 8],
      'Bob United': ['out', 0],
      'Cat City': ['out', 0],
    });
    expect(now.teams[0]).toMatchObject({ teamName: 'Bob United', mine: true });
    const match = `${fixture.homeTeam} 1–0 ${fixture.awayTeam}`;
    // Once per fixture and team, the joker's points shown; Cat switched them off.
    expect(await alerts()).toEqual([
      `ann: Goal 22′ — ${match} | Ann FC: you called 22′. +6 with your joker`,
      `bob: Goal 22′ — ${match} | Bob United: you called 90′ — not this time. Your 1X2 call still counts.`,
    ]);
    expect(await alerts()).toEqual([]);
  });

  it('the goal disallowed: the table and the race move back', async () => {
    clock = at(27);
    espn('in', [0, 0], [], "27'");
    openLigaDb(false, []);
    await poll();
    expect(figures(await liveTable())).toEqual([
      ['Cat City', 1, 1, 0, 1],
      ['Ann FC', 0, 2, 0, 1],
      ['Bob United', 0, 2, 0, 1],
    ]);
    // 22 has passed without a goal now: Ann's minute is out, 0 and 90 are in.
    expect(standings(await race())).toEqual({
      'Ann FC': ['out', 0],
      'Bob United': ['in', 0],
      'Cat City': ['in', 1],
    });
    // A correction, only to those told of the goal.
    const match = `${fixture.homeTeam} 0–0 ${fixture.awayTeam}`;
    expect(await alerts()).toEqual([
      `ann: Goal disallowed — ${match} | Ann FC: the race for the first goal is on again.`,
      `bob: Goal disallowed — ${match} | Bob United: the race for the first goal is on again.`,
    ]);
  });

  it('open pages hear of a move through the event stream: a signal without content', async () => {
    const server = await listen(t);
    const res = await fetch(`${server.url}/api/live/leagues/${leagueId}`);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (marker: string) => {
      while (!text.includes(marker)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${marker}`);
        text += decoder.decode(value);
      }
    };
    try {
      await until('event: ready');
      clock = at(61);
      espn('in', [0, 0], [], "61'");
      await poll();
      await until('event: live');
      const data = /event: live\ndata: (.*)\n/.exec(text)?.[1] ?? '';
      expect(JSON.parse(data)).toEqual({
        fixtures: [{ id: fixture.id, version: clock.getTime() }],
      });
    } finally {
      await reader.cancel();
      await server.close();
    }
  });

  it('a stoppage-time goal for the away side is the 90th minute: Bob hits', async () => {
    clock = at(110);
    espn('in', [0, 1], [{ clock: "90'+3'", home: false }], "90'+3'");
    await poll();
    expect(figures(await liveTable())).toEqual([
      ['Bob United', 4, 1, 0, 1],
      ['Ann FC', 0, 2, 0, 1],
      ['Cat City', 0, 2, 0, 1],
    ]);
    expect(standings(await race())).toMatchObject({ 'Bob United': ['hit', 4] });
    // Two instances hearing the same event: each message goes once.
    const match = `${fixture.homeTeam} 0–1 ${fixture.awayTeam}`;
    const other = { ...t.services, database: openDatabase(t.services.env.database) };
    try {
      await Promise.all([
        sendGoalAlerts(t.services, fixture.id),
        sendGoalAlerts(other, fixture.id),
      ]);
    } finally {
      await other.database.close();
    }
    expect(await alerts()).toEqual([
      `ann: Goal 90′ — ${match} | Ann FC: you called 22′ — not this time. Your 1X2 call still counts.`,
      `bob: Goal 90′ — ${match} | Bob United: you called 90′. +3`,
    ]);
  });

  it('full time from both sources: the confirmed table has it and the race stays as a record', async () => {
    clock = at(114);
    espn('post', [0, 1], [{ clock: "90'+3'", home: false }], "90'+5'");
    openLigaDb(true, [{ score: [0, 1], minute: 93 }]);
    await poll();
    const table = await liveTable();
    expect(table.live.fixtures).toEqual([]);
    expect(figures(table)).toEqual([
      ['Bob United', 4, 1, 4, 1],
      ['Ann FC', 0, 2, 0, 2],
      ['Cat City', 0, 2, 0, 2],
    ]);
    const match = `${fixture.homeTeam} 0–1 ${fixture.awayTeam}`;
    expect(await alerts()).toEqual([
      `ann: Full time — ${match} | Ann FC: 0 points`,
      `bob: Full time — ${match} | Bob United: 4 points`,
    ]);
    const record = await race();
    expect(record.fixture).toMatchObject({ clockMinute: 91, firstGoalMinute: 90 });
    expect(standings(record)).toEqual({
      'Ann FC': ['out', 0],
      'Bob United': ['hit', 4],
      'Cat City': ['out', 0],
    });
  });

  it('the race is for members only', async () => {
    const res = await outsider.get(`/api/leagues/${leagueId}/fixtures/${fixture.id}/race`);
    expect(res.status).toBe(403);
    expect(
      (await t.agent().get(`/api/leagues/${leagueId}/fixtures/${fixture.id}/race`)).status,
    ).toBe(401);
    const other = await players.ann.agent.get(
      `/api/leagues/${leagueId}/fixtures/no-such-fixture/race`,
    );
    expect(other.status).toBe(404);
    const bad = await players.ann.agent.get(`/api/leagues/${leagueId}/standings?view=everything`);
    expect(bad.status).toBe(400);
  });
});
