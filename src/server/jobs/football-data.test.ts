import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../tests/setup/fake-clock';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';
import { createRateLimiter } from './rate-limiter';
import { syncResults } from './results-sync';

let clock = new Date('2030-09-01T12:00:00Z');
const kickoff = hoursFrom(clock, 2);
let server: Server;
let url: string;
const requests: { path: string; headers: IncomingHttpHeaders; at: number }[] = [];
let limiterClock = fakeClock();
const teams: Record<string, string> = {};

const team = (id: number, name: string, shortName: string) => ({
  id,
  name,
  shortName,
  tla: shortName.slice(0, 3).toUpperCase(),
  crest: '',
});
// Written by hand in football-data.org's documented v4 shape.
const match = (
  id: number,
  status: string,
  home: ReturnType<typeof team>,
  away: ReturnType<typeof team>,
  score: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  area: { id: 2072, name: 'England', code: 'ENG' },
  competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE' },
  season: { id: 2400, startDate: '2030-08-10', endDate: '2031-05-25', currentMatchday: 4 },
  id,
  utcDate: kickoff.toISOString().replace('.000', ''),
  status,
  matchday: 4,
  stage: 'REGULAR_SEASON',
  group: null,
  lastUpdated: '2030-09-01T16:00:00Z',
  homeTeam: home,
  awayTeam: away,
  score: {
    winner: null,
    duration: 'REGULAR',
    fullTime: { home: null, away: null },
    halfTime: { home: null, away: null },
    ...score,
  },
  odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
  referees: [],
  ...extra,
});
let answer: unknown[] = [];

const t = appPerFile({ now: () => clock });
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers, at: limiterClock.now() });
    const body = req.url?.startsWith('/v4/competitions/PL/matches?season=2030')
      ? {
          filters: { season: '2030' },
          resultSet: { count: answer.length },
          competition: { code: 'PL' },
          matches: answer,
        }
      : { matches: [] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await insertFixtures(t, [
    { id: 'fd_t_1', kickoffAt: kickoff, home: 'Arsenal', away: 'Chelsea', season: '2030-31' },
    { id: 'fd_t_2', kickoffAt: kickoff, home: 'Liverpool', away: 'Everton', season: '2030-31' },
    {
      id: 'fd_t_3',
      kickoffAt: kickoff,
      home: 'Atlético Madrid',
      away: 'Real Madrid',
      season: '2030-31',
    },
    // The same pairing in the next season, already loaded: never matched by this season's sync.
    {
      id: 'fd_t_next',
      kickoffAt: hoursFrom(clock, 24 * 365),
      home: 'Arsenal',
      away: 'Chelsea',
      season: '2031-32',
    },
  ]);
  const owner = await player(t, 'Owner');
  const created = await createLeague(owner, 'Sync League', 'Syncers');
  teams.Syncers = created.teams[0]?.id ?? '';
  const saved = await owner.put('/api/predictions', {
    teamId: teams.Syncers,
    predictions: [
      { fixtureId: 'fd_t_1', outcome: '1', firstGoalMinute: 10 },
      { fixtureId: 'fd_t_3', outcome: 'X', firstGoalMinute: 30 },
    ],
  });
  expect(saved.status).toBe(200);
  clock = hoursFrom(clock, 5);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const sync = (
  competitions = [{ competitionId: 'premier_league', code: 'PL', season: '2030-31' }],
) => {
  limiterClock = fakeClock();
  return syncResults(t.services, {
    url,
    env: { FOOTBALL_DATA_TOKEN: 'secret-token' },
    competitions,
    clock: limiterClock,
    now: () => clock,
  });
};
const fixture = (id: string) =>
  t.services.database.db
    .selectFrom('fixtures')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const points = async (fixtureId: string) =>
  (
    await t.services.database.db
      .selectFrom('predictions')
      .select('points')
      .where('fixture_id', '=', fixtureId)
      .executeTakeFirstOrThrow()
  ).points;

describe('football-data sync', () => {
  it('a FINISHED match is final and scores predictions; IN_PLAY becomes live; extra time is an X', async () => {
    answer = [
      match(
        1001,
        'FINISHED',
        team(57, 'Arsenal FC', 'Arsenal'),
        team(61, 'Chelsea FC', 'Chelsea'),
        { winner: 'HOME_TEAM', fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } },
      ),
      match(
        1002,
        'IN_PLAY',
        team(64, 'Liverpool FC', 'Liverpool'),
        team(62, 'Everton FC', 'Everton'),
        { fullTime: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } },
      ),
      match(
        1003,
        'FINISHED',
        team(78, 'Club Atlético de Madrid', 'Atleti'),
        team(86, 'Real Madrid CF', 'Real Madrid'),
        {
          winner: 'HOME_TEAM',
          duration: 'EXTRA_TIME',
          fullTime: { home: 2, away: 1 },
          halfTime: { home: 1, away: 0 },
          regularTime: { home: 1, away: 1 },
          extraTime: { home: 1, away: 0 },
        },
        {
          goals: [
            { minute: 105, injuryTime: null, type: 'REGULAR' },
            { minute: 30, injuryTime: null, type: 'REGULAR' },
            { minute: 90, injuryTime: 3, type: 'PENALTY' },
          ],
        },
      ),
    ];
    const summary = await sync();
    expect(await fixture('fd_t_next')).toMatchObject({ status: 'scheduled' });
    expect(summary).toMatchObject({
      competitions: 1,
      matches: 3,
      matched: 3,
      changed: 3,
      failed: [],
    });
    expect(await fixture('fd_t_1')).toMatchObject({
      status: 'final',
      home_score: 2,
      away_score: 1,
      first_goal_minute: null,
    });
    // The pairing is remembered like every source's.
    expect(
      await t.services.database.db
        .selectFrom('live_links')
        .select('fixture_id')
        .where('source', '=', 'football-data')
        .where('match_id', '=', '1001')
        .executeTakeFirst(),
    ).toEqual({ fixture_id: 'fd_t_1' });
    expect(await points('fd_t_1')).toBe(1); // outcome only: free plans have no goal minutes
    expect(await fixture('fd_t_2')).toMatchObject({ status: 'live', home_score: 1, away_score: 0 });
    expect(await fixture('fd_t_3')).toMatchObject({
      status: 'final',
      home_score: 1,
      away_score: 1,
      first_goal_minute: 30,
    });
    expect(await points('fd_t_3')).toBe(4);
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('actor_label')
      .where('entity_id', '=', 'fd_t_1')
      .execute();
    expect(audit.map((a) => a.actor_label)).toEqual(['football-data']);
  });

  it('sends the X-Auth-Token header and asks for the season', async () => {
    expect(requests[0]?.path).toBe('/v4/competitions/PL/matches?season=2030');
    expect(requests[0]?.headers['x-auth-token']).toBe('secret-token');
    // Counted like every source's request (the admins' overview shows them).
    const counted = await t.services.database.db
      .selectFrom('live_requests')
      .select('requests')
      .where('source', '=', 'football-data')
      .execute();
    expect(counted.reduce((n, r) => n + Number(r.requests), 0)).toBeGreaterThan(0);
  });

  it('syncing the same answer again changes nothing', async () => {
    const count = async () =>
      (await t.services.database.db.selectFrom('audit_log').select('id').execute()).length;
    const before = await count();
    expect((await sync()).changed).toBe(0);
    expect(await count()).toBe(before);
  });

  it('11 competitions in one run never exceed 10 requests a minute', async () => {
    requests.length = 0;
    const codes = ['PL', 'ELC', 'BL1', 'PD', 'SA', 'FL1', 'DED', 'PPL', 'BSA', 'CL', 'WC'];
    const summary = await sync(
      codes.map((code) => ({ competitionId: 'premier_league', code, season: '2030-31' })),
    );
    expect(summary.competitions).toBe(11);
    expect(requests).toHaveLength(11);
    for (const r of requests)
      expect(
        requests.filter((o) => o.at >= r.at && o.at < r.at + 60_000).length,
      ).toBeLessThanOrEqual(10);
    expect(requests[10]?.at).toBe(60_000);
  });

  it('a failing competition is logged and the others still sync', async () => {
    const limiter = createRateLimiter(10, 60_000, fakeClock());
    const summary = await syncResults(t.services, {
      url: 'http://127.0.0.1:1',
      env: { FOOTBALL_DATA_TOKEN: 'x' },
      limiter,
      competitions: [{ competitionId: 'premier_league', code: 'PL', season: '2030-31' }],
    });
    expect(summary.failed).toEqual(['PL']);
  });
});
