import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { queryKeys } from './queries';
import { useLiveLeague } from './use-live-league';

// A league page's event stream (issue 29, issue 30): `live` refetches the league's live views,
// `standings` every league view, and `resync` (an instance lost its PostgreSQL listener) or a
// stream opened again after a drop everything — events may have been missed meanwhile.

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, Set<() => void>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener();
    });
  }
}

const original = (globalThis as { EventSource?: unknown }).EventSource;
beforeEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  (globalThis as { EventSource?: unknown }).EventSource = original;
});

describe('useLiveLeague', () => {
  const dom = domPerTest();
  const Page = () => {
    useLiveLeague('league-1');
    return null;
  };
  const keys = {
    standings: [...queryKeys.leagues, 'standings', 'league-1'],
    live: [...queryKeys.liveOf('league-1'), 1],
    predictions: [...queryKeys.predictions, 'team-1'],
    feed: queryKeys.feed('league-1'),
  };
  const seed = () => {
    for (const key of Object.values(keys)) dom.queryClient.setQueryData(key, { seeded: true });
  };
  const invalidated = () =>
    Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [
        name,
        dom.queryClient.getQueryState(key)?.isInvalidated ?? false,
      ]),
    );

  it('refetches what each event moves, and everything after a resync or a reopened stream', () => {
    dom.render(<Page />);
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toContain('/api/live/leagues/league-1');
    seed();
    // The first 'ready' is the page's own load: nothing to refetch.
    source.emit('ready');
    const none = { standings: false, live: false, predictions: false, feed: false };
    expect(invalidated()).toEqual(none);
    source.emit('live');
    expect(invalidated()).toEqual({ ...none, live: true });

    // A message posted (issue 32): only the feed refetches, not the tables.
    seed();
    source.emit('feed');
    expect(invalidated()).toEqual({ ...none, feed: true });

    const all = { standings: true, live: true, predictions: true, feed: true };
    seed();
    source.emit('resync');
    expect(invalidated()).toEqual(all);

    // The browser lost the stream and opened it again: events may have gone by.
    seed();
    source.emit('ready');
    expect(invalidated()).toEqual(all);

    // The page goes: its stream closes and no listener is left.
    dom.render(null);
    expect(source.closed).toBe(true);
    expect([...source.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });
});
