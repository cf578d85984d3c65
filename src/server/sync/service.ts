import type { Kysely } from 'kysely';
import {
  type SyncCompetitionResult,
  type SyncOverview,
  type SyncRunSummary,
} from '../../domain/openfootball';
import { rowOfReport } from '../../domain/sources/schedule-rows';
import type { Services } from '../context';
import type { Database } from '../db/database';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { pacer } from '../imports/pace';
import { applyRows, optimizeAfter, publishResults } from '../imports/service';
import type { Actor } from '../results/change';
import * as repo from './repository';
import { seasonSpans } from '../fixtures/repository';
import { listSeasons, sourcePlan } from './listed-seasons';
import { inTransaction } from '../db/transaction';
import { coveredBy, sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import { readLiveSourceMap } from '../competitions/catalogue';
import { existingCompetitions } from '../live/plan-repository';
import { liveOverviewOf, syncLive, totalsBySource } from '../live/service';
import { fetchReports } from '../sources/read';
import { recordRefusals } from '../sources/refusals';
import { fixtureSources, listingSources, listsHere } from '../sources/registry';
import type { FixtureSource } from '../sources/source';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger' | 'env' | 'now'>;

/**
 * The schedule sources (issue 49: those whose season answer is a competition's schedule —
 * openfootball's files today): each run reads one season file per competition and applies it
 * through the import planner, which creates the fixtures we lack.
 */
const scheduleSources = fixtureSources.filter((s) => s.schedules);
/** How the log names them. */
export const scheduleSourceNames = scheduleSources.map((s) => s.name).join(', ');

/** The longest a schedule source's run may take; its requests share this deadline. */
const runMs = 5 * 60_000;

// One run at a time per database in this process; PostgreSQL adds a lock across instances.
const running = new WeakSet<Database>();
export const isSyncRunning = (database: Database) => running.has(database);

export interface SyncOptions {
  /** One competition instead of all. */
  competitionId?: string;
  /** Instead of the source's configured URL (a mirror). */
  url?: string;
  timeoutMs?: number;
  /** One season (our label) instead of the one containing today; needs `competitionId`. */
  season?: string;
}

type Competition = Awaited<ReturnType<typeof repo.competitionsForSync>>[number];
interface Context {
  deps: Deps;
  db: Kysely<DB>;
  source: FixtureSource;
  map: LiveSourceMap;
  url: string;
  timeoutMs: number;
  /** The run's deadline: its requests share it. */
  signal: AbortSignal;
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

const seasonOf = (ctx: Context, code: string, competitionId: string) =>
  ctx.season ?? ctx.source.currentSeason?.({ competitionId, code, base: ctx.url }, ctx.now) ?? '';

/**
 * One competition: fetch its season's answer, read and check it, and apply it in one
 * transaction through the import path (season-scoped matching, origins, set-based scoring,
 * audit as the source).
 */
const syncCompetition = async (
  ctx: Context,
  c: Competition,
  code: string,
): Promise<SyncCompetitionResult & { offline?: boolean; reason?: string }> => {
  const { deps, db, now, source } = ctx;
  const season = seasonOf(ctx, code, c.id);
  const [url] =
    source.requests.season?.({ competitionId: c.id, code, base: ctx.url }, season) ?? [];
  if (!url) return result(c, code, season, { outcome: 'missing', error: `No ${season} to read.` });
  const pace = pacer();
  const fetched = await fetchReports(source, url, {
    env: deps.env,
    now,
    timeZone: c.timeZone,
    pace,
    timeoutMs: ctx.timeoutMs,
    signal: ctx.signal,
    base: ctx.url,
  });
  if (fetched.kind === 'failed') {
    if (fetched.refusal) await recordRefusals(deps, source.id, [fetched.refusal], now);
    if (fetched.status === 404) {
      deps.logger.info({ url }, 'fixture sync: no file for this season yet (404)');
      return result(c, code, season, {
        outcome: 'missing',
        error: `No file for ${season} yet (HTTP 404).`,
      });
    }
    if (fetched.refusal?.reason === 'unreadable' || fetched.refusal?.reason === 'too-large') {
      const error =
        fetched.error === 'not JSON'
          ? 'The file is not valid JSON.'
          : `Not read: ${fetched.error}.`;
      deps.logger.warn({ url, error }, 'fixture sync: malformed file');
      return result(c, code, season, { outcome: 'malformed', error });
    }
    return {
      ...result(c, code, season, {
        outcome: 'unreachable',
        error: `Could not read ${url}: ${fetched.error}`,
      }),
      offline: fetched.status === null,
      reason: fetched.error,
    };
  }
  await recordRefusals(deps, source.id, fetched.refusals, now);
  const rows = fetched.reports.map((r, i) => rowOfReport(r, fetched.positions[i] ?? i));
  const actor: Actor = { id: null, label: source.id, origin: source.id };
  try {
    const outcome = await inTransaction(db, async (trx) =>
      applyRows(
        trx,
        actor,
        { competitionId: c.id, season, timeZone: c.timeZone },
        rows,
        now,
        pace,
        await sourcePlan(trx, deps.env, ctx.map, { competitionId: c.id, season }, source),
      ),
    );
    if (outcome.held > 0)
      await recordRefusals(
        deps,
        source.id,
        Array.from({ length: outcome.held }, () => ({
          reason: 'kickoff' as const,
          detail: `${c.id} ${season}: a kick-off moved more than 2 hours earlier`,
        })),
        now,
      );
    await publishResults(deps, c.id, outcome.events, outcome.moved);
    await optimizeAfter(deps.database, outcome.counts);
    const counts = {
      ...outcome.counts,
      rejected: outcome.counts.rejected + fetched.refusals.length,
    };
    return result(c, code, season, { outcome: 'applied', counts });
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
    const code = sourceCode(ctx.map, c.id, ctx.source.id) ?? '';
    const season = seasonOf(ctx, code, c.id);
    // A source that does not answer won't for the rest of this run: don't wait on each file.
    // Each competition's error names its own file, with the reason the first one found.
    const [url] =
      ctx.source.requests.season?.({ competitionId: c.id, code, base: ctx.url }, season) ?? [];
    const {
      offline: unanswered,
      reason,
      ...r
    }: Awaited<ReturnType<typeof syncCompetition>> = offline
      ? result(c, code, season, {
          outcome: 'unreachable',
          error: `Could not read ${url ?? code}: ${offline}`,
        })
      : await syncCompetition(ctx, c, code);
    if (unanswered) offline = reason ?? r.error;
    await repo.recordSyncRun(ctx.db, ctx.source.id, r, ctx.now.toISOString());
    results.push(r);
  }
  return results;
};

type FixtureSyncSummary = Omit<SyncRunSummary, 'live'>;

/** The schedule sources' part of a sync; the caller holds this process's flag. */
const syncFeeds = async (
  deps: Deps,
  options: SyncOptions,
  map: LiveSourceMap,
  force = false,
): Promise<FixtureSyncSummary> => {
  const now = deps.now();
  const all: SyncCompetitionResult[] = [];
  const asked = (id: string) => options.competitionId === undefined || id === options.competitionId;
  let any = false;
  const contextOf = (source: FixtureSource, db: Kysely<DB>, season?: string): Context => ({
    deps,
    db,
    source,
    map,
    url: options.url ?? source.baseUrl(deps.env),
    timeoutMs: options.timeoutMs ?? 10_000,
    signal: AbortSignal.timeout(runMs),
    now,
    season: season ?? options.season,
  });
  for (const source of scheduleSources) {
    const ids = coveredBy(map, source.id).filter(asked);
    const competitions = await repo.competitionsForSync(deps.database.db, ids);
    if (competitions.length === 0) continue;
    any = true;
    const order = new Map(ids.map((id, i) => [id, i]));
    competitions.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const locked = await withJobLock(deps.database, jobLockKeys.fixtureSync, (db) =>
      runAll(contextOf(source, db), competitions),
    );
    if (!locked.locked) throw new AppError('SYNC_RUNNING');
    all.push(...locked.value);
  }
  // Seasons no schedule source has: a source that lists whole seasons creates them (issue 50).
  const listed = listingSources.filter((s) => listsHere(s, deps.env, force));
  const listedIds = [...new Set(listed.flatMap((s) => coveredBy(map, s.id)))].filter(asked);
  if (listedIds.length > 0) {
    any = true;
    const competitions = await repo.competitionsForSync(deps.database.db, listedIds);
    const order = new Map(Object.keys(map).map((id, i) => [id, i]));
    competitions.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    /** A schedule source holds the season (its file answered), read for that season if need be. */
    const scheduled = async (db: Kysely<DB>, c: Competition, season: string) => {
      for (const source of scheduleSources) {
        const code = sourceCode(map, c.id, source.id);
        if (!code || !(source.enabled?.(deps.env) ?? true)) continue;
        let read = all.find((r) => r.competitionId === c.id && r.season === season && !r.source);
        if (!read) {
          read = (({ offline: _o, reason: _r, ...r }) => r)(
            // The season the lister names (MLS: '2027' while today's file is '2026').
            await syncCompetition(contextOf(source, db, season), c, code),
          );
          await repo.recordSyncRun(db, source.id, read, now.toISOString());
          all.push(read);
        }
        // Only a file that is not there (404) hands the season over.
        if (read.outcome !== 'missing') return true;
      }
      return false;
    };
    const heldByFile = async (db: Kysely<DB>, c: Competition) => {
      const read = all.filter((r) => r.competitionId === c.id && !r.source);
      if (read.length === 0 || read.some((r) => r.outcome === 'missing')) return false;
      const spans = await seasonSpans(db, c.id, now);
      return spans.some((s) => read.some((r) => r.season === s.season) && s.nextKickoff !== null);
    };
    const locked = await withJobLock(deps.database, jobLockKeys.fixtureSync, (db) =>
      listSeasons(
        {
          deps,
          db,
          map,
          now,
          signal: AbortSignal.timeout(runMs),
          timeoutMs: options.timeoutMs ?? 10_000,
          force: force || options.competitionId !== undefined,
          scheduled: (c, season) => scheduled(db, c, season),
          heldByFile: (c) => heldByFile(db, c),
        },
        competitions,
      ),
    );
    if (!locked.locked) throw new AppError('SYNC_RUNNING');
    for (const r of locked.value) {
      // The lister took over the season a schedule file lacked: one entry per competition.
      if (r.outcome !== 'unreachable')
        for (let k = all.length - 1; k >= 0; k -= 1) {
          const a = all[k];
          if (a && a.competitionId === r.competitionId && !a.source && a.outcome === 'missing')
            all.splice(k, 1);
        }
      all.push(r);
    }
  }
  if (options.competitionId !== undefined && !any)
    throw new AppError('UNKNOWN_COMPETITION', 'No schedule source covers this competition.');
  const summary = { ranAt: now.toISOString(), competitions: all };
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
export const runFixtureSync = (
  deps: Deps,
  options: SyncOptions = {},
  map: LiveSourceMap = readLiveSourceMap(),
) => asTheSync(deps, () => syncFeeds(deps, options, map));

/**
 * An admin's 'Sync now' (`POST /api/admin/sync`): the schedule sources' files, then every live
 * source (issue 28) — with `season`, that whole season of one competition (the season call of
 * a source that has one, month by month where fixtures lack a confirmed result or minute);
 * without, the current season of one or every competition.
 */
export const runAdminSync = (
  deps: Deps,
  options: { competitionId?: string; season?: string },
  map: LiveSourceMap = readLiveSourceMap(),
): Promise<SyncRunSummary> =>
  asTheSync(deps, async () => {
    const covered = (source: FixtureSource) =>
      options.competitionId === undefined ||
      sourceCode(map, options.competitionId, source.id) !== undefined;
    const scheduled = [...scheduleSources, ...listingSources].some(covered);
    const liveIds = Object.keys(map).filter(
      (id) => options.competitionId === undefined || id === options.competitionId,
    );
    if (options.competitionId !== undefined && !fixtureSources.some(covered))
      throw new AppError('UNKNOWN_COMPETITION', 'No source covers this competition.');
    const feeds =
      options.competitionId === undefined || scheduled
        ? await syncFeeds(deps, options, map, true)
        : { ranAt: deps.now().toISOString(), competitions: [] };
    const here = await existingCompetitions(deps.database.db, liveIds);
    const runs = await syncLive(deps, map, here, { kind: 'season', season: options.season });
    return {
      ...feeds,
      live: totalsBySource(runs).map(({ backOff: _b, ...t }) => t),
    };
  });

/**
 * Per competition a schedule source covers: the season it reads now and its last run; and per
 * competition a source that lists seasons created or updated (issue 50), its last list.
 */
export const syncOverview = async (
  deps: Deps,
  _admin: unknown,
  map: LiveSourceMap = readLiveSourceMap(),
): Promise<SyncOverview> => {
  const now = deps.now();
  const competitions: SyncOverview['competitions'] = [];
  for (const source of [...scheduleSources, ...listingSources]) {
    const ids = coveredBy(map, source.id);
    const names = new Map(
      (await repo.competitionsForSync(deps.database.db, ids)).map((c) => [c.id, c.name]),
    );
    const last = await repo.lastSyncRuns(deps.database.db, source.id);
    const base = source.baseUrl(deps.env);
    for (const id of ids) {
      const code = sourceCode(map, id, source.id);
      if (!names.has(id) || !code) continue;
      const lastRun = last.get(id) ?? null;
      // A lister's row only where it has listed a season (it is the schedule source there).
      if (!source.schedules && !lastRun) continue;
      competitions.push({
        competitionId: id,
        name: names.get(id) ?? id,
        source: source.id,
        code,
        season:
          source.currentSeason?.({ competitionId: id, code, base }, now) ?? lastRun?.season ?? '',
        lastRun,
      });
    }
  }
  return {
    enabled: scheduleSources.some((s) => s.enabled?.(deps.env) ?? true),
    running: isSyncRunning(deps.database),
    live: await liveOverviewOf(deps),
    competitions,
  };
};
