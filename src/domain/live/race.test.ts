import { describe, expect, it } from 'vitest';
import { defaultRules } from '../scoring';
import { clockMinute, provisionalScore, rankLive, raceStanding, type InPlay } from './race';

const live = (clock: string | null, home = 0, away = 0, minute: number | null = null): InPlay => ({
  status: 'live',
  homeScore: home,
  awayScore: away,
  firstGoalMinute: minute,
  clock,
});

describe('the clock as the game counts minutes', () => {
  it.each([
    ["1'", 1],
    ["67'", 67],
    ["45'+2'", 45],
    ["45'+", 45],
    ['HT', 45.5],
    ["90'+4'", 90],
    ["90'+", 90],
    ['FT', 91],
    [null, null],
    ['soon', null],
  ])('%s → %s', (clock, minute) => {
    expect(clockMinute(clock)).toBe(minute);
  });
});

describe('the race for the first goal', () => {
  it('a minute stays in while it is played and drops out once the clock has passed it', () => {
    expect(raceStanding(live("23'"), 23)).toBe('in');
    expect(raceStanding(live("24'"), 23)).toBe('out');
    expect(raceStanding(live("45'+3'"), 45)).toBe('in');
    expect(raceStanding(live('HT'), 45)).toBe('out');
    expect(raceStanding(live("90'+5'"), 90)).toBe('in');
    expect(raceStanding(live('FT'), 90)).toBe('out');
    expect(raceStanding(live(null), 3)).toBe('in');
  });

  it('the first goal decides: its minute hits, every other is out; 0 hits a goalless end', () => {
    expect(raceStanding(live("30'", 1, 0, 27), 27)).toBe('hit');
    expect(raceStanding(live("30'", 1, 0, 27), 60)).toBe('out');
    expect(raceStanding(live("30'", 1, 0, 27), 0)).toBe('out');
    expect(raceStanding(live("80'"), 0)).toBe('in');
    expect(raceStanding({ ...live(null), status: 'final', firstGoalMinute: 0 }, 0)).toBe('hit');
    expect(raceStanding({ ...live(null), status: 'final', firstGoalMinute: 0 }, 88)).toBe('out');
  });

  it('a goal whose minute no source gives yet leaves the minutes waiting; no minute is out', () => {
    expect(raceStanding(live("30'", 0, 1, null), 12)).toBe('waiting');
    expect(raceStanding(live("30'", 0, 1, null), 0)).toBe('out');
    expect(raceStanding(live("30'"), null)).toBe('out');
  });

  it('a disallowed goal puts the race back: the minutes the clock has not passed are in again', () => {
    expect(raceStanding(live("31'", 1, 0, 27), 40)).toBe('out');
    expect(raceStanding(live("33'", 0, 0, null), 40)).toBe('in');
  });
});

describe('provisional points', () => {
  it('score the match as it stands, by the rules, jokers included', () => {
    const pick = { outcome: '1' as const, firstGoalMinute: 27, joker: true };
    expect(provisionalScore(live("30'", 1, 0, 27), pick, defaultRules)).toEqual({
      points: 8,
      exactMinute: true,
      correctOutcome: true,
    });
    // 0–0 so far: a draw call has its outcome point, nobody the minute.
    expect(
      provisionalScore(
        live("10'"),
        { outcome: 'X', firstGoalMinute: 0, joker: false },
        defaultRules,
      ),
    ).toEqual({ points: 1, exactMinute: false, correctOutcome: true });
    const near = { ...defaultRules, nearMissPoints: 1, nearMissMinutes: 2 };
    expect(
      provisionalScore(
        live("30'", 0, 1, 27),
        { outcome: '1', firstGoalMinute: 28, joker: false },
        near,
      ).points,
    ).toBe(1);
  });
});

describe('ranking the live table', () => {
  const row = (teamKey: string, points: number, livePoints: number, liveExactMinutes = 0) => ({
    teamKey,
    points,
    exactMinutes: 0,
    correctOutcomes: 0,
    livePoints,
    liveExactMinutes,
    liveCorrectOutcomes: 0,
  });

  it('orders by live points and gives both ranks, level teams sharing one', () => {
    const rows = [row('ann', 10, 10), row('bob', 8, 14, 1), row('cat', 8, 10)];
    const { order, rank, liveRank } = rankLive(rows);
    expect(order.map((i) => [rows[i]?.teamKey, rank[i], liveRank[i]])).toEqual([
      ['bob', 2, 1],
      ['ann', 1, 2],
      ['cat', 2, 2],
    ]);
  });
});
