import type { Logger } from '../logger';

/**
 * Runs `job` after `firstInMs`, then every `everyMs`, in this process, never twice at once (a
 * run still going when the next is due is skipped). A failure is logged as `failure` and the
 * schedule goes on. Timers do not keep the process alive. Returns the function that stops it.
 */
export const repeat = (
  logger: Logger,
  failure: string,
  job: () => Promise<unknown>,
  { firstInMs, everyMs }: { firstInMs: number; everyMs: number },
) => {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    job()
      .catch((err: unknown) => logger.error({ err }, failure))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(tick, firstInMs);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
};
