import type { Services } from '../context';
import { AppError } from '../errors';
import { runFixtureSync, type SyncOptions } from '../sync/service';

export interface FixtureSyncSchedule {
  /** After start-up (default 5 s: the server is listening by then). */
  firstDelayMs?: number;
  /** Between good runs (default 6 hours). */
  periodMs?: number;
  /** The first retry after the source could not be reached; doubles up to `periodMs`. */
  retryMs?: number;
  sync?: SyncOptions;
}

const hour = 3_600_000;

/**
 * Runs the openfootball sync shortly after start and then every 6 hours, in the background:
 * start-up never waits for it. When the source cannot be reached it logs one warning, retries
 * after 1 minute, then 2, 4… up to the period, and says once when the source is back. Never
 * rejects. Returns the function that stops it (run.ts calls it on SIGTERM).
 */
export const startFixtureSync = (services: Services, schedule: FixtureSyncSchedule = {}) => {
  const { logger } = services;
  const periodMs = schedule.periodMs ?? 6 * hour;
  const retryMs = schedule.retryMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failures = 0;

  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const backOff = () => {
    failures += 1;
    return Math.min(retryMs * 2 ** (failures - 1), periodMs);
  };

  const tick = async () => {
    let wait = periodMs;
    try {
      const run = await runFixtureSync(services, schedule.sync);
      const unreachable = run.competitions.filter((c) => c.outcome === 'unreachable');
      if (unreachable.length > 0) {
        wait = backOff();
        const detail = { error: unreachable[0]?.error, retryInMs: wait };
        if (failures === 1)
          logger.warn(
            detail,
            'fixture sync: openfootball cannot be reached; fixtures stay as they are, retrying with backoff',
          );
        else logger.debug(detail, 'fixture sync: openfootball still cannot be reached');
      } else {
        if (failures > 0) logger.info('fixture sync: openfootball can be reached again');
        failures = 0;
      }
    } catch (err) {
      if (err instanceof AppError && err.code === 'SYNC_RUNNING') {
        logger.debug('fixture sync: another run is in progress; skipped');
      } else {
        wait = backOff();
        logger.error({ err, retryInMs: wait }, 'fixture sync failed');
      }
    } finally {
      next(wait);
    }
  };

  next(schedule.firstDelayMs ?? 5_000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
