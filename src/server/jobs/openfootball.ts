import type { Services } from '../context';
import { AppError } from '../errors';
import { runFixtureSync, scheduleSourceNames, type SyncOptions } from '../sync/service';
import { claimJobRun, jobNextRun, scheduleJobRun } from '../db/job-schedule';
import { createReachability, type Reachability } from './reachability';

export interface FixtureSyncSchedule {
  /** After start-up (default 5 s: the server is listening by then), when a run is due. */
  firstDelayMs?: number;
  /** Between good runs (default 6 hours). */
  periodMs?: number;
  /** The first retry after the source could not be reached; doubles up to `periodMs`. */
  retryMs?: number;
  /** The longest an instance waits before looking at the schedule again (default `periodMs`). */
  checkMs?: number;
  sync?: SyncOptions;
  /** Shared with the other jobs (run.ts): offline, one warning names every source. */
  reachability?: Reachability;
}

const hour = 3_600_000;
/** The sync's row in job_schedule (named before the schedule sources had a shape of their own). */
const job = 'openfootball';

/**
 * Runs the schedule sources' sync (openfootball's files) shortly after start and then every 6 hours, in the background:
 * start-up never waits for it. Each run claims its turn in the database (job_schedule, by the
 * services' clock), so with several instances, or after a restart, it still runs once per period:
 * an instance that finds the run taken or done waits until the next is due. When the source
 * cannot be reached it logs one warning, retries after 1 minute, then 2, 4… up to the period
 * (the count of failed runs is in the database too), and says once when the source is back.
 * Never rejects. Returns the function that stops it (run.ts calls it on SIGTERM).
 */
export const startFixtureSync = (services: Services, schedule: FixtureSyncSchedule = {}) => {
  const { logger, database } = services;
  const periodMs = schedule.periodMs ?? 6 * hour;
  const retryMs = schedule.retryMs ?? 60_000;
  const checkMs = schedule.checkMs ?? periodMs;
  const reachability = schedule.reachability ?? createReachability(logger);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const backOff = (failures: number) => Math.min(retryMs * 2 ** (failures - 1), periodMs);

  /** One run after `failed` failed ones: how long until the next, and the failures then. */
  const run = async (failed: number) => {
    try {
      const summary = await runFixtureSync(services, schedule.sync);
      const unreachable = summary.competitions.filter((c) => c.outcome === 'unreachable');
      if (unreachable.length === 0) {
        if (failed > 0) reachability.back(scheduleSourceNames, true);
        return { wait: periodMs, failures: 0 };
      }
      const wait = backOff(failed + 1);
      const detail = { error: unreachable[0]?.error, retryInMs: wait };
      // The count of failed runs lives in the database: across instances and restarts the
      // warning is said once, when the first run fails.
      if (failed === 0) reachability.away(scheduleSourceNames, unreachable[0]?.error);
      logger.debug(
        detail,
        'fixture sync: a schedule source is unreachable; next try after the backoff',
      );
      return { wait, failures: failed + 1 };
    } catch (err) {
      if (err instanceof AppError && err.code === 'SYNC_RUNNING') {
        logger.debug('fixture sync: another run is in progress; skipped');
        return { wait: periodMs, failures: failed };
      }
      const wait = backOff(failed + 1);
      logger.error({ err, retryInMs: wait }, 'fixture sync failed');
      return { wait, failures: failed + 1 };
    }
  };

  const tick = async () => {
    let wait = retryMs;
    try {
      const now = services.now();
      const lease = new Date(now.getTime() + periodMs);
      const claim = await claimJobRun(database.db, job, now, lease);
      if (claim) {
        const after = await run(claim.failures);
        const nextAt = new Date(services.now().getTime() + after.wait);
        await scheduleJobRun(database.db, job, nextAt, after.failures);
        wait = after.wait;
      } else {
        // Another instance has the run, or it is done for now: wait until the next is due.
        const nextAt = await jobNextRun(database.db, job);
        wait = nextAt ? nextAt.getTime() - services.now().getTime() : 0;
      }
    } catch (err) {
      logger.error(
        { err, retryInMs: wait },
        'fixture sync: its schedule could not be read or written',
      );
    } finally {
      next(Math.max(0, Math.min(wait, checkMs)));
    }
  };

  next(schedule.firstDelayMs ?? 5_000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
};
