import { useEffect, useState } from 'react';
import type { FixtureStatus } from '../../domain/fixtures';
import { isFixtureLocked } from '../../domain/prediction-rules';

interface Lockable {
  locked: boolean;
  kickoffAt: string;
  status: FixtureStatus;
}

/** setTimeout stores its delay in 32 bits: anything longer fires at once. */
export const maxTimerDelay = 2 ** 31 - 1;

/**
 * Milliseconds from `serverNow` until the next fixture locks by its kick-off, clamped to what a
 * timer can wait (the timer then fires early, finds nothing locked and waits again); null when no
 * open fixture is left to lock.
 */
export const nextLockDelay = (
  fixtures: readonly Lockable[],
  serverNow: number,
  lockMinutesBefore = 0,
): number | null => {
  let next: number | null = null;
  for (const fixture of fixtures) {
    if (fixture.locked || fixture.status !== 'scheduled') continue;
    const at = Date.parse(fixture.kickoffAt) - lockMinutesBefore * 60_000;
    if (at > serverNow && (next === null || at < next)) next = at;
  }
  return next === null ? null : Math.min(next - serverNow, maxTimerDelay);
};

/**
 * Lock state as the server sees it, kept exact while the page stays open (docs/design.md §3: a fixture
 * locks at its kick-off, or the league's lock before it): the server's `locked` flag, or its clock
 * (this clock plus the offset measured from `serverTime`) having reached the deadline since. A timer wakes the page at the next
 * kick-off rather than polling, and again when the tab comes back (background tabs throttle
 * timers).
 */
export const useServerClock = (
  serverTime: string | undefined,
  fetchedAt: number,
  fixtures: readonly Lockable[],
  /** The active team's league closes picks this many minutes before kick-off. */
  lockMinutesBefore = 0,
) => {
  const [now, setNow] = useState(() => Date.now());
  const offset = serverTime && fetchedAt ? Date.parse(serverTime) - fetchedAt : 0;

  useEffect(() => {
    // Judged by the clock now, not by the last tick's: a list that changed (a kick-off moved
    // while the page is open) would otherwise lock late by the time since that tick.
    const current = Date.now();
    if (current - now > 250) {
      setNow(current);
      return;
    }
    const delay = nextLockDelay(fixtures, current + offset, lockMinutesBefore);
    if (delay === null) return;
    // Re-armed on every tick: `now` changes, so the delay is worked out again for the next one.
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [fixtures, offset, lockMinutesBefore, now]);

  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', wake);
    return () => document.removeEventListener('visibilitychange', wake);
  }, []);

  const serverNow = new Date(now + offset);
  return {
    serverNow,
    isLocked: (fixture: Lockable) =>
      fixture.locked || isFixtureLocked(fixture, serverNow, lockMinutesBefore),
  };
};
