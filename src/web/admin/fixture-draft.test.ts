import { describe, expect, it } from 'vitest';
import type { AdminFixtureRow } from './api';
import { canCalculate, checkDraft, draftOf, patchOf } from './fixture-draft';

const fixture: AdminFixtureRow = {
  id: 'premier_league_e2e_4',
  competitionId: 'premier_league',
  round: 'Matchday 2',
  roundOrder: 2,
  season: '2026-27',
  timeConfirmed: true,
  tbd: false,
  kickoffAt: '2026-01-01T15:00:00.000Z',
  homeTeam: 'Brentford FC',
  awayTeam: 'Burnley FC',
  venue: null,
  status: 'scheduled',
  homeScore: null,
  awayScore: null,
  firstGoalMinute: null,
  minuteToBeConfirmed: false,
  predictions: 0,
  clock: null,
  resultConfirmed: false,
  minuteConfirmed: false,
  updatedBy: null,
  sourceUpdatedAt: null,
  handSet: [],
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('result drafts', () => {
  it('sends only what changed, with the minute as typed', () => {
    const draft = { status: 'final' as const, home: '2', away: '1', minute: '45+2' };
    const check = checkDraft(draft);
    expect(check.errors).toEqual({});
    expect(check.minute).toBe(45);
    expect(canCalculate(draft, check)).toBe(true);
    expect(patchOf(fixture, draft, check)).toEqual({
      status: 'final',
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: '45+2',
    });
  });

  it('finds nothing to save in an untouched row', () => {
    const stored = {
      ...fixture,
      status: 'final' as const,
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 90,
    };
    const draft = { ...draftOf(stored), minute: '90+4' };
    expect(patchOf(stored, draft, checkDraft(draft))).toEqual({});
  });

  it('mirrors the server checks', () => {
    expect(checkDraft({ status: 'final', home: '2', away: '', minute: '' }).errors).toEqual({
      away: 'bothScores',
    });
    expect(checkDraft({ status: 'final', home: '1.5', away: '0', minute: '' }).errors).toEqual({
      home: 'score',
    });
    expect(checkDraft({ status: 'final', home: '1', away: '0', minute: '30+2' }).errors).toEqual({
      minute: 'minuteFormat',
    });
    expect(checkDraft({ status: 'final', home: '1', away: '0', minute: '0' }).errors).toEqual({
      minute: 'minuteRange',
    });
    const goalless = { status: 'final' as const, home: '0', away: '0', minute: '' };
    expect(patchOf(fixture, goalless, checkDraft(goalless)).firstGoalMinute).toBe(0);
  });

  it('cannot calculate a match that is not final or has no scores', () => {
    const live = { status: 'live' as const, home: '1', away: '0', minute: '12' };
    expect(canCalculate(live, checkDraft(live))).toBe(false);
    const empty = { status: 'final' as const, home: '', away: '', minute: '' };
    expect(canCalculate(empty, checkDraft(empty))).toBe(false);
  });
});
