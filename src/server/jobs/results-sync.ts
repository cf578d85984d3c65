import { coveredBy, sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import { readLiveSourceMap } from '../competitions/catalogue';
import type { Services } from '../context';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import type { Env } from '../env';
import { existingCompetitions } from '../live/plan-repository';
import { pollSource } from '../live/service';
import { fixtureSources, isInUse } from '../sources/registry';
import type { FixtureSource } from '../sources/source';
import { createRateLimiter, realClock, type LimiterClock } from './rate-limiter';
import { repeat } from './repeat';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger' | 'env' | 'now'>;

/**
 * The results services (issue 49: sources that neither poll live nor list schedules —
 * football-data with a token): every 10 minutes, each competition's season, polled as every
 * job polls a source (`pollSource`: checked, counted, applied through the one apply path,
 * confirmed at once since such a source's full time is a result).
 */
export const resultSources = fixtureSources.filter((s) => !s.live && !s.schedules);

export interface SyncSummary {
  competitions: number;
  matches: number;
  matched: number;
  changed: number;
  /** Codes of the competitions whose answer could not be read. */
  failed: string[];
  /** Another instance held the job's lock: nothing was fetched. */
  skipped: boolean;
}

export interface SyncOptions {
  /** Default: every results source in use. */
  sources?: readonly FixtureSource[];
  /** Instead of the source's configured URL. */
  url?: string;
  /** Settings to read the source's with (its token), over the instance's. */
  env?: Partial<Env>;
  /** Instead of the catalogue's: competitions under a code, with the season to read. */
  competitions?: readonly { competitionId: string; code: string; season?: string }[];
  limiter?: ReturnType<typeof createRateLimiter>;
  clock?: LimiterClock;
  now?: () => Date;
  map?: LiveSourceMap;
}

/** One source: each covered competition that exists here, fetched and applied; logs a summary. */
const syncSource = async (
  deps: Deps,
  source: FixtureSource,
  options: SyncOptions,
  summary: SyncSummary,
) => {
  const env = { ...deps.env, ...options.env };
  const map = options.map ?? readLiveSourceMap();
  const nowOf = options.now ?? deps.now;
  const polling = { ...deps, now: nowOf };
  const limiter =
    options.limiter ??
    createRateLimiter(source.perMinute ?? 60, 60_000, options.clock ?? realClock);
  const covered: { competitionId: string; code: string; season?: string }[] = options.competitions
    ? [...options.competitions]
    : coveredBy(map, source.id).map((competitionId) => ({
        competitionId,
        code: sourceCode(map, competitionId, source.id) ?? '',
      }));
  const here = new Set(
    await existingCompetitions(
      deps.database.db,
      covered.map((c) => c.competitionId),
    ),
  );
  const base = options.url ?? source.baseUrl(env);
  // The run's deadline: its requests share it (each has its own 10 s too).
  const signal = AbortSignal.timeout(5 * 60_000);
  for (const c of covered) {
    if (!here.has(c.competitionId)) continue;
    const coverage = { competitionId: c.competitionId, code: c.code, base };
    const season = c.season ?? source.currentSeason?.(coverage, nowOf()) ?? '';
    for (const url of source.requests.season?.(coverage, season) ?? []) {
      await limiter.take();
      const polled = await pollSource(polling, map, source, url, {
        competitionId: c.competitionId,
        signal,
        base,
        env,
      });
      if (polled.kind === 'failed') {
        summary.failed.push(c.code);
        deps.logger.warn(
          { source: source.id, code: c.code, error: polled.fetched.error },
          'results sync: competition failed',
        );
        continue;
      }
      summary.competitions += 1;
      summary.matches += polled.items;
      summary.matched += polled.counts.paired;
      summary.changed += polled.counts.changed;
    }
  }
};

/** Every results source in use (or those named), once across instances. */
export const syncResults = async (deps: Deps, options: SyncOptions = {}): Promise<SyncSummary> => {
  const summary: SyncSummary = {
    competitions: 0,
    matches: 0,
    matched: 0,
    changed: 0,
    failed: [],
    skipped: false,
  };
  const env = { ...deps.env, ...options.env };
  const sources = options.sources ?? resultSources.filter((s) => isInUse(s, env));
  // Once across instances: another instance's run already brings the same answers.
  const run = await withJobLock(deps.database, jobLockKeys.resultsSync, async () => {
    for (const source of sources) await syncSource(deps, source, options, summary);
  });
  if (!run.locked) {
    deps.logger.debug('results sync: another instance is running it; skipped');
    return { ...summary, skipped: true };
  }
  deps.logger.info(summary, 'results sync done');
  return summary;
};

/**
 * Runs the sync now and then every `everyMs` (default 10 minutes) in this process; returns
 * the function that stops it. Started by run.ts when a results source is in use (a token set).
 */
export const startResultsSync = (services: Services, everyMs = 10 * 60_000) =>
  repeat(services.logger, 'results sync failed', () => syncResults(services), {
    firstInMs: 10_000,
    everyMs,
  });

/** Whether a results source is in use here (run.ts starts the sync then). */
export const resultsSyncWanted = (env: Env) => resultSources.some((s) => isInUse(s, env));
