import type { LiveSource } from '../../domain/live/report';
import { sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import { liveSourcesInUse, sourceOf } from '../sources/registry';
import { readLiveSourceMap } from '../competitions/catalogue';
import type { Services } from '../context';
import { claimJobRun } from '../db/job-schedule';
import { competitionsInWindow } from '../fixtures/live-repository';
import { existingCompetitions } from '../live/plan-repository';
import { liveWindow, syncLive, totalsBySource, type LiveMode } from '../live/service';
import { createReachability, type Reachability } from './reachability';

const minute = 60_000;
const hour = 60 * minute;

export interface LiveSchedule {
  /** Between looks for matches in their live window (default LIVE_POLL_SECONDS). */
  pollMs?: number;
  /** Between reads of the next 14 days (default a day). */
  upcomingMs?: number;
  /** Between look-ups of kicked-off fixtures lacking a result or minute (default an hour). */
  backfillMs?: number;
  /** After start-up, before the first backfill (default 10 s: the server listens by then). */
  firstDelayMs?: number;
  map?: LiveSourceMap;
  /** Shared with the other jobs (run.ts): offline, one warning names every source. */
  reachability?: Reachability;
}

/**
 * Polls the live sources (issue 28) in the background; start-up never waits for it. Each kind of
 * run claims its turn in job_schedule, so with several instances one polls. A source answering
 * 429 or 5xx is left alone for a while (1 minute, doubling up to 30); one that cannot be
 * reached is said once (with the other jobs' sources when they share a Reachability), and
 * once when it is back. Returns the function that stops it
 * (its promise resolves when a run in progress has ended).
 */
export const startLiveSync = (services: Services, schedule: LiveSchedule = {}) => {
  const { logger, database, env } = services;
  const map = schedule.map ?? readLiveSourceMap();
  const pollMs = schedule.pollMs ?? env.LIVE_POLL_SECONDS * 1000;
  const runs: { job: string; everyMs: number; mode: LiveMode }[] = [
    { job: 'live-poll', everyMs: pollMs, mode: { kind: 'live' } },
    { job: 'live-backfill', everyMs: schedule.backfillMs ?? hour, mode: { kind: 'backfill' } },
    { job: 'live-upcoming', everyMs: schedule.upcomingMs ?? 24 * hour, mode: { kind: 'upcoming' } },
  ];
  const mapped = Object.keys(map).filter((id) =>
    liveSourcesInUse(env).some((s) => sourceCode(map, id, s.id) !== undefined),
  );
  const backOff = new Map<LiveSource, { until: number; waitMs: number }>();
  const reachability = schedule.reachability ?? createReachability(logger);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let busy: Promise<void> | null = null;

  const note = (runs: ReturnType<typeof totalsBySource>) => {
    const now = services.now().getTime();
    for (const s of runs) {
      if (s.backOff) {
        const waitMs = Math.min((backOff.get(s.source)?.waitMs ?? minute / 2) * 2, 30 * minute);
        backOff.set(s.source, { until: now + waitMs, waitMs });
        logger.warn(
          { source: s.source, error: s.error, retryInMs: waitMs },
          'live sync: a source asks us to slow down',
        );
        continue;
      }
      backOff.delete(s.source);
      if (s.failed > 0 && s.failed === s.requests)
        reachability.away(sourceOf(s.source).name, s.error);
      else if (s.requests > s.failed) reachability.back(sourceOf(s.source).name);
    }
  };

  const tick = async () => {
    if (busy || stopped) return;
    busy = runOnce();
    await busy;
    busy = null;
  };

  const runOnce = async () => {
    try {
      const now = services.now();
      for (const run of runs) {
        // Looked at before each run: a 429 in one run spares the source in the next.
        const skip = new Set(
          [...backOff]
            .filter(([, b]) => b.until > services.now().getTime())
            .map(([source]) => source),
        );
        const claim = await claimJobRun(
          database.db,
          run.job,
          now,
          new Date(now.getTime() + run.everyMs),
        );
        if (!claim) continue;
        const here = await existingCompetitions(database.db, mapped);
        const ids =
          run.mode.kind === 'live'
            ? await competitionsInWindow(
                database.db,
                here,
                new Date(now.getTime() - liveWindow.afterMs).toISOString(),
                new Date(now.getTime() + liveWindow.beforeMs).toISOString(),
              )
            : here;
        if (ids.length === 0) continue;
        const result = await syncLive(services, map, ids, run.mode, { skip });
        const totals = totalsBySource(result);
        note(totals);
        if (totals.some((t) => t.changed > 0 || t.unmatched > 0))
          logger.info({ mode: run.mode.kind, totals }, 'live sync done');
        else logger.debug({ mode: run.mode.kind, totals }, 'live sync done');
      }
    } catch (err) {
      logger.error({ err }, 'live sync failed');
    }
  };

  const loop = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        void tick().finally(loop);
      },
      Math.min(pollMs, 15_000),
    );
    timer.unref();
  };
  const first = setTimeout(() => {
    void tick().finally(loop);
  }, schedule.firstDelayMs ?? 10_000);
  first.unref();
  /** Stops the schedule; resolves once a run in progress has ended. */
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearTimeout(timer);
    await busy;
  };
};
