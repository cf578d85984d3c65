import type { Kysely } from 'kysely';
import {
  feedOf,
  feedUrl,
  feedSeason,
  openFootballFeeds,
  type SyncCompetitionResult,
  type SyncOverview,
  type SyncRunSummary,
} from '../../domain/openfootball';
import type { Services } from '../context';
import type { Database } from '../db/database';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { pacer } from '../imports/pace';
import { applyRows, optimizeAfter, parseInSlices, publishResults } from '../imports/service';
import { fetchFeed } from './openfootball-client';
import type { Actor } from '../results/change';
import * as repo from './repository';
import { inTransaction } from '../db/transaction';
import type { LiveSourceMap } from '../../domain/live/source-map';
import { readLiveSourceMap } from '../competitions/catalogue';
import { existingCompetitions } from '../live/plan-repository';
import { liveOverviewOf, syncLive, totalsBySource } from '../live/service';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger' | 'env' | 'now'>;

export const syncSource = 'openfootball';
const actor: Actor = { id: null, label: 'openfootball', origin: 'openfootball' };

// One run at a time per database in this process; PostgreSQL adds a lock across instances.
const running = new WeakSet<Database>();
export const isSyncRunning = (database: Database) => running.has(database);

export interface SyncOptions {
  /** One competition instead of all. */
  competitionId?: string;
  /** Default OPENFOOTBALL_URL. */
  url?: string;
  timeoutMs?: number;
  /** One season (our label) instead of the one containing today; needs `competitionId`. */
  season?: string;
}

type Competition = Awaited<ReturnType<typeof repo.competitionsForSync>>[number];
interface Context {
  deps: Deps;
  db: Kysely<DB>;
  url: string;
  timeoutMs: number;
  now: Date;
  season: string | undefined;
}

const result = (
  c: Competition,
  code: string,
  season: string,
  rest: Pick<SyncCompetitionResult, 'outcome'> & Partial<SyncCompetitionResult>,
): SyncCompetitionResult => ({
  competitionId: c.id,
  code,
  season,
  counts: null,
  error: null,
  ...rest,
});

/**
 * One competition: fetch its season file, parse it and apply it in one transaction through the
 * import path (season-scoped matching, origins, set-based scoring, audit as `openfootball`).
 */
const syncCompetition = async (
  ctx: Context,
  c: Competition,
  code: string,
): Promise<SyncCompetitionResult & { offline?: boolean; reason?: string }> => {
  const { deps, db, now } = ctx;
  const season = ctx.season ?? feedSeason(code, now);
  const fetched = await fetchFeed(ctx.url, season, code, ctx.timeoutMs);
  if (fetched.kind === 'missing') {
    deps.logger.info({ url: fetched.url }, 'fixture sync: no file for this season yet (404)');
    return result(c, code, season, {
      outcome: 'missing',
      error: `No file for ${season} yet (HTTP 404).`,
    });
  }
  if (fetched.kind === 'unreachable')
    return {
      ...result(c, code, season, {
        outcome: 'unreachable',
        error: `Could not read ${fetched.url}: ${fetched.error}`,
      }),
      offline: !fetched.answered,
      reason: fetched.error,
    };
  const pace = pacer();
  const parsed = await parseInSlices('openfootball', fetched.content, c.timeZone, pace);
  if (!parsed.ok) {
    deps.logger.warn({ url: fetched.url, error: parsed.error }, 'fixture sync: malformed file');
    return result(c, code, season, { outcome: 'malformed', error: parsed.error });
  }
  try {
    const outcome = await inTransaction(db, (trx) =>
      applyRows(
        trx,
        actor,
        { competitionId: c.id, season, timeZone: c.timeZone },
        parsed.rows,
        now,
        pace,
      ),
    );
    await publishResults(deps, c.id, outcome.events);
    await optimizeAfter(deps.database, outcome.counts);
    return result(c, code, season, { outcome: 'applied', counts: outcome.counts });
  } catch (err) {
    deps.logger.warn({ err, competitionId: c.id }, 'fixture sync: applying the file failed');
    const message = err instanceof Error ? err.message : String(err);
    return result(c, code, season, { outcome: 'failed', error: message });
  }
};

const runAll = async (ctx: Context, competitions: Competition[]) => {
  const results: SyncCompetitionResult[] = [];
  let offline: string | null = null;
  for (const c of competitions) {
    const code = feedOf(c.id)?.code ?? '';
    const season = ctx.season ?? feedSeason(code, ctx.now);
    // A source that does not answer won't for the rest of this run: don't wait on each file.
    // Each competition's error names its own file, with the reason the first one found.
    const {
      offline: unanswered,
      reason,
      ...r
    }: Awaited<ReturnType<typeof syncCompetition>> = offline
      ? result(c, code, season, {
          outcome: 'unreachable',
          error: `Could not read ${feedUrl(ctx.url, season, code)}: ${offline}`,
        })
      : await syncCompetition(ctx, c, code);
    if (unanswered) offline = reason ?? r.error;
    await repo.recordSyncRun(ctx.db, syncSource, r, ctx.now.toISOString());
    results.push(r);
  }
  return results;
};

type FixtureSyncSummary = Omit<SyncRunSummary, 'live'>;

/** The openfootball part of a sync; the caller holds this process's flag. */
const syncFeeds = async (deps: Deps, options: SyncOptions): Promise<FixtureSyncSummary> => {
  const ids = openFootballFeeds
    .map((f) => f.competitionId)
    .filter((id) => options.competitionId === undefined || id === options.competitionId);
  const competitions = await repo.competitionsForSync(deps.database.db, ids);
  if (options.competitionId !== undefined && competitions.length === 0)
    throw new AppError('UNKNOWN_COMPETITION', 'This competition has no openfootball feed.');
  const order = new Map(ids.map((id, i) => [id, i]));
  competitions.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const now = deps.now();
  const locked = await withJobLock(deps.database, jobLockKeys.fixtureSync, (db) =>
    runAll(
      {
        deps,
        db,
        url: options.url ?? deps.env.OPENFOOTBALL_URL,
        timeoutMs: options.timeoutMs ?? 20_000,
        now,
        season: options.season,
      },
      competitions,
    ),
  );
  if (!locked.locked) throw new AppError('SYNC_RUNNING');
  const summary = { ranAt: now.toISOString(), competitions: locked.value };
  // Offline, the schedule's one warning says it all; each retry is logged at debug level.
  const offline = summary.competitions.every((r) => r.outcome === 'unreachable');
  deps.logger[offline ? 'debug' : 'info'](
    { results: summary.competitions.map((r) => `${r.code}:${r.outcome}`) },
    'fixture sync done',
  );
  return summary;
};

/** Runs `work` as this process's one sync (SYNC_RUNNING while another runs). */
const asTheSync = async <T>(deps: Deps, work: () => Promise<T>): Promise<T> => {
  if (running.has(deps.database)) throw new AppError('SYNC_RUNNING');
  running.add(deps.database);
  try {
    return await work();
  } finally {
    running.delete(deps.database);
  }
};

/**
 * Syncs every built-in competition with a feed that exists here (or one). Throws SYNC_RUNNING
 * when a run is in progress, here or (PostgreSQL) in another instance. Never throws for a
 * source that cannot be read: each competition's outcome is in the summary and in sync_status.
 */
export const runFixtureSync = (deps: Deps, options: SyncOptions = {}) =>
  asTheSync(deps, () => syncFeeds(deps, options));

/**
 * An admin's 'Sync now' (`POST /api/admin/sync`): openfootball's file, then every live source
 * (issue 28) — with `season`, that whole season of one competition (OpenLigaDB's season call,
 * ESPN month by month where fixtures lack a confirmed result or minute); without, the current
 * season of one or every competition.
 */
export const runAdminSync = (
  deps: Deps,
  options: { competitionId?: string; season?: string },
  map: LiveSourceMap = readLiveSourceMap(),
): Promise<SyncRunSummary> =>
  asTheSync(deps, async () => {
    const hasFeed = openFootballFeeds.some((f) => f.competitionId === options.competitionId);
    const liveIds = Object.keys(map).filter(
      (id) => options.competitionId === undefined || id === options.competitionId,
    );
    if (options.competitionId !== undefined && !hasFeed && liveIds.length === 0)
      throw new AppError('UNKNOWN_COMPETITION', 'No source covers this competition.');
    const feeds =
      options.competitionId === undefined || hasFeed
        ? await syncFeeds(deps, options)
        : { ranAt: deps.now().toISOString(), competitions: [] };
    const here = await existingCompetitions(deps.database.db, liveIds);
    const runs = await syncLive(deps, map, here, { kind: 'season', season: options.season });
    return {
      ...feeds,
      live: totalsBySource(runs).map(({ backOff: _b, ...t }) => t),
    };
  });

/** Per competition with a feed: the season it reads now and its last run. */
export const syncOverview = async (deps: Deps, _admin: unknown): Promise<SyncOverview> => {
  const ids = openFootballFeeds.map((f) => f.competitionId);
  const names = new Map(
    (await repo.competitionsForSync(deps.database.db, ids)).map((c) => [c.id, c.name]),
  );
  const last = await repo.lastSyncRuns(deps.database.db, syncSource);
  const now = deps.now();
  return {
    enabled: deps.env.OPENFOOTBALL_SYNC,
    running: isSyncRunning(deps.database),
    live: await liveOverviewOf(deps),
    competitions: openFootballFeeds
      .filter((f) => names.has(f.competitionId))
      .map((f) => ({
        competitionId: f.competitionId,
        name: names.get(f.competitionId) ?? f.competitionId,
        code: f.code,
        season: feedSeason(f.code, now),
        lastRun: last.get(f.competitionId) ?? null,
      })),
  };
};
