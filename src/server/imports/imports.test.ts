import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

const wc2026 = 'data/worldcup.json/2026/worldcup.json';
const wc2022 = 'data/worldcup.json/2022/worldcup.json';

let clock = new Date('2026-06-01T12:00:00Z');
let admin: Agent;

const competition = async (id: string, timeZone = 'Europe/London') => {
  const res = await admin.post('/api/admin/competitions', {
    id,
    name: id,
    route: `/${id.replace(/_/g, '-')}`,
    kind: 'tournament',
    country: 'World',
    timeZone,
  });
  expect(res.status).toBe(201);
};
const fixtures = async (competitionId: string) =>
  (await admin.get(`/api/admin/fixtures?competitionId=${competitionId}`)).body.fixtures as {
    id: string;
    round: string;
    homeTeam: string;
    awayTeam: string;
    kickoffAt: string;
    status: string;
    homeScore: number | null;
    awayScore: number | null;
    firstGoalMinute: number | null;
    updatedAt: string;
  }[];
const auditCount = async () =>
  Number(
    (
      await t.services.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'boss@example.com' } });
beforeAll(async () => {
  admin = t.agent();
  await admin.signUp('boss@example.com', 'correct-horse-9', 'Boss');
});

describe('import routes', () => {
  const body = { competitionId: 'premier_league', format: 'csv', content: 'x' };
  it.each(['/api/admin/imports/preview', '/api/admin/imports/apply'])(
    '%s: 401 signed out, 403 for a player, before validation',
    async (path) => {
      expect((await t.agent().post(path, {})).status).toBe(401);
      expect((await t.agent().post(path, body)).status).toBe(401);
      const p = await player(t);
      const res = await p.post(path, body);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('ADMIN_ONLY');
      expect((await p.post(path, {})).status).toBe(403);
    },
  );

  it('a file that is not JSON, an unknown competition or zone answer 400 envelopes', async () => {
    const bad = await admin.post('/api/admin/imports/preview', {
      competitionId: 'premier_league',
      format: 'openfootball',
      content: '{"matches": [',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'IMPORT_UNREADABLE',
      message: 'The file is not valid JSON.',
    });
    const unknown = await admin.post('/api/admin/imports/preview', { ...body, competitionId: 'x' });
    expect(unknown.body.error.code).toBe('UNKNOWN_COMPETITION');
    const zone = await admin.post('/api/admin/imports/preview', { ...body, timeZone: 'Mars/X' });
    expect(zone.status).toBe(400);
    const empty = await admin.post('/api/admin/imports/apply', { ...body, content: '' });
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('CSV import', () => {
  const csv = (arsenalTime: string) =>
    [
      'date,time,time_zone,home,away,round',
      `2026-08-15,${arsenalTime},,Arsenal,Chelsea,Matchday 1`,
      '2026-08-16,14:00,Europe/Berlin,Bayern,Dortmund,Matchday 1',
      '2025-13-40,15:00,,Leeds,Burnley,Matchday 1',
      '2026-08-16,15:00,Mars/Olympus,Everton,Fulham,Matchday 1',
    ].join('\n');
  const send = (path: string, content: string) =>
    admin.post(`/api/admin/imports/${path}`, { competitionId: 'csv_cup', format: 'csv', content });

  it('previews bad rows as rejected with reasons and writes nothing', async () => {
    await competition('csv_cup');
    const res = await send('preview', csv('15:00'));
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ new: 2, changed: 0, unchanged: 0, rejected: 2 });
    expect(res.body.rows[2]).toMatchObject({
      line: 4,
      status: 'rejected',
      reason: "Invalid date '2025-13-40' (use YYYY-MM-DD).",
    });
    expect(res.body.rows[3].reason).toContain("Unknown time zone 'Mars/Olympus'");
    expect(await fixtures('csv_cup')).toEqual([]);
  });

  it('applies the good rows', async () => {
    const res = await send('apply', csv('15:00'));
    expect(res.body.counts).toEqual({ new: 2, changed: 0, unchanged: 0, rejected: 2 });
    const list = await fixtures('csv_cup');
    expect(list.map((f) => [f.id, f.homeTeam, f.kickoffAt])).toEqual([
      ['csv_cup_1', 'Arsenal', '2026-08-15T14:00:00.000Z'],
      ['csv_cup_2', 'Bayern', '2026-08-16T12:00:00.000Z'],
    ]);
  });

  it('a moved kick-off updates the fixture, and the audit trail holds each change', async () => {
    clock = new Date(clock.getTime() + 60_000);
    const preview = await send('preview', csv('17:30'));
    expect(preview.body.rows[0]).toMatchObject({
      status: 'changed',
      fixtureId: 'csv_cup_1',
      changes: ['kickoffAt'],
    });
    expect(preview.body.counts).toMatchObject({ changed: 1, unchanged: 1 });
    const applied = await send('apply', csv('17:30'));
    expect(applied.body.counts).toEqual({ new: 0, changed: 1, unchanged: 1, rejected: 2 });
    const [arsenal] = await fixtures('csv_cup');
    expect(arsenal?.kickoffAt).toBe('2026-08-15T16:30:00.000Z');
    const audit = (await admin.get('/api/admin/audit?entityId=csv_cup_1')).body.entries;
    expect(audit.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['fixture.update', 'import:boss@example.com'],
      ['fixture.create', 'import:boss@example.com'],
    ]);
    expect(audit[0].before.kickoffAt).toBe('2026-08-15T14:00:00.000Z');
    expect(audit[0].after.kickoffAt).toBe('2026-08-15T16:30:00.000Z');
  });
});

describe.runIf(sharedAvailable(wc2026))('World Cup 2026 (openfootball, ../shared/data)', () => {
  const file = () => readFileSync(sharedPath(wc2026), 'utf8');
  const send = (path: string, content: string) =>
    admin.post(`/api/admin/imports/${path}`, {
      competitionId: 'world_cup_2026',
      format: 'openfootball',
      content,
    });
  let final: { id: string };
  let teamId: string;

  it('imports the schedule: 104 new fixtures', async () => {
    await competition('world_cup_2026', 'America/New_York');
    const schedule = JSON.parse(file()) as { matches: Record<string, unknown>[] };
    for (const m of schedule.matches) {
      delete m.score;
      delete m.goals1;
      delete m.goals2;
    }
    const res = await send('apply', JSON.stringify(schedule));
    expect(res.body.counts).toEqual({ new: 104, changed: 0, unchanged: 0, rejected: 0 });
    const list = await fixtures('world_cup_2026');
    expect(list).toHaveLength(104);
    final = list.find((f) => f.round === 'Final') as { id: string };
    expect(final).toMatchObject({ homeTeam: 'Spain', kickoffAt: '2026-07-19T19:00:00.000Z' });
  });

  it('a player predicts the final (X, minute 0, joker) before kick-off', async () => {
    const p = await player(t, 'Fan');
    const created = await createLeague(p, 'World Cup Friends', 'Fan FC', {
      competitionId: 'world_cup_2026',
    });
    teamId = created.teams[0]?.id ?? '';
    const saved = await p.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: final.id, outcome: 'X', firstGoalMinute: 0, joker: true }],
    });
    expect(saved.status).toBe(200);
  });

  it('imports the results: outcomes and first-goal minutes by the rules, predictions scored', async () => {
    clock = new Date('2026-07-21T12:00:00Z');
    const preview = await send('preview', file());
    expect(preview.body.counts).toEqual({ new: 0, changed: 104, unchanged: 0, rejected: 0 });
    const res = await send('apply', file());
    expect(res.body.counts).toEqual({ new: 0, changed: 104, unchanged: 0, rejected: 0 });
    const list = await fixtures('world_cup_2026');
    expect(list.every((f) => f.status === 'final')).toBe(true);
    const game = (home: string, away: string) =>
      list.find((f) => f.homeTeam === home && f.awayTeam === away);
    // The final: 0-0 after 90, Spain scored in extra time (106) → X, minute 0.
    expect(game('Spain', 'Argentina')).toMatchObject({
      homeScore: 0,
      awayScore: 0,
      firstGoalMinute: 0,
    });
    expect(game('Ghana', 'Panama')).toMatchObject({
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 90,
    }); // 90+5
    expect(game('Portugal', 'Spain')).toMatchObject({ firstGoalMinute: 90 }); // 90+1
    expect(game('Mexico', 'South Africa')).toMatchObject({ homeScore: 2, firstGoalMinute: 9 });
    // England–Argentina: 1-2 with a goal written 92 (stoppage, no extra time) → first goal 55.
    expect(game('England', 'Argentina')).toMatchObject({ awayScore: 2, firstGoalMinute: 55 });
    const points = await t.services.database.db
      .selectFrom('predictions')
      .select('points')
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    expect(points.points).toBe(8);
    const audit = (await admin.get(`/api/admin/audit?entityId=${final.id}`)).body.entries;
    expect(audit[0]).toMatchObject({ action: 'fixture.update', actor: 'import:boss@example.com' });
  });

  it('re-importing the same file changes nothing', async () => {
    clock = new Date('2026-07-22T12:00:00Z');
    const before = await fixtures('world_cup_2026');
    const audits = await auditCount();
    const res = await send('apply', file());
    expect(res.body.counts).toEqual({ new: 0, changed: 0, unchanged: 104, rejected: 0 });
    expect(await fixtures('world_cup_2026')).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe.runIf(sharedAvailable(wc2022))('World Cup 2022 (minute 90 with an offset)', () => {
  it('counts minute 90 + offset as 90 and keeps ids apart from 2026', async () => {
    await competition('world_cup_2022', 'Asia/Qatar');
    const res = await admin.post('/api/admin/imports/apply', {
      competitionId: 'world_cup_2022',
      format: 'openfootball',
      content: readFileSync(sharedPath(wc2022), 'utf8'),
    });
    expect(res.body.counts).toMatchObject({ new: 64, rejected: 0 });
    const list = await fixtures('world_cup_2022');
    const game = (home: string, away: string) =>
      list.find((f) => f.homeTeam === home && f.awayTeam === away);
    // Wales 0-2 Iran: goals at 90+8 and 90+11.
    expect(game('Wales', 'Iran')).toMatchObject({ awayScore: 2, firstGoalMinute: 90 });
    // Croatia–Brazil: 0-0 after 90, goals at 105+1 and 117 → X, minute 0.
    expect(game('Croatia', 'Brazil')).toMatchObject({
      homeScore: 0,
      awayScore: 0,
      firstGoalMinute: 0,
    });
    expect(game('Argentina', 'France')).toMatchObject({
      homeScore: 2,
      awayScore: 2,
      firstGoalMinute: 23,
    });
    expect(game('Qatar', 'Ecuador')?.kickoffAt).toBe('2022-11-20T16:00:00.000Z');
    expect(new Set(list.map((f) => f.id)).size).toBe(64);
    expect(list.some((f) => f.id === 'world_cup_1')).toBe(false);
  });
});
