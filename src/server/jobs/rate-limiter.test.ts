import { describe, expect, it } from 'vitest';
import { fakeClock } from '../../../tests/setup/fake-clock';
import { createRateLimiter } from './rate-limiter';

describe('createRateLimiter', () => {
  it('lets 10 go at once, then one more per freed slot of the minute', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(10, 60_000, clock);
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, () => limiter.take().then(() => times.push(clock.now()))),
    );
    expect(times.filter((t) => t === 0)).toHaveLength(10);
    expect(times.filter((t) => t === 60_000)).toHaveLength(10);
    expect(times.filter((t) => t === 120_000)).toHaveLength(5);
    for (const start of times)
      expect(times.filter((t) => t >= start && t < start + 60_000).length).toBeLessThanOrEqual(10);
  });

  it('spaced calls never wait', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter(2, 1000, clock);
    await limiter.take();
    await clock.sleep(600);
    await limiter.take();
    await clock.sleep(600);
    await limiter.take();
    expect(clock.slept).toEqual([600, 600]);
  });
});
