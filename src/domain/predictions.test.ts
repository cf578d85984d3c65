import { describe, expect, it } from 'vitest';
import {
  clampMinute,
  isFixtureLocked,
  isKickedOff,
  jokersAfterSave,
  minuteSchema,
  picksRevealed,
  pickVisible,
  predictionInput,
  splitBatch,
  type FixtureForPrediction,
} from './predictions';

const now = new Date('2026-03-01T12:00:00Z');
const fixture = (
  id: string,
  kickoffAt: string,
  extra: Partial<FixtureForPrediction> = {},
): FixtureForPrediction => ({
  id,
  competitionId: 'premier_league',
  season: '2025-26',
  kickoffAt,
  status: 'scheduled',
  tbd: false,
  homeTeam: 'Home',
  awayTeam: 'Away',
  ...extra,
});

describe('first-goal minute', () => {
  it.each([0, 1, 45, 90])('accepts %s', (m) =>
    expect(minuteSchema.safeParse(m).success).toBe(true),
  );
  it.each([91, -1, 2.5, '45+2', '45', null])('refuses %j', (m) => {
    const r = minuteSchema.safeParse(m);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please enter a time between 0-90 minutes');
  });
  it('clamps the stepper to 0..90', () => {
    expect([clampMinute(-3), clampMinute(95), clampMinute(44.6), clampMinute(Number.NaN)]).toEqual([
      0, 90, 45, 0,
    ]);
  });
  it('allows no minute (outcome only)', () => {
    expect(predictionInput.parse({ fixtureId: 'f', outcome: 'X' })).toEqual({
      fixtureId: 'f',
      outcome: 'X',
      firstGoalMinute: null,
      joker: false,
    });
    expect(predictionInput.safeParse({ fixtureId: 'f', outcome: 'Y' }).success).toBe(false);
  });
});

describe('locking', () => {
  it('locks at the kick-off instant', () => {
    expect(isKickedOff('2026-03-01T12:00:00.000Z', now)).toBe(true);
    expect(isKickedOff('2026-03-01T12:00:00.001Z', now)).toBe(false);
    expect(
      isFixtureLocked({ kickoffAt: '2026-03-01T11:59:59.999Z', status: 'scheduled' }, now),
    ).toBe(true);
    expect(
      isFixtureLocked({ kickoffAt: '2026-03-01T12:00:00.001Z', status: 'scheduled' }, now),
    ).toBe(false);
  });

  it.each(['live', 'final', 'postponed', 'cancelled'] as const)(
    'locks a %s fixture before its kick-off',
    (status) => {
      expect(isFixtureLocked({ kickoffAt: '2026-03-08T12:00:00Z', status }, now)).toBe(true);
    },
  );

  it('reveals picks from kick-off, once final or live by an admin; never for a source saying live', () => {
    const later = '2026-03-08T12:00:00Z';
    expect(picksRevealed({ kickoffAt: later, status: 'scheduled' }, now)).toBe(false);
    expect(picksRevealed({ kickoffAt: later, status: 'live', statusBy: 'espn' }, now)).toBe(false);
    expect(picksRevealed({ kickoffAt: later, status: 'live', statusBy: 'admin' }, now)).toBe(true);
    expect(picksRevealed({ kickoffAt: later, status: 'postponed' }, now)).toBe(false);
    expect(picksRevealed({ kickoffAt: later, status: 'final' }, now)).toBe(true);
    expect(picksRevealed({ kickoffAt: '2026-03-01T12:00:00Z', status: 'scheduled' }, now)).toBe(
      true,
    );
  });
});

describe('splitBatch', () => {
  it('sorts a batch into open, locked and rejected', () => {
    const fixtures = new Map([
      ['open', fixture('open', '2026-03-02T15:00:00Z')],
      ['past', fixture('past', '2026-02-28T15:00:00Z')],
      ['postponed', fixture('postponed', '2026-03-02T15:00:00Z', { status: 'postponed' })],
      ['other', fixture('other', '2026-03-02T15:00:00Z', { competitionId: 'bundesliga_2025' })],
      ['tbd', fixture('tbd', '2026-03-02T15:00:00Z', { homeTeam: 'TBD', tbd: true })],
    ]);
    const batch = ['open', 'past', 'postponed', 'other', 'tbd', 'ghost'].map((fixtureId) => ({
      fixtureId,
    }));
    expect(splitBatch(batch, fixtures, 'premier_league', now)).toEqual({
      open: [{ fixtureId: 'open' }],
      locked: [{ fixtureId: 'past' }, { fixtureId: 'postponed' }],
      rejected: [
        { fixtureId: 'other', reason: 'FIXTURE_OTHER_COMPETITION' },
        { fixtureId: 'tbd', reason: 'TBD_FIXTURE' },
        { fixtureId: 'ghost', reason: 'UNKNOWN_FIXTURE' },
      ],
    });
  });
});

describe('jokers', () => {
  it('counts kept jokers plus the batch, letting a joker move', () => {
    const existing = [
      { fixtureId: 'a', joker: true },
      { fixtureId: 'b', joker: true },
    ];
    expect(jokersAfterSave(existing, [{ fixtureId: 'c', joker: true }])).toBe(3);
    expect(
      jokersAfterSave(existing, [
        { fixtureId: 'a', joker: false },
        { fixtureId: 'c', joker: true },
      ]),
    ).toBe(2);
    expect(jokersAfterSave([], [{ fixtureId: 'x', joker: false }])).toBe(0);
  });
});

describe('pickVisible', () => {
  it("shows a team's own pick always, others' only to members once revealed", () => {
    const cases: [boolean, { member: boolean; own: boolean }, boolean][] = [
      [false, { member: true, own: true }, true],
      [false, { member: false, own: true }, true],
      [false, { member: true, own: false }, false],
      [true, { member: true, own: false }, true],
      [true, { member: false, own: false }, false],
      [false, { member: false, own: false }, false],
    ];
    for (const [revealed, viewer, shown] of cases)
      expect(pickVisible(revealed, viewer), JSON.stringify({ revealed, viewer })).toBe(shown);
  });
});
