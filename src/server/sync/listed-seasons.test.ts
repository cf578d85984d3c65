import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  championsLeague,
  championsLeagueSeason,
  seasonFromOpenFootball,
  startEspnSeasonServer,
  type EspnSeasonServer,
  type SeasonMatch,
} from '../../../tests/setup/espn-season';
import { createLeague, player } from '../../../tests/setup/leagues';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { createTestApp, type Agent, type TestApp } from '../../../tests/setup/test-app';
import { zonedLocalToUtc } from '../../domain/kickoff';
import type { SyncRunSummary } from '../../domain/openfootball';
import { runReminders } from '../reminders/service';

// Issue 50: where openfootball has no file for a competition's season, ESPN's month-by-month
// list creates it — La Liga 2 from its real 2025-26 list moved a year, the Champions League
// from 2024-25's moved two (placeholders filled later, two-legged ties), League One's built-in
// season removed and listed again — each on a served stand-in of ESPN's scoreboard.
const available = sharedAvailable('data/football.json') && sharedAvailable('data/live');
const start = new Date('2026-12-02T12:00:00.000Z');
let now = start;
let t: TestApp;
let admin: Agent;
let fan: Agent;
let espn: EspnSeasonServer;

const europe = (year: number, name: string) => ({
  year,
  displayName: `${year}-${String((year + 1) % 100).padStart(2, '0')} ${name}`,
  startDate: `${year}-07-01T04:00Z`,
  endDate: `${year + 1}-07-01T03:59Z`,
});

const laLiga2 = () =>
  seasonFromOpenFootball('2025-26/es.2.json', {
    years: 1,
    timeZone: 'Europe/Madrid',
    firstId: 770000,
  });

/** League One as ESPN listed it on 9 August 2026 (ids, dates, teams), at 15:00 UK time. */
const leagueOne = (): SeasonMatch[] => {
  const file = JSON.parse(
    readFileSync(
      sharedPath('data/live/espn-derived/schedules_2026-27_read2026-08-09.json'),
      'utf8',
    ),
  ) as {
    divisions: Record<
      string,
      { fixtures: { date: string; home: string; away: string; espnEventId: string }[] }
    >;
  };
  return (file.divisions['eng.3']?.fixtures ?? []).map((f) => ({
    id: f.espnEventId,
    kickoffAt: zonedLocalToUtc(f.date, '15:00', 'Europe/London').toISOString(),
    home: f.home,
    away: f.away,
  }));
};

/** A double round robin of six clubs, a round a week from `first` (the circle method). */
const roundRobin = (clubs: string[], first: string, firstId: number): SeasonMatch[] => {
  const list = [...clubs];
  const half = list.length / 2;
  const rounds: [string, string][][] = [];
  for (let r = 0; r < list.length - 1; r += 1) {
    rounds.push(
      Array.from({ length: half }, (_, i) => [
        list[i] as string,
        list[list.length - 1 - i] as string,
      ]),
    );
    list.splice(1, 0, list.pop() as string);
  }
  const both = [...rounds, ...rounds.map((r) => r.map(([h, a]) => [a, h] as [string, string]))];
  return both.flatMap((round, r) =>
    round.map(([home, away], i) => ({
      id: String(firstId + r * half + i),
      kickoffAt: new Date(Date.parse(first) + r * 7 * 86_400_000 + i * 3_600_000).toISOString(),
      home,
      away,
    })),
  );
};
const mlsClubs = [
  'Inter Miami CF',
  'LA Galaxy',
  'Seattle Sounders FC',
  'Columbus Crew',
  'FC Cincinnati',
  'Austin FC',
];

beforeAll(async () => {
  if (!available) return;
  espn = await startEspnSeasonServer();
  // MLS: the 2026 season is over in December; ESPN names 2027 (February–May) from January.
  espn.setLeague('usa.1', {
    seasons: [
      {
        year: 2026,
        displayName: '2026 MLS',
        startDate: '2026-01-01T10:00Z',
        endDate: '2026-12-31T04:59Z',
      },
      {
        year: 2027,
        displayName: '2027 MLS',
        startDate: '2027-01-01T10:00Z',
        endDate: '2027-06-30T03:59Z',
      },
    ],
    matches: [
      ...roundRobin(mlsClubs, '2026-03-07T23:30:00.000Z', 790000),
      ...roundRobin(mlsClubs, '2027-02-27T23:30:00.000Z', 791000),
    ],
  });
  espn.setLeague('esp.2', { seasons: [europe(2026, 'Spanish LALIGA 2')], matches: laLiga2() });
  espn.setLeague('uefa.champions', {
    seasons: [championsLeagueSeason],
    matches: championsLeague(),
  });
  espn.setLeague('eng.3', {
    seasons: [europe(2026, 'English League One')],
    matches: leagueOne(),
  });
  t = await createTestApp({
    now: () => now,
    env: {
      ADMIN_EMAILS: 'ops@example.com',
      ESPN_URL: espn.url,
      // openfootball's host answers 404 for these seasons' files.
      OPENFOOTBALL_URL: espn.url,
      LIVE_SOURCES: 'espn',
    },
  });
  admin = t.agent();
  await admin.signUp('ops@example.com', 'correct-horse-9', 'Ops');
  fan = await player(t, 'Fan');
});
afterAll(async () => {
  await t?.close();
  await espn?.close();
});

interface PageFixture {
  id: string;
  round: string;
  kickoffAt: string;
  timeConfirmed: boolean;
  homeTeam: string;
  awayTeam: string;
  status: string;
  locked: boolean;
  tbd: boolean;
  leg: 1 | 2 | null;
  homeScore: number | null;
  firstGoalMinute: number | null;
}
const fixturesOf = async (competitionId: string) =>
  (await fan.get(`/api/competitions/${competitionId}/fixtures`)).body as {
    season: string | null;
    fixtures: PageFixture[];
  };

const sync = async (competitionId: string) => {
  const res = await admin.post<SyncRunSummary>('/api/admin/sync', { competitionId });
  expect(res.status).toBe(200);
  const entries = res.body.competitions.filter((c) => c.competitionId === competitionId);
  // One entry per competition: ESPN's, which took over from openfootball's 404.
  expect(entries).toHaveLength(1);
  return entries[0];
};

describe.runIf(available)('seasons ESPN lists, created where openfootball has none', () => {
  it('La Liga 2: its 2026-27 season created, month by month, paired by event id', async () => {
    // Before it has fixtures the current season is the one containing today, empty — never
    // last season's as finished — and the card says where its fixtures will come from.
    expect(await fixturesOf('la_liga2_2025')).toMatchObject({ season: '2026-27', fixtures: [] });
    const card = (
      await fan.get<{ competitions: { id: string; state: string; fixtureSource: unknown }[] }>(
        '/api/competitions',
      )
    ).body.competitions.find((c) => c.id === 'la_liga2_2025');
    expect(card).toMatchObject({
      state: 'to_be_announced',
      fixtureSource: { name: 'ESPN', lastReadAt: null, reachable: null },
    });
    const before = espn.requests.length;
    const entry = await sync('la_liga2_2025');
    expect(entry).toMatchObject({
      source: 'espn',
      code: 'esp.2',
      season: '2026-27',
      outcome: 'applied',
      counts: { new: 462, rejected: 0, unlisted: 0 },
    });
    const asked = espn.requests.slice(before).filter((r) => r.includes('/esp.2/'));
    // One request per month of the season (July–June), each a month with limit=500.
    const months = new Set(asked.map((r) => /dates=(\d{6})&limit=500$/.exec(r)?.[1]));
    expect([...months].sort()).toEqual([
      '202607',
      '202608',
      '202609',
      '202610',
      '202611',
      '202612',
      '202701',
      '202702',
      '202703',
      '202704',
      '202705',
      '202706',
    ]);
    // openfootball was asked for the season ESPN named, and answered 404.
    expect(espn.requests.some((r) => r === '/2026-27/es.2.json')).toBe(true);

    const { season, fixtures } = await fixturesOf('la_liga2_2025');
    expect(season).toBe('2026-27');
    expect(fixtures).toHaveLength(462);
    const rounds = new Map<string, number>();
    for (const f of fixtures) rounds.set(f.round, (rounds.get(f.round) ?? 0) + 1);
    expect(rounds.size).toBe(42);
    expect([...rounds.values()].every((n) => n === 11)).toBe(true);
    const links = await t.services.database.db
      .selectFrom('live_links')
      .innerJoin('fixtures', 'fixtures.id', 'live_links.fixture_id')
      .select(['live_links.match_id', 'fixtures.id'])
      .where('fixtures.competition_id', '=', 'la_liga2_2025')
      .where('fixtures.season', '=', '2026-27')
      .execute();
    expect(links).toHaveLength(462);
    expect(fixtures.every((f) => /^la_liga2_\d+$/.test(f.id))).toBe(true);

    // Read again: nothing new, nothing doubled.
    expect(await sync('la_liga2_2025')).toMatchObject({ counts: { new: 0, changed: 0 } });
    expect((await fixturesOf('la_liga2_2025')).fixtures).toHaveLength(462);
  });

  it('La Liga 2: the page opens at its current round, picks save, ESPN’s result scores with its minute', async () => {
    const created = await createLeague(fan, 'Segunda', 'Fan FC', {
      competitionId: 'la_liga2_2025',
    });
    const teamId = created.teams[0]?.id;
    const { fixtures } = await fixturesOf('la_liga2_2025');
    const open = fixtures.filter((f) => !f.locked);
    const next = open[0];
    if (!next) throw new Error('no open La Liga 2 fixture');
    expect(Date.parse(next.kickoffAt)).toBeGreaterThan(now.getTime());
    const saved = await fan.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: next.id, outcome: '1', firstGoalMinute: 23 }],
    });
    expect(saved.body).toMatchObject({ saved: [next.id] });

    // Full time: ESPN says 2-1, the first goal at 23'.
    const [link] = await t.services.database.db
      .selectFrom('live_links')
      .select('match_id')
      .where('fixture_id', '=', next.id)
      .execute();
    const match = laLiga2().find((m) => m.id === link?.match_id);
    if (!match) throw new Error('the fixture’s ESPN event is not served');
    espn.updateMatches('esp.2', [
      {
        ...match,
        state: 'post',
        score: [2, 1],
        goals: [
          { clock: "23'", home: true },
          { clock: "51'", home: false },
          { clock: "90'+3'", home: true },
        ],
      },
    ]);
    now = new Date(Date.parse(next.kickoffAt) + 2 * 3_600_000);
    await sync('la_liga2_2025');
    // ESPN alone confirms a full time after 10 minutes of saying it.
    now = new Date(now.getTime() + 11 * 60_000);
    await sync('la_liga2_2025');
    const after = (await fixturesOf('la_liga2_2025')).fixtures.find((f) => f.id === next.id);
    expect(after).toMatchObject({ status: 'final', homeScore: 2, firstGoalMinute: 23 });
    const pick = await t.services.database.db
      .selectFrom('predictions')
      .select(['points'])
      .where('fixture_id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(pick.points).toBe(4);
    now = start;
  });

  it('a fixture ESPN stops listing stays, flagged in the overview', async () => {
    const [gone] = laLiga2().slice(-1);
    if (!gone) throw new Error('no match');
    espn.removeMatches('esp.2', [gone.id]);
    const entry = await sync('la_liga2_2025');
    expect(entry?.counts).toMatchObject({ new: 0, unlisted: 1 });
    expect((await fixturesOf('la_liga2_2025')).fixtures).toHaveLength(462);
    const overview = await admin.get<{
      competitions: {
        competitionId: string;
        source?: string;
        lastRun: { counts: { unlisted?: number } | null } | null;
      }[];
    }>('/api/admin/sync');
    const row = overview.body.competitions.find(
      (c) => c.competitionId === 'la_liga2_2025' && c.source === 'espn',
    );
    expect(row?.lastRun?.counts?.unlisted).toBe(1);
    espn.updateMatches('esp.2', [gone]);
  });

  it('an answer holding 500 events is taken as cut short: a warning, what we have kept', async () => {
    espn.cutShort('esp.2', '202612');
    const entry = await sync('la_liga2_2025');
    expect(entry).toMatchObject({ outcome: 'applied', counts: { unlisted: 0 } });
    expect(entry?.error).toContain('202612');
    expect(
      t.logs().some((l) => String(l.msg).includes('held its limit of matches') && l.level === 40),
    ).toBe(true);
    expect((await fixturesOf('la_liga2_2025')).fixtures).toHaveLength(462);
  });

  it('the Champions League: league phase, knockout slots to be determined, filled later by the same event', async () => {
    const entry = await sync('uefa_champions_league');
    expect(entry).toMatchObject({ source: 'espn', outcome: 'applied', counts: { new: 189 } });
    const { season, fixtures } = await fixturesOf('uefa_champions_league');
    expect(season).toBe('2026-27');
    const rounds = new Map<string, number>();
    for (const f of fixtures) rounds.set(f.round, (rounds.get(f.round) ?? 0) + 1);
    expect(Object.fromEntries(rounds)).toEqual({
      ...Object.fromEntries(
        Array.from({ length: 8 }, (_, i) => [`League phase - Matchday ${i + 1}`, 18]),
      ),
      'Knockout round play-offs': 16,
      'Round of 16': 16,
      Quarterfinals: 8,
      Semifinals: 4,
      Final: 1,
    });
    const slots = fixtures.filter((f) => f.tbd);
    expect(slots).toHaveLength(45);
    const created = await createLeague(fan, 'Tuesday Nights', 'Fan FC', {
      competitionId: 'uefa_champions_league',
    });
    const teamId = created.teams[0]?.id;
    const slot = fixtures.find((f) => f.round === 'Knockout round play-offs');
    if (!slot) throw new Error('no play-off');
    const refused = await fan.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: slot.id, outcome: '1', firstGoalMinute: 10 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'TBD_FIXTURE' } });

    // The draw: ESPN puts the clubs into the same events, a tie over two legs.
    const served = championsLeague().filter((m) => m.stage === 'knockout-round-playoffs');
    const [first, second] = [served[0], served.find((m, i) => i > 0)];
    if (!first || !second) throw new Error('no play-off events');
    espn.updateMatches('uefa.champions', [
      { ...first, tbd: false, home: 'Stade Brestois 29', away: 'Paris Saint-Germain FC' },
      { ...second, tbd: false, home: 'Paris Saint-Germain FC', away: 'Stade Brestois 29' },
    ]);
    const again = await sync('uefa_champions_league');
    expect(again?.counts).toMatchObject({ new: 0, changed: 2 });
    const after = (await fixturesOf('uefa_champions_league')).fixtures;
    const legs = after.filter(
      (f) =>
        f.round === 'Knockout round play-offs' &&
        f.homeTeam.includes('Brest') !== f.awayTeam.includes('Brest'),
    );
    expect(legs.map((f) => [f.tbd, f.leg])).toEqual([
      [false, 1],
      [false, 2],
    ]);
    const opened = await fan.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: legs[0]?.id, outcome: '2', firstGoalMinute: 10 }],
    });
    expect(opened.body).toMatchObject({ saved: [legs[0]?.id] });
  });

  it('a slot filled by the draw reaches the players’ hub, reminders and calendar; the others stay out', async () => {
    const { fixtures } = await fixturesOf('uefa_champions_league');
    const playoffs = fixtures.filter((f) => f.round === 'Knockout round play-offs');
    const filled = playoffs.filter((f) => !f.tbd);
    expect(filled).toHaveLength(2);
    expect((await fan.put('/api/reminders', { enabled: true })).status).toBe(200);
    const calendar = await fan.post('/api/calendar');
    expect(calendar.status).toBe(201);
    // A day before the play-offs' first kick-off: the league phase is over.
    const firstKickoff = Math.min(...playoffs.map((f) => Date.parse(f.kickoffAt)));
    now = new Date(firstKickoff - 20 * 3_600_000);
    try {
      const hub = (await fan.get('/api/leagues/hub')).body as {
        teams: {
          competitionId: string;
          nextRound: { round: string; open: number; missing: number } | null;
        }[];
      };
      // Only the filled legs are open: the 14 slots still to be drawn are not counted.
      const cl = hub.teams.find((team) => team.competitionId === 'uefa_champions_league');
      expect(cl?.nextRound).toMatchObject({
        round: 'Knockout round play-offs',
        open: 2,
        missing: 1,
      });
      const feed = await t.agent().get<string>(new URL(calendar.body.url as string).pathname);
      expect(feed.status).toBe(200);
      expect(feed.body).toContain('Stade Brestois 29');
      // The slots still to be drawn are not in the calendar.
      expect(feed.body).not.toMatch(/Winner|Loser/);
      await runReminders(t.services, now);
      const mails = await t.services.database.db
        .selectFrom('outbox')
        .select(['text_body'])
        .where('kind', '=', 'reminder')
        .execute();
      const text = mails.map((m) => m.text_body).join('\n');
      // The leg not predicted yet is in the reminder; no slot's placeholder names are.
      expect(text).toContain('Paris Saint-Germain FC');
      expect(text).not.toMatch(/Winner|Loser|TBD/);
    } finally {
      now = start;
    }
  });

  it('MLS: ESPN names the season (2027 once 2026 is over), and openfootball is asked for that one', async () => {
    const entry = await sync('mls_2025');
    expect(entry).toMatchObject({
      source: 'espn',
      code: 'usa.1',
      season: '2027',
      outcome: 'applied',
      counts: { new: 30 },
    });
    expect(espn.requests).toContain('/2027/mls.json');
    const { season, fixtures } = await fixturesOf('mls_2025');
    expect(season).toBe('2027');
    expect(fixtures).toHaveLength(30);
    expect(new Set(fixtures.map((f) => f.round)).size).toBe(10);
  });

  it('League One with its built-in season removed gets its 552 back, with their ESPN ids', async () => {
    const db = t.services.database.db;
    await db
      .deleteFrom('fixtures')
      .where('competition_id', '=', 'efl_league_one_2025')
      .where('season', '=', '2026-27')
      .execute();
    const entry = await sync('efl_league_one_2025');
    expect(entry).toMatchObject({ source: 'espn', outcome: 'applied', counts: { new: 552 } });
    const { fixtures } = await fixturesOf('efl_league_one_2025');
    expect(fixtures).toHaveLength(552);
    expect(new Set(fixtures.map((f) => f.round)).size).toBe(46);
    expect(fixtures.every((f) => f.timeConfirmed)).toBe(true);
  });
});
