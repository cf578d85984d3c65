import { describe, expect, it } from 'vitest';
import type { FixtureStatus } from '../../domain/fixtures';
import { roundTotal, shownRoundIndex } from './round-paging';
import { groupByRound } from './rounds';

const now = new Date('2026-09-20T12:00:00Z');
let counter = 0;
const fixture = (
  round: string,
  roundOrder: number,
  kickoffAt: string,
  status: FixtureStatus = 'scheduled',
  teams: [string, string] = [`Home ${counter}`, `Away ${counter}`],
) => ({
  id: `f${++counter}`,
  round,
  roundOrder,
  kickoffAt,
  status,
  homeTeam: teams[0],
  awayTeam: teams[1],
});

const season = groupByRound([
  fixture('Matchday 1', 1, '2026-09-05T14:00:00Z', 'final'),
  fixture('Matchday 1', 1, '2026-09-06T14:00:00Z', 'final'),
  // Postponed: never makes its round current.
  fixture('Matchday 2', 2, '2026-09-13T14:00:00Z', 'postponed'),
  fixture('Matchday 2', 2, '2026-09-13T16:00:00Z', 'final'),
  fixture('Matchday 3', 3, '2026-09-20T11:00:00Z'),
  fixture('Matchday 3', 3, '2026-09-21T19:00:00Z'),
  fixture('Matchday 4', 4, '2026-09-27T14:00:00Z'),
]);

describe('which round a competition page shows', () => {
  it('opens at the first round with an unstarted fixture', () => {
    expect(season[shownRoundIndex(season, null, null, now)]?.label).toBe('Matchday 3');
  });

  it('shows the round the URL names, else the pinned one', () => {
    expect(shownRoundIndex(season, 'Matchday 1', 'Matchday 4', now)).toBe(0);
    expect(shownRoundIndex(season, 'Matchday 99', 'Matchday 4', now)).toBe(3);
    expect(shownRoundIndex(season, 'Matchday 99', 'gone', now)).toBe(2);
  });

  it('shows the last round once every fixture has started', () => {
    const later = new Date('2026-10-01T00:00:00Z');
    expect(shownRoundIndex(season, null, null, later)).toBe(3);
  });

  it('knows no round without fixtures', () => {
    expect(shownRoundIndex([], null, null, now)).toBe(-1);
  });
});

describe('how many rounds a round belongs to', () => {
  it('counts the highest round named alike', () => {
    expect(roundTotal(season, 'Matchday 2', false)).toBe(4);
    const stage = groupByRound([fixture('Group stage - Matchday 3', 3, '2025-07-11T19:00:00Z')]);
    expect(roundTotal(stage, 'Group stage - Matchday 3', false)).toBe(3);
  });

  it('expects a double round robin of a league published a round at a time', () => {
    const clubs = Array.from({ length: 24 }, (_, i) => `Club ${i}`);
    const firstRound = groupByRound(
      Array.from({ length: 12 }, (_, i) =>
        fixture('Matchday 1', 1, '2026-08-08T14:00:00Z', 'scheduled', [
          clubs[2 * i] ?? '',
          clubs[2 * i + 1] ?? '',
        ]),
      ),
    );
    expect(roundTotal(firstRound, 'Matchday 1', true)).toBe(46);
    expect(roundTotal(firstRound, 'Matchday 1', false)).toBe(1);
  });

  it('has no total for rounds without a number', () => {
    expect(roundTotal(season, 'Final', true)).toBeNull();
    expect(roundTotal(season, 'Group A', false)).toBeNull();
  });
});
