import { describe, expect, it } from 'vitest';
import {
  currentRoundIndex,
  currentSeasonOf,
  isCalendarSeason,
  isUnstarted,
  seasonContaining,
  type SeasonSpan,
} from './seasons';

const now = new Date('2026-11-22T12:00:00Z');

describe('seasons', () => {
  it('names the season containing a date (1 July – 30 June; MLS by calendar year)', () => {
    expect(seasonContaining(new Date('2026-11-22T12:00:00Z'))).toBe('2026-27');
    expect(seasonContaining(new Date('2027-06-30T23:59:00Z'))).toBe('2026-27');
    expect(seasonContaining(new Date('2027-07-01T00:00:00Z'))).toBe('2027-28');
    expect(seasonContaining(new Date('2099-08-01T00:00:00Z'))).toBe('2099-00');
    expect(seasonContaining(new Date('2026-11-22T12:00:00Z'), true)).toBe('2026');
    expect(isCalendarSeason('2025')).toBe(true);
    expect(isCalendarSeason('2025-26')).toBe(false);
  });

  it('takes the season with the next unstarted fixture, else the latest', () => {
    const span = (season: string, last: string, next: string | null): SeasonSpan => ({
      season,
      fixtures: 10,
      unstarted: next ? 1 : 0,
      firstKickoff: '2025-08-01T00:00:00Z',
      lastKickoff: last,
      nextKickoff: next,
    });
    const old = span('2025-26', '2026-05-24T15:00:00Z', null);
    const current = span('2026-27', '2027-05-30T15:00:00Z', '2026-11-28T15:00:00Z');
    expect(currentSeasonOf([old, current])).toBe('2026-27');
    expect(currentSeasonOf([old, { ...current, nextKickoff: null }])).toBe('2026-27');
    expect(currentSeasonOf([old])).toBe('2025-26');
    expect(currentSeasonOf([])).toBeNull();
    // An unnamed season added by hand for next week wins over a season that has ended.
    expect(currentSeasonOf([old, span('', '2026-11-29T15:00:00Z', '2026-11-29T15:00:00Z')])).toBe(
      '',
    );
  });
});

describe('current round', () => {
  const f = (status: 'scheduled' | 'postponed' | 'final' | 'cancelled', kickoffAt: string) => ({
    status,
    kickoffAt,
  });
  it('counts only scheduled fixtures with kick-off ahead as unstarted', () => {
    expect(isUnstarted(f('scheduled', '2026-11-22T12:00:01Z'), now)).toBe(true);
    expect(isUnstarted(f('scheduled', '2026-11-22T12:00:00Z'), now)).toBe(false);
    expect(isUnstarted(f('postponed', '2026-12-22T12:00:00Z'), now)).toBe(false);
  });

  it('opens at the round with the next unstarted fixture, else the last', () => {
    const rounds = [
      { fixtures: [f('final', '2026-11-01T15:00:00Z'), f('postponed', '2026-12-01T15:00:00Z')] },
      { fixtures: [f('final', '2026-11-21T15:00:00Z'), f('scheduled', '2026-11-23T20:00:00Z')] },
      { fixtures: [f('scheduled', '2026-11-28T15:00:00Z')] },
    ];
    expect(currentRoundIndex(rounds, now)).toBe(1);
    expect(currentRoundIndex(rounds, new Date('2026-11-30T00:00:00Z'))).toBe(2);
    expect(currentRoundIndex([], now)).toBe(-1);
  });

  it('opens at the round holding the next kick-off when a later round has an earlier match', () => {
    // Matchday 12 still has a match on Saturday; a Matchday 13 match was moved forward to tonight.
    const rounds = [
      { fixtures: [f('final', '2026-11-21T15:00:00Z'), f('scheduled', '2026-11-28T15:00:00Z')] },
      {
        fixtures: [f('scheduled', '2026-11-22T12:06:00Z'), f('scheduled', '2026-12-05T15:00:00Z')],
      },
      { fixtures: [f('scheduled', '2026-11-22T12:06:00Z')] },
    ];
    expect(currentRoundIndex(rounds, now)).toBe(1);
    expect(currentRoundIndex(rounds, new Date('2026-11-22T12:07:00Z'))).toBe(0);
    expect(currentRoundIndex(rounds, new Date('2026-11-28T16:00:00Z'))).toBe(1);
    expect(currentRoundIndex(rounds, new Date('2026-12-06T00:00:00Z'))).toBe(2);
  });
});
