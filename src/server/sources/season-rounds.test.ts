import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedAvailable, sharedPath } from '../../../tests/setup/shared';
import { espnMonthsBetween, espnSeasonOf, readEspnEvent } from '../../domain/live/espn';
import { listedRounds, stageName } from '../../domain/sources/season-rounds';
import { tieLegs } from '../../domain/tournament';

// Issue 50: a season ESPN lists has no matchdays; its stages and season are ESPN's own words.
const available = sharedAvailable('data/live/espn');
const recorded = (file: string) =>
  JSON.parse(readFileSync(sharedPath(`data/live/espn/${file}`), 'utf8')) as {
    leagues: unknown[];
    events: unknown[];
  };

describe('ESPN’s season of an answer', () => {
  const answer = (season: object, calendar: unknown[] = []) => ({
    leagues: [{ season, calendar }],
    events: [],
  });
  it('names 2026-27 from year and displayName, MLS by its year, never from dates', () => {
    const base = { startDate: '2026-07-01T04:00Z', endDate: '2027-07-01T03:59Z' };
    expect(
      espnSeasonOf(answer({ ...base, year: 2026, displayName: '2026-27 English League One' }))
        ?.label,
    ).toBe('2026-27');
    expect(
      espnSeasonOf(
        answer({
          year: 2027,
          displayName: '2027 MLS',
          startDate: '2027-01-01T10:00Z',
          endDate: '2027-12-31T04:59Z',
        }),
      )?.label,
    ).toBe('2027');
    // A display name that disagrees with the year is not believed: the year stands.
    expect(espnSeasonOf(answer({ ...base, year: 2026, displayName: '2019-20 Old' }))?.label).toBe(
      '2026',
    );
  });
  it('says nothing for an answer without a readable season', () => {
    expect(espnSeasonOf({ leagues: [], events: [] })).toBeNull();
    expect(espnSeasonOf({ events: [] })).toBeNull();
    expect(espnSeasonOf(answer({ year: 'soon', startDate: 'x', endDate: 'y' }))).toBeNull();
    expect(
      espnSeasonOf(
        answer({ year: 2026, startDate: '2027-01-01T00:00Z', endDate: '2026-01-01T00:00Z' }),
      ),
    ).toBeNull();
  });
  it.runIf(available)('reads the recorded Champions League final: season and stages', () => {
    const season = espnSeasonOf(recorded('uefa.champions_scoreboard_2026-05-30_final.json'));
    expect(season).toMatchObject({ label: '2025-26' });
    expect(season?.stages.map((s) => s.label)).toEqual([
      'League Phase',
      'Knockout Round Playoffs',
      'Rd of 16',
      'Quarterfinals',
      'Semifinals',
      'Final',
    ]);
  });
  it('lists the US Eastern months of a season, July to June', () => {
    expect(espnMonthsBetween('2026-07-01T04:00Z', '2027-07-01T03:59Z')).toEqual([
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
  });
});

describe('placeholder teams (isActive: false)', () => {
  it.runIf(available)('every knockout match of the recorded World Cup is to be determined', () => {
    const { events } = recorded('fifa.world_scoreboard_2026-tournament_rec2026-06-13.json');
    const reports = events.map((e) => readEspnEvent(e));
    const knockout = reports.filter((r) => r?.stage !== 'group-stage');
    expect(knockout).toHaveLength(32);
    expect(knockout.every((r) => r?.tbd === true)).toBe(true);
    expect(reports.filter((r) => r?.stage === 'group-stage').every((r) => r?.tbd === false)).toBe(
      true,
    );
    expect(new Set(knockout.map((r) => stageName(r?.stage)))).toEqual(
      new Set([
        'Round of 32',
        'Round of 16',
        'Quarterfinals',
        'Semifinals',
        'Third place',
        'Final',
      ]),
    );
  });
});

describe('rounds of a listed season', () => {
  const clubs = ['A', 'B', 'C', 'D'];
  // A double round robin of four clubs, one round a week, one match moved ten days later.
  const pairs = [
    [
      ['A', 'B'],
      ['C', 'D'],
    ],
    [
      ['A', 'C'],
      ['B', 'D'],
    ],
    [
      ['A', 'D'],
      ['B', 'C'],
    ],
    [
      ['B', 'A'],
      ['D', 'C'],
    ],
    [
      ['C', 'A'],
      ['D', 'B'],
    ],
    [
      ['D', 'A'],
      ['C', 'B'],
    ],
  ];
  const day = (n: number) => new Date(Date.UTC(2026, 7, 1 + n)).toISOString();
  const league = pairs.flatMap((round, r) =>
    round.map(([home, away], i) => ({
      kickoffAt: day(r * 7 + (r === 1 && i === 1 ? 10 : 0)),
      home: home as string,
      away: away as string,
    })),
  );
  it('a league: matchdays in date order, a moved match kept in its round', () => {
    expect(clubs).toHaveLength(4);
    expect(listedRounds(league, 'league')).toEqual([
      'Matchday 1',
      'Matchday 1',
      'Matchday 2',
      'Matchday 2',
      'Matchday 3',
      'Matchday 3',
      'Matchday 4',
      'Matchday 4',
      'Matchday 5',
      'Matchday 5',
      'Matchday 6',
      'Matchday 6',
    ]);
  });
  it('a tournament: stages by slug, or by the calendar’s dates (“Rd of 16”)', () => {
    const calendar = [
      { label: 'League Phase', start: day(0), end: day(40) },
      { label: 'Rd of 16', start: day(41), end: day(60) },
    ];
    const matches = [
      ...league.map((m) => ({ ...m, stage: 'league-phase' })),
      { kickoffAt: day(45), home: 'Group A Winner', away: 'Group B 2nd Place', tbd: true },
      { kickoffAt: day(52), home: 'Group B 2nd Place', away: 'Group A Winner', tbd: true },
      { kickoffAt: day(70), home: 'X', away: 'Y', stage: 'final' },
    ];
    const rounds = listedRounds(matches, 'tournament', calendar);
    expect(rounds.slice(0, 2)).toEqual(['League phase - Matchday 1', 'League phase - Matchday 1']);
    expect(rounds.slice(-3)).toEqual(['Round of 16', 'Round of 16', 'Final']);
  });
  it('a two-legged tie is two fixtures of one round: first and second leg', () => {
    const f = (id: string, round: string, at: number, home: string, away: string) => ({
      id,
      round,
      kickoffAt: day(at),
      homeTeam: home,
      awayTeam: away,
      roundOrder: at,
      tbd: false,
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
    });
    const legs = tieLegs([
      f('b', 'Round of 16', 8, 'Inter', 'Bayern'),
      f('a', 'Round of 16', 1, 'Bayern', 'Inter'),
      f('c', 'Final', 30, 'Inter', 'PSG'),
      f('d', 'League phase - Matchday 1', 0, 'Inter', 'Bayern'),
      f('e', 'League phase - Matchday 5', 20, 'Bayern', 'Inter'),
    ]);
    expect(Object.fromEntries(legs)).toEqual({ a: 1, b: 2 });
  });
});
