import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { espnClock, espnDatesFor, readEspnEvent, readEspnScoreboard } from '../../domain/live/espn';
import {
  openLigaDbMinute,
  readOpenLigaDbMatches,
  openLigaDbSeason,
} from '../../domain/live/openligadb';
import { estimatedClock, type LiveReport } from '../../domain/live/report';
import { pairMatch, teamLikeness } from '../../domain/live/team-match';

const live = 'data/live';
const read = (file: string): unknown =>
  JSON.parse(readFileSync(sharedPath(`${live}/${file}`), 'utf8'));
const byHome = (reports: LiveReport[], home: string, kickoffAt?: string) => {
  const found = reports.find(
    (r) => r.home[0] === home && (kickoffAt === undefined || r.kickoffAt === kickoffAt),
  );
  if (!found) throw new Error(`no match with home team ${home}`);
  return found;
};

describe.runIf(sharedAvailable(live))('ESPN scoreboard (recorded answers)', () => {
  it('reads the finished weekend of 21 March 2026 with regular-time scores and first goals', () => {
    const reports = readEspnScoreboard(read('espn/soccer-all_scoreboard_2026-03-21.json'));
    expect(reports).toHaveLength(50);
    expect(byHome(reports, 'Brighton & Hove Albion')).toMatchObject({
      source: 'espn',
      matchId: '740898',
      kickoffAt: '2026-03-21T12:45:00.000Z',
      state: 'finished',
      clock: null,
      score: { home: 2, away: 1 },
      firstGoal: { kind: 'minute', minute: 14, ambiguous: false },
    });
    expect(byHome(reports, 'Leeds United')).toMatchObject({
      score: { home: 0, away: 0 },
      firstGoal: { kind: 'none' },
    });
    // A postponed match: no score, whatever the answer's 0-0 says.
    expect(byHome(reports, 'Manchester City')).toMatchObject({ state: 'postponed', score: null });
    // An own goal counts for the team it was scored for; '45'+6'' counts 45.
    expect(byHome(reports, 'Hull City')).toMatchObject({ score: { home: 3, away: 1 } });
    const finished = reports.filter((r) => r.state === 'finished');
    expect(finished).toHaveLength(49);
    expect(finished.every((r) => r.firstGoal.kind !== 'unknown')).toBe(true);
  });

  it('reads stoppage-time first goals as 45 or 90', () => {
    const reports = readEspnScoreboard(read('espn/soccer-all_scoreboard_2026-03-21.json'));
    const minutes = reports.flatMap((r) =>
      r.firstGoal.kind === 'minute' ? [r.firstGoal.minute] : [],
    );
    expect(minutes.every((m) => Number.isInteger(m) && m >= 1 && m <= 90)).toBe(true);
  });

  it('reads matches in play: score, clock, and a first goal only when every goal is listed', () => {
    const reports = readEspnScoreboard(read('espn/usa.1_scoreboard_2022-09-17_live.json'));
    expect(byHome(reports, 'Orlando City SC')).toMatchObject({
      state: 'live',
      clock: "57'",
      score: { home: 3, away: 0 },
      firstGoal: { kind: 'minute', minute: 9 },
    });
    expect(byHome(reports, 'Sporting Kansas City')).toMatchObject({
      state: 'live',
      clock: "13'",
      score: { home: 0, away: 0 },
      firstGoal: { kind: 'none' },
    });
    expect(byHome(reports, 'Austin FC')).toMatchObject({
      state: 'scheduled',
      clock: null,
      score: null,
    });
  });

  it('counts the regular time of a final decided on penalties (the 2022 World Cup final)', () => {
    const all = read('espn/composite_events_incl_fifa.world_2022_final.json') as {
      events: { id: string }[];
    };
    const final = all.events.find((e) => e.id === '633850');
    expect(readEspnEvent(final)).toMatchObject({
      state: 'finished',
      home: ['Argentina'],
      score: { home: 2, away: 2 },
      firstGoal: { kind: 'minute', minute: 23 },
    });
  });

  it('reads nothing from an answer of another shape, and skips odd events', () => {
    expect(readEspnScoreboard('<html>')).toEqual([]);
    expect(readEspnScoreboard({ events: [{ id: 1 }, null] })).toEqual([]);
  });
});

describe('ESPN clocks and dates', () => {
  it('reads the ways ESPN writes a goal time', () => {
    expect(espnClock("14'")).toEqual([14, 0]);
    expect(espnClock("45'+7'")).toEqual([45, 7]);
    expect(espnClock("90'+5'")).toEqual([90, 5]);
    expect(espnClock("108'")).toEqual([108, 0]);
    expect(espnClock('HT')).toBeNull();
  });

  it('asks for the US Eastern date of each kick-off, across the change of summer time', () => {
    expect(
      espnDatesFor([
        '2026-03-21T20:00:00Z', // 16:00 in New York
        '2026-03-22T02:30:00Z', // still the 21st in New York
        '2026-03-22T12:00:00Z',
        '2026-11-01T03:30:00Z', // 23:30 on 31 October (EDT until 06:00 UTC)
        '2026-11-02T04:30:00Z', // 23:30 on 1 November (EST)
      ]),
    ).toEqual(['20260321', '20260322', '20261031', '20261101']);
  });
});

describe.runIf(sharedAvailable(live))('OpenLigaDB (recorded answers)', () => {
  it('finds the first goal by the score it made, not by its place in the list', () => {
    const season = read('openligadb/bl1_2023_season_rec2024-04-05T22-07.json') as unknown[];
    const reports = readOpenLigaDbMatches(season, new Date('2024-04-05T20:07:00Z'));
    expect(reports).toHaveLength(306);
    const opening = byHome(reports, 'Werder Bremen');
    expect(opening).toMatchObject({
      state: 'finished',
      kickoffAt: '2023-08-18T18:30:00.000Z',
      score: { home: 0, away: 4 },
      firstGoal: { kind: 'minute', minute: 4 },
    });
    // Every finished match with goals names a first goal with a minute of 1–90.
    for (const r of reports.filter((x) => x.state === 'finished' && x.score)) {
      if (r.score && r.score.home + r.score.away === 0) expect(r.firstGoal.kind).toBe('none');
      else if (r.firstGoal.kind === 'minute') expect(r.firstGoal.minute).toBeLessThanOrEqual(90);
    }
  });

  it('keeps a match that ended but is not flagged finished live, with an estimated clock', () => {
    const season = read('openligadb/bl1_2023_season_rec2024-04-05T22-07.json') as unknown[];
    const reports = readOpenLigaDbMatches(season, new Date('2024-04-05T20:07:00Z'));
    const open = reports.filter((r) => r.state !== 'finished' && r.state !== 'scheduled');
    expect(open.map((r) => `${r.home[0]}–${r.away[0]}`)).toEqual([
      'Eintracht Frankfurt–Werder Bremen',
    ]);
    expect(open[0]).toMatchObject({
      clock: "81'",
      score: { home: 1, away: 1 },
      firstGoal: { kind: 'minute', minute: 62 },
    });
  });

  it('reads goals typed in without a minute during play: score known, minute unknown', () => {
    const season = read('openligadb/bl2_2023_season_rec2024-03-30T13-32_live.json') as unknown[];
    const reports = readOpenLigaDbMatches(season, new Date('2024-03-30T12:32:00Z'));
    expect(byHome(reports, 'Holstein Kiel', '2024-03-30T12:00:00.000Z')).toMatchObject({
      state: 'live',
      clock: "33'",
      score: { home: 1, away: 0 },
      firstGoal: { kind: 'unknown' },
    });
  });

  it('reads the old host (PascalCase) like the current one', () => {
    const now = new Date('2024-01-01T00:00:00Z');
    const pascal = readOpenLigaDbMatches(read('openligadb/bl1_2020_md03_PascalCase.json'), now);
    const camel = readOpenLigaDbMatches(read('openligadb/bl1_2020_md03_camelCase.json'), now);
    expect(pascal.length).toBeGreaterThan(0);
    expect(pascal.map((r) => [r.matchId, r.score, r.firstGoal])).toEqual(
      camel.map((r) => [r.matchId, r.score, r.firstGoal]),
    );
  });

  it('leaves the minute unknown when goals carry none (EURO 2020)', () => {
    const reports = readOpenLigaDbMatches(
      read('openligadb/uefa-em-2020_2020_md01.json'),
      new Date('2022-01-01T00:00:00Z'),
    );
    expect(reports.some((r) => r.firstGoal.kind === 'unknown')).toBe(true);
  });
});

describe('OpenLigaDB minutes', () => {
  const goal = (matchMinute: number | null, isOvertime = false, comment: string | null = null) =>
    openLigaDbMinute({ scoreTeam1: 1, scoreTeam2: 0, matchMinute, isOvertime, comment });

  it('writes stoppage time four ways, all 45 or 90', () => {
    expect(goal(90, true, '+7')).toEqual({ minute: 90, ambiguous: false });
    expect(goal(93)).toEqual({ minute: 90, ambiguous: false });
    expect(goal(45, true, '+1')).toEqual({ minute: 45, ambiguous: false });
    expect(goal(94, true)).toEqual({ minute: 90, ambiguous: false });
  });

  it('flags a second-half minute marked overtime as ambiguous (it may be 45+N)', () => {
    expect(goal(50, true)).toEqual({ minute: 50, ambiguous: true });
    expect(goal(50)).toEqual({ minute: 50, ambiguous: false });
  });

  it('has no minute for a goal typed without one or in extra time', () => {
    expect(goal(null)).toBeNull();
    expect(goal(112)).toBeNull();
  });

  it('names a season by its start year', () => {
    expect(openLigaDbSeason('2026-27')).toBe(2026);
    expect(openLigaDbSeason('2026')).toBe(2026);
    expect(openLigaDbSeason('')).toBeNull();
  });
});

describe('estimated clock', () => {
  const at = (minutes: number) =>
    estimatedClock('2026-01-01T15:00:00Z', new Date(Date.UTC(2026, 0, 1, 15, minutes)));
  it('counts minutes, a half-time and stoppage', () => {
    expect(at(-5)).toBeNull();
    expect(at(0)).toBe("1'");
    expect(at(44)).toBe("45'");
    expect(at(46)).toBe("45'+");
    expect(at(50)).toBe('HT');
    expect(at(62)).toBe("46'");
    expect(at(106)).toBe("90'");
    expect(at(140)).toBe("90'+");
  });
});

describe('pairing a source match with our fixture', () => {
  const fixtures = [
    {
      id: 'b1',
      kickoffAt: '2026-03-21T14:30:00Z',
      homeTeam: '1. FC Köln',
      awayTeam: 'Borussia Mönchengladbach',
    },
    {
      id: 'b2',
      kickoffAt: '2026-03-21T14:30:00Z',
      homeTeam: 'FC Bayern München',
      awayTeam: '1. FC Union Berlin',
    },
    {
      id: 'b3',
      kickoffAt: '2026-03-21T17:30:00Z',
      homeTeam: 'Borussia Dortmund',
      awayTeam: 'Hamburger SV',
    },
    {
      id: 'b4',
      kickoffAt: '2026-03-21T14:30:00Z',
      homeTeam: '1. FC Heidenheim 1846',
      awayTeam: 'Bayer 04 Leverkusen',
    },
    {
      id: 'b5',
      kickoffAt: '2026-03-21T14:30:00Z',
      homeTeam: 'VfL Wolfsburg',
      awayTeam: 'SV Werder Bremen',
    },
  ];
  const pair = (
    home: string,
    away: string,
    kickoffAt = '2026-03-21T14:30:00Z',
    aliases = new Map(),
  ) => pairMatch({ kickoffAt, home: [home], away: [away] }, fixtures, aliases)?.id ?? null;

  it('pairs other spellings of the same clubs', () => {
    expect(pair('Bayern Munich', '1. FC Union Berlin')).toBe('b2');
    expect(pair('Borussia Dortmund', 'Hamburg SV', '2026-03-21T17:30:00Z')).toBe('b3');
    expect(pair('1. FC Heidenheim 1846', 'Bayer Leverkusen')).toBe('b4');
    expect(pair('VfL Wolfsburg', 'Werder Bremen')).toBe('b5');
  });

  it('needs an alias where nothing is alike, and then pairs', () => {
    expect(pair('FC Cologne', 'Borussia Mönchengladbach')).toBeNull();
    const aliases = new Map([['1. FC Köln', ['FC Cologne', 'Cologne']]]);
    expect(pair('FC Cologne', 'Borussia Mönchengladbach', undefined, aliases)).toBe('b1');
  });

  it('never pairs across more than a day and a half, or with the sides swapped', () => {
    expect(pair('Bayern Munich', '1. FC Union Berlin', '2026-03-23T12:00:00Z')).toBeNull();
    expect(pair('1. FC Union Berlin', 'Bayern Munich')).toBeNull();
  });

  it('does not take a shared common word for the same club', () => {
    expect(teamLikeness('Borussia Dortmund', ['Borussia Mönchengladbach'], new Map())).toBe(0);
    expect(teamLikeness('Manchester City', ['Manchester United'], new Map())).toBe(1);
    expect(teamLikeness('SV Werder Bremen', ['SV Elversberg'], new Map())).toBe(0);
  });
});
