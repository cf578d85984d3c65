import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import {
  closedUrl,
  startOpenFootballServer,
  type OpenFootballMatch,
  type OpenFootballServer,
} from '../../../tests/setup/openfootball-server';
import { sharedAvailable } from '../../../tests/setup/shared';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import type { SyncCompetitionResult, SyncOverview } from '../../domain/openfootball';
import { runFixtureSync } from '../sync/service';

// The sync against a local stand-in for openfootball serving copies of the real 2026-27 files,
// which the test database's catalogue was built from. The clock is pinned.
const available = sharedAvailable('data/football.json/2026-27');
const codes = ['en.1', 'en.2', 'de.1', 'es.1', 'fr.1', 'it.1', 'nl.1', 'pt.1'];
const en1 = '/2026-27/en.1.json';
const de1 = '/2026-27/de.1.json';
let clock = new Date('2026-11-22T12:00:00Z');
let t: TestApp;
let admin: Agent;
let source: OpenFootballServer;

beforeAll(async () => {
  if (!available) return;
  source = await startOpenFootballServer({ '2026-27': codes });
  t = await createTestApp({
    now: () => clock,
    env: {
      ADMIN_EMAILS: 'sync@example.com',
      OPENFOOTBALL_URL: source.url,
      // openfootball alone: ESPN's season lists are tested in sync/listed-seasons.test.ts.
      LIVE_SOURCES: 'openligadb',
    },
  });
  admin = t.agent();
  await admin.signUp('sync@example.com', 'correct-horse-9', 'Sync Admin');
});
afterAll(async () => {
  await t?.close();
  await source?.close();
});
// The clock only moves forward and edits to the served files last: like a real season.
beforeEach(() => source?.reset());

const db = () => t.services.database.db;
const fixture = async (competitionId: string, home: string, away: string, season = '2026-27') => {
  const f = await db()
    .selectFrom('fixtures')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('season', '=', season)
    .where('home_team', '=', home)
    .where('away_team', '=', away)
    .executeTakeFirstOrThrow();
  return {
    ...f,
    kickoff_at: new Date(f.kickoff_at).toISOString(),
    time_confirmed: Number(f.time_confirmed),
  };
};
/** Everything the sync could change: the audit trail and every fixture's facts. */
const snapshot = async () => ({
  audit: (await db().selectFrom('audit_log').select('id').execute()).length,
  fixtures: await db()
    .selectFrom('fixtures')
    .select(['id', 'season', 'kickoff_at', 'time_confirmed', 'status', 'home_score', 'away_score'])
    .orderBy('id')
    .execute(),
});
const byCode = (competitions: SyncCompetitionResult[]) =>
  Object.fromEntries(competitions.map((c) => [c.code, c]));
const sync = async (body: object = {}) => {
  const res = await admin.post('/api/admin/sync', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return byCode(res.body.competitions);
};
const overview = async () => {
  const res = await admin.get<SyncOverview>('/api/admin/sync');
  expect(res.status).toBe(200);
  return { ...res.body, byCode: Object.fromEntries(res.body.competitions.map((c) => [c.code, c])) };
};
const edit = (path: string, home: string, away: string, change: (m: OpenFootballMatch) => void) =>
  source.edit(path, (matches) => {
    const match = matches.find((m) => m.team1 === home && m.team2 === away);
    if (!match) throw new Error(`${home} v ${away} is not in ${path}`);
    change(match);
  });
const predict = async (competitionId: string, fixtureId: string) => {
  const p = await player(t);
  const { teams } = await createLeague(p, `Sync ${fixtureId}`, `Team ${fixtureId}`, {
    competitionId,
  });
  const teamId = teams[0]?.id ?? '';
  const saved = await p.put('/api/predictions', {
    teamId,
    predictions: [{ fixtureId, outcome: '1', firstGoalMinute: 30 }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return teamId;
};
const predictionsOf = (fixtureId: string) =>
  db()
    .selectFrom('predictions')
    .select(['team_id', 'points'])
    .where('fixture_id', '=', fixtureId)
    .execute();

describe.runIf(available)('openfootball fixture sync', () => {
  it('an unchanged file changes nothing; a season without a file is skipped', async () => {
    const before = await snapshot();
    const results = await sync();
    for (const code of codes)
      expect(results[code], code).toMatchObject({
        outcome: 'applied',
        season: '2026-27',
        counts: { new: 0, changed: 0, rejected: 0 },
      });
    for (const code of ['en.3', 'en.4', 'sco.1', 'es.2'])
      expect(results[code]).toMatchObject({ outcome: 'missing', season: '2026-27' });
    expect(results.mls).toMatchObject({ outcome: 'missing', season: '2026' });
    expect(source.requests).toContain('/2026/mls.json');
    expect(await snapshot()).toEqual(before);
  });

  it('a new result becomes final and scores predictions in one run, audited as openfootball', async () => {
    const f = await fixture('premier_league', 'Arsenal FC', 'Manchester City FC');
    expect(f.kickoff_at).toBe('2026-11-28T15:00:00.000Z');
    const teamId = await predict('premier_league', f.id);
    clock = new Date('2026-11-28T17:30:00Z');
    edit(en1, 'Arsenal FC', 'Manchester City FC', (m) => {
      m.score = { ht: [1, 0], ft: [2, 1] };
      m.goals1 = [{ minute: 30 }, { minute: 80 }];
      m.goals2 = [{ minute: 61 }];
    });
    const results = await sync();
    expect(results['en.1']?.counts).toMatchObject({ new: 0, changed: 1 });
    expect(await fixture('premier_league', 'Arsenal FC', 'Manchester City FC')).toMatchObject({
      status: 'final',
      home_score: 2,
      away_score: 1,
      first_goal_minute: 30,
    });
    expect(await predictionsOf(f.id)).toEqual([{ team_id: teamId, points: 4 }]);
    const audit = await admin.get(`/api/admin/audit?entityId=${f.id}`);
    expect(audit.body.entries[0]).toMatchObject({
      actor: 'openfootball',
      action: 'fixture.update',
    });
    expect((await sync())['en.1']?.counts?.changed).toBe(0);
  });

  it('a moved kick-off and a time that became known move the fixture and keep its predictions', async () => {
    const moved = await fixture('premier_league', 'Tottenham Hotspur FC', 'Arsenal FC');
    const dated = await fixture('bundesliga_2025', '1. FC Union Berlin', 'Hamburger SV');
    expect(dated).toMatchObject({ kickoff_at: '2026-12-05T10:00:00.000Z', time_confirmed: 0 });
    const teams = [
      await predict('premier_league', moved.id),
      await predict('bundesliga_2025', dated.id),
    ];
    edit(en1, 'Tottenham Hotspur FC', 'Arsenal FC', (m) => {
      m.date = '2026-12-06';
      m.time = '16:30';
    });
    edit(de1, '1. FC Union Berlin', 'Hamburger SV', (m) => (m.time = '15:30'));
    const results = await sync();
    expect(results['en.1']?.counts?.changed).toBe(1);
    expect(results['de.1']?.counts?.changed).toBe(1);
    expect(await fixture('premier_league', 'Tottenham Hotspur FC', 'Arsenal FC')).toMatchObject({
      id: moved.id,
      kickoff_at: '2026-12-06T16:30:00.000Z',
      time_confirmed: 1,
    });
    expect(await fixture('bundesliga_2025', '1. FC Union Berlin', 'Hamburger SV')).toMatchObject({
      id: dated.id,
      kickoff_at: '2026-12-05T14:30:00.000Z',
      time_confirmed: 1,
    });
    expect((await predictionsOf(moved.id)).map((p) => p.team_id)).toEqual([teams[0]]);
    expect((await predictionsOf(dated.id)).map((p) => p.team_id)).toEqual([teams[1]]);
  });

  it('a postponed match becomes postponed', async () => {
    edit(en1, 'Chelsea FC', 'Liverpool FC', (m) => {
      m.status = 'postponed';
      delete m.time;
    });
    expect((await sync())['en.1']?.counts?.changed).toBe(1);
    expect(await fixture('premier_league', 'Chelsea FC', 'Liverpool FC')).toMatchObject({
      status: 'postponed',
      kickoff_at: '2026-12-05T15:00:00.000Z',
    });
    expect((await sync())['en.1']?.counts?.changed).toBe(0);
  });

  it('never overwrites what an admin changed by hand', async () => {
    const moved = await fixture('premier_league', 'Everton FC', 'Fulham FC');
    const played = await fixture('premier_league', 'Chelsea FC', 'Leeds United FC');
    const patch = (id: string, body: object) => admin.patch(`/api/admin/fixtures/${id}`, body);
    expect((await patch(moved.id, { kickoffAt: '2026-12-05T12:30:00.000Z' })).status).toBe(200);
    const result = { homeScore: 1, awayScore: 0, firstGoalMinute: 10, status: 'final' };
    expect((await patch(played.id, result)).status).toBe(200);
    expect((await sync())['en.1']?.counts?.changed).toBe(0);
    edit(en1, 'Everton FC', 'Fulham FC', (m) => (m.time = '17:30'));
    edit(en1, 'Chelsea FC', 'Leeds United FC', (m) => (m.score = { ft: [2, 2] }));
    expect((await sync())['en.1']?.counts?.changed).toBe(0);
    expect((await fixture('premier_league', 'Everton FC', 'Fulham FC')).kickoff_at).toBe(
      '2026-12-05T12:30:00.000Z',
    );
    expect(await fixture('premier_league', 'Chelsea FC', 'Leeds United FC')).toMatchObject({
      status: 'final',
      home_score: 1,
      away_score: 0,
      first_goal_minute: 10,
    });
  });

  it('an unreachable source changes nothing and is reported', async () => {
    const lastSuccess = (await overview()).byCode['en.1']?.lastRun?.lastSuccessAt;
    expect(lastSuccess).toBeTruthy();
    const before = await snapshot();
    const run = await runFixtureSync(t.services, { url: await closedUrl(), timeoutMs: 2000 });
    expect(run.competitions).toHaveLength(14);
    expect(run.competitions.every((c) => c.outcome === 'unreachable')).toBe(true);
    expect(await snapshot()).toEqual(before);
    const { byCode: status, running } = await overview();
    expect(running).toBe(false);
    expect(status['en.1']?.lastRun).toMatchObject({
      ok: false,
      outcome: 'unreachable',
      lastSuccessAt: lastSuccess,
    });
    expect(status['en.1']?.lastRun?.error).toContain('ECONNREFUSED');
    // Each competition's error names its own file, not the first one tried.
    for (const c of run.competitions) {
      expect(c.error).toContain(`/${c.code}.json`);
      expect(c.error).toContain('ECONNREFUSED');
    }
    const row = await db()
      .selectFrom('sync_status')
      .selectAll()
      .where('source', '=', 'openfootball')
      .where('competition_id', '=', 'premier_league')
      .executeTakeFirstOrThrow();
    expect(Number(row.ok)).toBe(0);
  });

  it('a malformed file changes nothing; the other files still sync', async () => {
    const before = await snapshot();
    source.set(en1, '<html>Rate limited</html>');
    source.set(de1, JSON.stringify({ name: 'Bundesliga', rounds: [] }));
    const results = await sync();
    expect(results['en.1']).toMatchObject({
      outcome: 'malformed',
      error: 'The file is not valid JSON.',
    });
    expect(results['de.1']?.outcome).toBe('malformed');
    expect(results['fr.1']?.outcome).toBe('applied');
    expect(await snapshot()).toEqual(before);
    const { byCode: status } = await overview();
    expect(status['de.1']?.lastRun).toMatchObject({ ok: false, outcome: 'malformed' });
    expect(status['fr.1']?.lastRun).toMatchObject({ ok: true, outcome: 'applied' });
  });

  it('a 404 for one file is skipped while the other competitions sync', async () => {
    source.drop(en1);
    edit(de1, 'FC Schalke 04', 'Borussia Dortmund', (m) => (m.status = 'postponed'));
    const results = await sync();
    expect(results['en.1']?.outcome).toBe('missing');
    expect(results['de.1']).toMatchObject({ outcome: 'applied', counts: { changed: 1 } });
    expect((await fixture('bundesliga_2025', 'FC Schalke 04', 'Borussia Dortmund')).status).toBe(
      'postponed',
    );
  });

  it("a new season's file creates that season by itself", async () => {
    clock = new Date('2027-08-15T12:00:00Z');
    source.set('/2027-28/en.1.json', source.original(en1));
    const results = await sync({ competitionId: 'premier_league' });
    expect(Object.keys(results)).toEqual(['en.1']);
    expect(results['en.1']).toMatchObject({
      outcome: 'applied',
      season: '2027-28',
      counts: { new: 380, changed: 0, unchanged: 0, rejected: 0 },
    });
    const count = async (season: string) =>
      (
        await db()
          .selectFrom('fixtures')
          .select('id')
          .where('competition_id', '=', 'premier_league')
          .where('season', '=', season)
          .execute()
      ).length;
    expect(await count('2027-28')).toBe(380);
    expect(await count('2026-27')).toBe(380);
    expect((await overview()).byCode['en.1']).toMatchObject({
      season: '2027-28',
      lastRun: { season: '2027-28', ok: true },
    });
    // A competition no source covers (the WSL is ESPN's: it syncs from the live source).
    const unknown = await admin.post('/api/admin/sync', { competitionId: 'swpl' });
    expect(unknown.body.error.code).toBe('UNKNOWN_COMPETITION');
  });
});
