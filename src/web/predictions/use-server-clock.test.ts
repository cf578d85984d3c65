import { describe, expect, it } from 'vitest';
import type { FixtureStatus } from '../../domain/fixtures';
import { maxTimerDelay, nextLockDelay } from './use-server-clock';

const now = Date.parse('2026-09-20T12:00:00Z');
const fixture = (kickoffAt: string, status: FixtureStatus = 'scheduled', locked = false) => ({
  kickoffAt,
  status,
  locked,
});

describe('when the next fixture locks', () => {
  it('waits exactly until the earliest kick-off still ahead', () => {
    const fixtures = [
      fixture('2026-09-20T15:00:00Z'),
      fixture('2026-09-20T12:30:00Z'),
      fixture('2026-09-20T11:00:00Z'),
    ];
    expect(nextLockDelay(fixtures, now)).toBe(30 * 60_000);
  });

  it('ignores fixtures already locked, postponed or cancelled', () => {
    const fixtures = [
      fixture('2026-09-20T12:05:00Z', 'postponed'),
      fixture('2026-09-20T12:06:00Z', 'cancelled'),
      fixture('2026-09-20T12:07:00Z', 'scheduled', true),
      fixture('2026-09-20T12:10:00Z'),
    ];
    expect(nextLockDelay(fixtures, now)).toBe(10 * 60_000);
  });

  it('has nothing to wait for when every fixture has started', () => {
    expect(nextLockDelay([fixture('2026-09-20T11:00:00Z')], now)).toBeNull();
    expect(nextLockDelay([], now)).toBeNull();
  });

  it('never asks a timer for more than it can hold (about 24.8 days)', () => {
    expect(nextLockDelay([fixture('2027-05-20T12:00:00Z')], now)).toBe(maxTimerDelay);
  });
});
