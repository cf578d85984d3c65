import { readFileSync } from 'node:fs';

/**
 * The longest turn of the event loop while `watch` is on, and what the main thread did in it
 * (Linux's /proc/self/task/<pid>/schedstat: time on a core, time runnable but waiting for one).
 * On a machine of two cores a turn is often held less by our code than by the other threads
 * (the answer reader's and the checkpointer's workers, the collector's helpers, a bench's
 * stand-in server): this tells the two apart. Elsewhere only the turn's length is known.
 */

export interface LongestTurn {
  ms: number;
  /** Of `ms`, the main thread on a core and waiting for one; null where Linux does not say. */
  runningMs: number | null;
  waitingMs: number | null;
}

const schedstat = (): [number, number] | null => {
  try {
    const [run, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return run === undefined || wait === undefined ? null : [run, wait];
  } catch {
    return null;
  }
};

/** Checks every `everyMs`; `stop()` gives the longest turn seen. */
export const watchTurns = (everyMs = 2) => {
  let longest: LongestTurn = { ms: 0, runningMs: null, waitingMs: null };
  let last = performance.now();
  let lastStat = schedstat();
  const timer = setInterval(() => {
    const t = performance.now();
    const stat = schedstat();
    if (t - last > longest.ms)
      longest = {
        ms: t - last,
        runningMs: stat && lastStat ? (stat[0] - lastStat[0]) / 1e6 : null,
        waitingMs: stat && lastStat ? (stat[1] - lastStat[1]) / 1e6 : null,
      };
    last = t;
    lastStat = stat;
  }, everyMs);
  return {
    stop: (): LongestTurn => {
      clearInterval(timer);
      return longest;
    },
  };
};

export const describeTurn = (turn: LongestTurn) =>
  turn.runningMs === null || turn.waitingMs === null
    ? `${turn.ms.toFixed(1)} ms`
    : `${turn.ms.toFixed(1)} ms (on a core ${turn.runningMs.toFixed(1)}, waiting for one ${turn.waitingMs.toFixed(1)})`;
