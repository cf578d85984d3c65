import type { LimiterClock } from '../../src/server/jobs/rate-limiter';

/** A clock for rate limiters whose time moves only when someone sleeps. */
export const fakeClock = (): LimiterClock & { slept: number[] } => {
  let time = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    sleep: async (ms) => {
      slept.push(ms);
      time += ms;
    },
  };
};
