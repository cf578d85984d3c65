/** Time as the limiter sees it: real in production, fake in tests. */
export interface LimiterClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const realClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) =>
    new Promise((resolve) => {
      setTimeout(resolve, ms).unref();
    }),
};

/**
 * At most `limit` calls in any `windowMs` (a sliding window): `take()` resolves when the next
 * call may go. football-data's free tier allows 10 requests a minute.
 */
export const createRateLimiter = (
  limit: number,
  windowMs: number,
  clock: LimiterClock = realClock,
) => {
  const sent: number[] = [];
  let queue = Promise.resolve();
  const take = async () => {
    for (;;) {
      const now = clock.now();
      while (sent.length > 0 && (sent[0] ?? 0) <= now - windowMs) sent.shift();
      if (sent.length < limit) {
        sent.push(now);
        return;
      }
      await clock.sleep((sent[0] ?? now) + windowMs - now);
    }
  };
  return {
    // Callers are served one at a time, in order.
    take: () => {
      const turn = queue.then(take);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
};
export type RateLimiter = ReturnType<typeof createRateLimiter>;
