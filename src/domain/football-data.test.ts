import { describe, expect, it } from 'vitest';
import {
  footballDataSeason,
  normaliseTeamName,
  resultOf,
  statusOf,
  syncUpdate,
  type FootballDataMatch,
} from './football-data';

const base: FootballDataMatch = {
  id: 1,
  utcDate: '2030-09-01T14:00:00Z',
  status: 'FINISHED',
  homeTeam: { name: 'Arsenal FC' },
  awayTeam: { name: 'Chelsea FC' },
  score: { duration: 'REGULAR', fullTime: { home: 0, away: 0 } },
};

describe('football-data mapping', () => {
  it.each([
    ['SCHEDULED', 'scheduled'],
    ['TIMED', 'scheduled'],
    ['IN_PLAY', 'live'],
    ['PAUSED', 'live'],
    ['FINISHED', 'final'],
    ['POSTPONED', 'postponed'],
    ['SUSPENDED', 'postponed'],
    ['CANCELLED', 'cancelled'],
    ['AWARDED', null],
  ])('%s → %s', (status, ours) => expect(statusOf(status)).toBe(ours));

  it('takes the 1X2 from regular time; 0-0 is minute 0; goals give the minute', () => {
    expect(resultOf(base)).toEqual({
      status: 'final',
      homeScore: 0,
      awayScore: 0,
      firstGoalMinute: 0,
    });
    const extraTime = {
      ...base,
      score: {
        fullTime: { home: 1, away: 0 },
        regularTime: { home: 0, away: 0 },
        extraTime: { home: 1, away: 0 },
      },
    };
    expect(resultOf(extraTime)).toMatchObject({ homeScore: 0, awayScore: 0, firstGoalMinute: 0 });
    const withGoals = {
      ...base,
      score: { fullTime: { home: 1, away: 1 } },
      goals: [{ minute: 46 }, { minute: 45, injuryTime: 2 }],
    };
    expect(resultOf(withGoals)?.firstGoalMinute).toBe(45);
    expect(
      resultOf({ ...base, score: { fullTime: { home: 1, away: 0 } } })?.firstGoalMinute,
    ).toBeUndefined();
  });

  it('normalises names', () => {
    expect(normaliseTeamName('Club Atlético de Madrid')).toBe('atletico madrid');
    expect(normaliseTeamName('AFC Bournemouth')).toBe(normaliseTeamName('Bournemouth'));
    expect(normaliseTeamName('Brighton & Hove Albion FC')).toBe('brighton & hove albion');
  });

  it('never moves a final back and keeps a minute it does not know', () => {
    const final = {
      kickoffAt: base.utcDate,
      status: 'final' as const,
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: 12,
    };
    expect(
      syncUpdate(
        final,
        { status: 'live', homeScore: 0, awayScore: 0, firstGoalMinute: undefined },
        base.utcDate,
      ),
    ).toEqual({});
    expect(
      syncUpdate(
        final,
        { status: 'final', homeScore: 2, awayScore: 1, firstGoalMinute: undefined },
        base.utcDate,
      ),
    ).toEqual({});
    expect(
      syncUpdate(
        final,
        { status: 'final', homeScore: 2, awayScore: 2, firstGoalMinute: undefined },
        base.utcDate,
      ),
    ).toEqual({ awayScore: 2, firstGoalMinute: null });
  });
});

describe('footballDataSeason', () => {
  it('reads the season containing the date, or a fixed one', () => {
    const now = new Date('2027-05-30T12:00:00Z');
    expect(footballDataSeason({ competitionId: 'premier_league', code: 'PL' }, now)).toEqual({
      year: 2026,
      label: '2026-27',
    });
    expect(
      footballDataSeason({ competitionId: 'premier_league', code: 'PL' }, new Date('2027-07-01')),
    ).toEqual({ year: 2027, label: '2027-28' });
    expect(
      footballDataSeason(
        { competitionId: 'cwc', code: 'CWC', season: 2025, calendarYear: true },
        now,
      ),
    ).toEqual({ year: 2025, label: '2025' });
  });
});
