import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { listen } from '../../../tests/setup/listen';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

let clock = new Date('2030-06-01T12:00:00Z');
let admin: Agent;
let leagueId: string;
const teams: Record<string, string> = {};

// Five players predict fixture rs_1 before kick-off; then the admin enters results.
const picks: [string, string, number, boolean][] = [
  ['Exact', '1', 45, false],
  ['Outcome', '1', 12, false],
  ['Minute', '2', 45, false],
  ['Nothing', 'X', 0, false],
  ['Joker', '1', 45, true],
];

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'ref@example.com' } });
beforeAll(async () => {
  await insertFixtures(t, [
    { id: 'rs_1', kickoffAt: hoursFrom(clock, 1) },
    { id: 'rs_2', kickoffAt: hoursFrom(clock, 1) },
  ]);
  admin = t.agent();
  await admin.signUp('ref@example.com', 'correct-horse-9', 'Referee');
  const owner = await player(t, 'Owner');
  const [first, ...rest] = picks;
  const created = await createLeague(owner, 'Scoring League', first?.[0] ?? 'Exact');
  leagueId = created.league.id;
  teams.Exact = created.teams[0]?.id ?? '';
  await owner.put('/api/predictions', {
    teamId: teams.Exact,
    predictions: [{ fixtureId: 'rs_1', outcome: '1', firstGoalMinute: 45 }],
  });
  for (const [name, outcome, minute, joker] of rest) {
    const p = await player(t, name);
    const joined = await p.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: name,
    });
    teams[name] = joined.body.team.id;
    const saved = await p.put('/api/predictions', {
      teamId: teams[name],
      predictions: [{ fixtureId: 'rs_1', outcome, firstGoalMinute: minute, joker }],
    });
    expect(saved.status).toBe(200);
  }
  clock = hoursFrom(clock, 3); // the match has been played
});

const pointsByTeam = async (fixtureId = 'rs_1') => {
  const rows = await t.services.database.db
    .selectFrom('predictions')
    .select(['team_id', 'points'])
    .where('fixture_id', '=', fixtureId)
    .execute();
  const byId = new Map(rows.map((r) => [r.team_id, r.points]));
  return Object.fromEntries(
    Object.entries(teams).map(([name, id]) => [name, byId.get(id) ?? null]),
  );
};

describe('scoring', () => {
  it('final 2-1 with first goal 45+2 scores 4, 1, 3, 0 and 8 (joker)', async () => {
    const res = await admin.patch('/api/admin/fixtures/rs_1', {
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: '45+2',
      status: 'final',
    });
    expect(res.status).toBe(200);
    expect(res.body.fixture).toMatchObject({
      status: 'final',
      firstGoalMinute: 45,
      minuteToBeConfirmed: false,
    });
    expect(res.body).toMatchObject({ gained: 4, total: 5 });
    expect(await pointsByTeam()).toEqual({ Exact: 4, Outcome: 1, Minute: 3, Nothing: 0, Joker: 8 });
    const table = (await t.agent().get(`/api/leagues/${leagueId}/standings`)).body.rows.map(
      (r: any) => [r.rank, r.teamName, r.points],
    );
    expect(table).toEqual([
      [1, 'Joker', 8],
      [2, 'Exact', 4],
      [3, 'Minute', 3],
      [4, 'Outcome', 1],
      [5, 'Nothing', 0],
    ]);
    const rounds = (await t.agent().get(`/api/leagues/${leagueId}/standings`)).body.rounds;
    expect(rounds.map((r: any) => [r.round, r.winners.map((w: any) => w.teamName)])).toEqual([
      ['Matchday 1', ['Joker']],
    ]);
  });

  it('re-running changes nothing', async () => {
    const before = await t.services.database.db
      .selectFrom('predictions')
      .selectAll()
      .where('fixture_id', '=', 'rs_1')
      .orderBy('team_id')
      .execute();
    const again = await admin.post('/api/admin/fixtures/rs_1/recalculate');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ gained: 4, total: 5 });
    const after = await t.services.database.db
      .selectFrom('predictions')
      .selectAll()
      .where('fixture_id', '=', 'rs_1')
      .orderBy('team_id')
      .execute();
    expect(after).toEqual(before);
  });

  it('a corrected result (1-1) re-scores; back to live clears the points', async () => {
    await admin.patch('/api/admin/fixtures/rs_1', { homeScore: 1, awayScore: 1 });
    expect(await pointsByTeam()).toEqual({ Exact: 3, Outcome: 0, Minute: 3, Nothing: 1, Joker: 6 });
    const live = await admin.patch('/api/admin/fixtures/rs_1', { status: 'live' });
    expect(live.status).toBe(200);
    expect(await pointsByTeam()).toEqual({
      Exact: null,
      Outcome: null,
      Minute: null,
      Nothing: null,
      Joker: null,
    });
  });

  it('0-0 forces minute 0', async () => {
    const res = await admin.patch('/api/admin/fixtures/rs_1', {
      homeScore: 0,
      awayScore: 0,
      firstGoalMinute: 33,
      status: 'final',
    });
    expect(res.body.fixture.firstGoalMinute).toBe(0);
    expect(await pointsByTeam()).toEqual({ Exact: 0, Outcome: 0, Minute: 0, Nothing: 4, Joker: 0 });
  });

  it('without a known minute scores outcome only, flags it, and re-scores once 45+2 is entered', async () => {
    const res = await admin.patch('/api/admin/fixtures/rs_1', {
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: null,
      status: 'final',
    });
    expect(res.body.fixture).toMatchObject({ firstGoalMinute: null, minuteToBeConfirmed: true });
    expect((await pointsByTeam()).Exact).toBe(1);
    await admin.patch('/api/admin/fixtures/rs_1', { firstGoalMinute: '45+2' });
    expect((await pointsByTeam()).Exact).toBe(4);
    const audit = await admin.get('/api/admin/audit?entityId=rs_1');
    expect(audit.body.entries.length).toBeGreaterThanOrEqual(6);
    expect(audit.body.entries[0]).toMatchObject({
      actor: 'ref@example.com',
      action: 'fixture.update',
      before: { firstGoalMinute: null },
      after: { firstGoalMinute: 45 },
    });
  });

  it('refuses what is not a result', async () => {
    expect(
      (await admin.patch('/api/admin/fixtures/rs_2', { status: 'final' })).body.error.message,
    ).toBe('Match must be "Final" and have scores entered.');
    expect((await admin.post('/api/admin/fixtures/rs_2/recalculate')).body.error).toMatchObject({
      code: 'CANNOT_CALCULATE',
      message: 'Match must be "Final" and have scores entered.',
    });
    expect(
      (
        await admin.patch('/api/admin/fixtures/rs_2', {
          homeScore: 2,
          awayScore: 0,
          firstGoalMinute: 'soon',
          status: 'final',
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin.patch('/api/admin/fixtures/rs_2', { homeScore: 1, status: 'final' })).status,
    ).toBe(400);
    expect(
      (await admin.patch('/api/admin/fixtures/rs_2', { homeScore: -1, awayScore: 0 })).status,
    ).toBe(400);
    expect((await admin.patch('/api/admin/fixtures/nope', { status: 'live' })).status).toBe(404);
    const row = await t.services.database.db
      .selectFrom('fixtures')
      .selectAll()
      .where('id', '=', 'rs_2')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'scheduled', home_score: null, away_score: null });
  });
});

describe('admin tools', () => {
  it('add a fixture (Missing Information otherwise) and a competition', async () => {
    const missing = await admin.post('/api/admin/fixtures', {
      competitionId: 'premier_league',
      round: 'Matchday 2',
      date: '2030-06-10',
      homeTeam: 'A',
      awayTeam: 'B',
    });
    expect([missing.status, missing.body.error.code, missing.body.error.message]).toEqual([
      400,
      'MISSING_INFORMATION',
      'Please fill in all required fields including match time for the new match.',
    ]);
    const created = await admin.post('/api/admin/fixtures', {
      competitionId: 'premier_league',
      round: 'Matchday 2',
      date: '2030-06-10',
      time: '20:00',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
    });
    expect(created.status).toBe(201);
    // The next free id after the built-in fixtures; the competition's season by default.
    expect(created.body.fixture).toMatchObject({
      id: 'premier_league_391',
      season: '2026-27',
      kickoffAt: '2030-06-10T19:00:00.000Z',
      timeConfirmed: true,
      roundOrder: 2,
    });
    const inSeason = await admin.post('/api/admin/fixtures', {
      competitionId: 'premier_league',
      round: 'Matchday 1',
      date: '2030-08-16',
      time: '15:00',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      season: '2030-31',
    });
    expect(inSeason.body.fixture).toMatchObject({ id: 'premier_league_392', season: '2030-31' });

    const comp = await admin.post('/api/admin/competitions', {
      id: 'summer_cup_2030',
      name: 'Summer Cup',
      route: '/summer-cup',
      kind: 'tournament',
      country: 'Europe',
      timeZone: 'Europe/Paris',
    });
    expect(comp.status).toBe(201);
    expect(
      (
        await admin.post('/api/admin/competitions', {
          id: 'summer_cup_2030',
          name: 'Again',
          route: '/summer-cup-2',
          kind: 'tournament',
          country: 'Europe',
          timeZone: 'Europe/Paris',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await admin.post('/api/admin/competitions', {
          id: 'bad_zone',
          name: 'Bad',
          route: '/bad-zone',
          kind: 'tournament',
          country: 'X',
          timeZone: 'Mars/Base',
        })
      ).status,
    ).toBe(400);
    const listed = (await t.agent().get('/api/competitions')).body.competitions.map(
      (c: { route: string }) => c.route,
    );
    expect(listed).toContain('/summer-cup');
  });

  it.each([
    ['get', '/api/admin/fixtures?competitionId=premier_league'],
    ['patch', '/api/admin/fixtures/rs_2'],
    ['post', '/api/admin/fixtures/rs_2/recalculate'],
    ['post', '/api/admin/fixtures'],
    ['post', '/api/admin/competitions'],
    ['get', '/api/admin/audit'],
    ['get', '/api/admin/competitions'],
  ] as const)('%s %s: 401 signed out, 403 for players', async (method, path) => {
    const anonymous = await t
      .agent()
      .request(method.toUpperCase(), path, method === 'get' ? undefined : { status: 'live' });
    expect(anonymous.status).toBe(401);
    const p = await player(t);
    const denied = await p.request(
      method.toUpperCase(),
      path,
      method === 'get' ? undefined : { status: 'live' },
    );
    expect([denied.status, denied.body.error.code]).toEqual([403, 'ADMIN_ONLY']);
  });
});

/** The league's event stream on a listening server; `readUntil` gives all read so far. */
const openStream = async () => {
  const server = await listen(t);
  const res = await fetch(`${server.url}/api/live/leagues/${leagueId}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    contentType: res.headers.get('content-type'),
    readUntil: async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text;
    },
    close: async () => {
      await reader.cancel();
      await server.close();
    },
  };
};

describe('live standings', () => {
  it('streams a standings event to the league page when a result is scored', async () => {
    const stream = await openStream();
    expect(stream.contentType).toContain('text/event-stream');
    await stream.readUntil('event: ready');
    await admin.patch('/api/admin/fixtures/rs_1', { homeScore: 3, awayScore: 1 });
    expect(await stream.readUntil('event: standings')).toContain('"fixtures":["rs_1"]');
    await stream.close();
  });

  it('streams a fixtures event when a kick-off moves, so open boards re-arm their deadlines', async () => {
    await insertFixtures(t, [{ id: 'rs_3', kickoffAt: hoursFrom(clock, 48) }]);
    const stream = await openStream();
    await stream.readUntil('event: ready');
    const moved = await admin.patch('/api/admin/fixtures/rs_3', {
      kickoffAt: hoursFrom(clock, 2),
    });
    expect(moved.status).toBe(200);
    const text = await stream.readUntil('event: fixtures');
    expect(text).toContain('event: fixtures\ndata: {"fixtures":["rs_3"]}');
    expect(text.match(/event: fixtures/g)).toHaveLength(1);
    expect(text).not.toContain('event: standings');
    await stream.close();
  });
});
