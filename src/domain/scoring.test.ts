import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedMinute, outcomeOf, pointsFor, settleFirstGoalMinute } from './scoring';

describe('countedMinute', () => {
  it.each([
    ['67', 67],
    ['45+2', 45],
    ['45+3', 45],
    ['90+5', 90],
    ['90 + 4', 90],
    ['97', 90],
    [12, 12],
    ['0', 0],
  ])('%j counts as %s', (input, minute) => expect(countedMinute(input)).toBe(minute));
  it.each(['abc', '30+2', '', '-5', '45+', '2.5'])('refuses %j', (input) =>
    expect(countedMinute(input)).toBeNull(),
  );
});

describe('pointsFor (final 2-1, first goal 45+2)', () => {
  const actual = { homeScore: 2, awayScore: 1, firstGoalMinute: countedMinute('45+2') };
  it.each([
    [{ outcome: '1', firstGoalMinute: 45, joker: false }, 4],
    [{ outcome: '1', firstGoalMinute: 12, joker: false }, 1],
    [{ outcome: '2', firstGoalMinute: 45, joker: false }, 3],
    [{ outcome: 'X', firstGoalMinute: 0, joker: false }, 0],
    [{ outcome: '1', firstGoalMinute: 45, joker: true }, 8],
  ] as const)('%j → %s', (prediction, points) =>
    expect(pointsFor(prediction, actual)).toBe(points),
  );

  it('scores outcome only while the minute is unknown', () => {
    expect(
      pointsFor(
        { outcome: '1', firstGoalMinute: 45, joker: false },
        { homeScore: 2, awayScore: 1, firstGoalMinute: null },
      ),
    ).toBe(1);
  });

  it('never exceeds 4 (8 with a joker) and is never negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('1', 'X', '2'),
        fc.option(fc.integer({ min: 0, max: 90 })),
        fc.boolean(),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        fc.option(fc.integer({ min: 0, max: 90 })),
        (outcome, minute, joker, home, away, actualMinute) => {
          const p = pointsFor(
            { outcome, firstGoalMinute: minute, joker },
            { homeScore: home, awayScore: away, firstGoalMinute: actualMinute },
          );
          return p >= 0 && p <= (joker ? 8 : 4) && (joker ? p % 2 === 0 : true);
        },
      ),
    );
  });
});

describe('settleFirstGoalMinute', () => {
  it('forces 0 for 0-0 and needs 1-90 otherwise', () => {
    expect(settleFirstGoalMinute(0, 0, 55)).toEqual({ ok: true, minute: 0 });
    expect(settleFirstGoalMinute(1, 0, null)).toEqual({ ok: true, minute: null });
    expect(settleFirstGoalMinute(1, 0, 0).ok).toBe(false);
    expect(settleFirstGoalMinute(1, 0, 90)).toEqual({ ok: true, minute: 90 });
  });
  it('knows the outcome of a score', () => {
    expect([outcomeOf(2, 1), outcomeOf(1, 1), outcomeOf(0, 3)]).toEqual(['1', 'X', '2']);
  });
});
