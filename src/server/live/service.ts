import type { LiveSource } from '../../domain/live/report';
import { isRefusalReason } from '../../domain/sources/checks';
import { isSourceId } from '../../domain/sources/ids';
import type { LiveOverview } from '../../domain/openfootball';
import { writeAudit } from '../audit/repository';
import { inDerivedTransaction, inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import type { Actor } from '../results/change';
import { catalogueAliases, sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import type { Services } from '../context';
import { pacer } from '../imports/pace';
import { livePollErrors, livePolls } from '../runtime/metrics';
import { fetchReports, type Fetched, type Refusal } from '../sources/read';
import { recordRefusals, refusalOverview } from '../sources/refusals';
import { fixtureSources, isInUse, liveSourcesInUse } from '../sources/registry';
import type { FixtureSource, PlannedFixture } from '../sources/source';

/**
 * How long the live job works before the event loop gets a turn: well under the 20 ms goal, as a
 * match's statements and a slice of reports come on top of it (bench/live.ts).
 */
export const livePaceMs = 5;
import { addCounts, applyReports, emptyCounts, type ApplyCounts } from './apply';
import { resolveSeason } from '../fixtures/seasons';
import * as plan from '../fixtures/live-repository';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger' | 'env' | 'now'>;

/**
 * What a run reads (issue 28): `live` — competitions with a match in its live window, the days
 * of those matches; `upcoming` — the next 14 days (moved kick-offs, postponements); `backfill`
 * — kicked-off fixtures still lacking a confirmed result or minute, a bounded number of
 * requests per source; `season` — one competition's whole season (an admin's sync).
 */
export type LiveMode =
  | { kind: 'live' }
  | { kind: 'upcoming' }
  | { kind: 'backfill'; maxRequests?: number }
  /** One competition's season (our label), or its current one. */
  | { kind: 'season'; season?: string | undefined };

export interface SourceSummary extends ApplyCounts {
  source: LiveSource;
  requests: number;
  /** Requests that failed (no answer, an error status, an answer of another shape). */
  failed: number;
  /** The first error of the run, if any. */
  error: string | null;
  /** An error status that asks us to slow down (429) or a server error (5xx). */
  backOff: boolean;
}

const hour = 3_600_000;
const day = 24 * hour;
/** A fixture is polled from 10 minutes before kick-off until its result is confirmed (≤ 4 h). */
export const liveWindow = { beforeMs: 10 * 60_000, afterMs: 4 * hour };
/** The longest one run of the live job may take; its requests share this deadline. */
export const liveRunMs = 5 * 60_000;

/** The fixtures a run asks a source about, for one competition. */
const fixturesFor = async (
  deps: Deps,
  competitionId: string,
  mode: LiveMode,
  now: Date,
): Promise<PlannedFixture[]> => {
  const db = deps.database.db;
  if (mode.kind === 'live')
    return plan.kickoffsInWindow(
      db,
      competitionId,
      new Date(now.getTime() - liveWindow.afterMs).toISOString(),
      new Date(now.getTime() + liveWindow.beforeMs).toISOString(),
    );
  if (mode.kind === 'upcoming')
    return plan.fixturesToCome(
      db,
      competitionId,
      now.toISOString(),
      new Date(now.getTime() + 14 * day).toISOString(),
    );
  return plan.fixturesLackingResult(
    db,
    competitionId,
    now.toISOString(),
    // The season asked for, else the competition's current one (docs/design.md §2).
    (mode.kind === 'season' ? mode.season : undefined) ??
      (await resolveSeason(db, competitionId, undefined, now)).current ??
      '',
  );
};

/** The requests a run makes to one source for one competition: what the source says answers it. */
const requestsFor = (
  deps: Deps,
  map: LiveSourceMap,
  competitionId: string,
  source: FixtureSource,
  mode: LiveMode,
  fixtures: readonly PlannedFixture[],
): string[] => {
  const code = sourceCode(map, competitionId, source.id);
  if (!code || fixtures.length === 0) return [];
  const coverage = { competitionId, code, base: source.baseUrl(deps.env) };
  const ask = mode.kind === 'live' ? source.requests.live : source.requests.days;
  return ask?.(coverage, fixtures) ?? [];
};

/**
 * One request of a source for one competition, as every job makes it: fetched and checked,
 * counted (per day in the database, and in /metrics), its reports applied through the one apply
 * path with every source in use heard, and every refusal recorded. `env` reads the source with
 * other settings than the instance's (a token).
 */
export const pollSource = async (
  deps: Deps,
  map: LiveSourceMap,
  source: FixtureSource,
  url: string,
  input: {
    competitionId: string;
    signal?: AbortSignal;
    timeoutMs?: number;
    base?: string;
    env?: Services['env'];
  },
): Promise<
  /** `items`: the matches the answer held, those refused by the checks among them. */
  | { kind: 'applied'; counts: ApplyCounts; items: number }
  | { kind: 'failed'; fetched: Extract<Fetched, { kind: 'failed' }> }
> => {
  const env = input.env ?? deps.env;
  const pace = pacer(livePaceMs);
  const fetched = await fetchReports(source, url, {
    env,
    now: deps.now(),
    pace,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
    ...(input.base === undefined ? {} : { base: input.base }),
  });
  livePolls.inc({ source: source.id });
  await inDerivedTransaction(deps.database, (trx) =>
    repo.countRequest(
      trx,
      source.id,
      deps.now(),
      fetched.kind === 'ok' ? { ok: true } : { ok: false, error: fetched.error },
    ),
  );
  if (fetched.kind === 'failed') {
    livePollErrors.inc({ source: source.id });
    if (fetched.refusal) await recordRefusals(deps, source.id, [fetched.refusal], deps.now());
    return { kind: 'failed', fetched };
  }
  const refusals: Refusal[] = [...fetched.refusals];
  const counts = await applyReports(deps, {
    competitionId: input.competitionId,
    source: source.id,
    reports: fetched.reports,
    liveOrder: env.LIVE_SOURCES,
    inUse: fixtureSources.filter((s) => s === source || isInUse(s, env)).map((s) => s.id),
    aliases: catalogueAliases(map, input.competitionId),
    now: deps.now(),
    pace,
    refusals,
  });
  await recordRefusals(deps, source.id, refusals, deps.now());
  return {
    kind: 'applied',
    counts: { ...counts, refused: counts.refused + fetched.refusals.length },
    items: fetched.reports.length + fetched.refusals.length,
  };
};

export interface CompetitionSync {
  competitionId: string;
  sources: SourceSummary[];
}

/**
 * One run over some competitions: for each enabled source (LIVE_SOURCES order) its requests,
 * counted per day, and their answers applied. `skip` names sources to leave out this run (backing
 * off). Never throws for a source that cannot be read.
 */
export const syncLive = async (
  deps: Deps,
  map: LiveSourceMap,
  competitionIds: readonly string[],
  mode: LiveMode,
  options: { skip?: ReadonlySet<LiveSource>; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<CompetitionSync[]> => {
  const budget = new Map<LiveSource, number>();
  const results: CompetitionSync[] = [];
  const signal = options.signal ?? AbortSignal.timeout(liveRunMs);
  for (const competitionId of competitionIds) {
    const sources: SourceSummary[] = [];
    const fixtures = await fixturesFor(deps, competitionId, mode, deps.now());
    for (const source of liveSourcesInUse(deps.env)) {
      if (options.skip?.has(source.id)) continue;
      let requests = requestsFor(deps, map, competitionId, source, mode, fixtures);
      if (mode.kind === 'backfill') {
        const left = (mode.maxRequests ?? 12) - (budget.get(source.id) ?? 0);
        // The most recent months first: the newest gaps matter most.
        requests = requests.reverse().slice(0, Math.max(0, left));
        budget.set(source.id, (budget.get(source.id) ?? 0) + requests.length);
      }
      if (requests.length === 0) continue;
      const summary: SourceSummary = {
        source: source.id,
        ...emptyCounts(),
        requests: 0,
        failed: 0,
        error: null,
        backOff: false,
      };
      for (const url of requests) {
        const polled = await pollSource(deps, map, source, url, {
          competitionId,
          signal,
          ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        });
        summary.requests += 1;
        if (polled.kind === 'applied') {
          Object.assign(summary, addCounts(summary, polled.counts));
          continue;
        }
        const fetched = polled.fetched;
        summary.failed += 1;
        summary.error ??= `${fetched.error} (${url})`;
        // A source asking us to slow down, failing, or sending what we refuse to read (too
        // large, redirected elsewhere) is left alone for a while.
        if (
          fetched.status === 429 ||
          (fetched.status !== null && fetched.status >= 500) ||
          fetched.refusal?.reason === 'too-large' ||
          fetched.refusal?.reason === 'redirect'
        )
          summary.backOff = true;
        // No answer at all: the source is away; its other requests would wait the same.
        if (fetched.status === null || summary.backOff) break;
      }
      sources.push(summary);
    }
    if (sources.length > 0) results.push({ competitionId, sources });
  }
  return results;
};

/** Totals per source over a run's competitions. */
export const totalsBySource = (runs: readonly CompetitionSync[]) => {
  const totals = new Map<LiveSource, Omit<SourceSummary, 'source'>>();
  for (const run of runs)
    for (const s of run.sources) {
      const t = totals.get(s.source) ?? {
        ...emptyCounts(),
        requests: 0,
        failed: 0,
        error: null,
        backOff: false,
      };
      totals.set(s.source, {
        ...addCounts(t, s),
        requests: t.requests + s.requests,
        failed: t.failed + s.failed,
        error: t.error ?? s.error,
        backOff: t.backOff || s.backOff,
      });
    }
  return [...totals].map(([source, t]) => ({ source, ...t }));
};

/** The live part of the admins' sync overview: every source in use, live ones in their order. */
export const liveOverviewOf = async (deps: Deps): Promise<LiveOverview> => {
  const db = deps.database.db;
  const now = deps.now();
  const counts = await repo.requestCounts(db, now.toISOString().slice(0, 10));
  const refusals = await refusalOverview(deps, now);
  const polled = fixtureSources.filter((s) => !s.live && !s.schedules && isInUse(s, deps.env));
  return {
    enabled: deps.env.LIVE_SYNC,
    sources: [...liveSourcesInUse(deps.env), ...polled].map(({ id: source }) => {
      const c = counts.get(source);
      return {
        source,
        requestsToday: c?.today ?? 0,
        errorsToday: c?.errorsToday ?? 0,
        lastSuccessAt: c?.lastSuccessAt ?? null,
        lastErrorAt: c?.lastErrorAt ?? null,
        lastError: c?.lastError ?? null,
      };
    }),
    refusals: refusals.flatMap((r) =>
      isSourceId(r.source) && isRefusalReason(r.reason)
        ? [{ ...r, source: r.source, reason: r.reason }]
        : [],
    ),
    unmatched: (await repo.unmatchedMatches(db)).flatMap((u) =>
      isSourceId(u.source) ? [{ ...u, source: u.source }] : [],
    ),
    disagreements: (await plan.fixtureDisagreements(db)).flatMap((d) =>
      d.disagreement ? [{ ...d, disagreement: d.disagreement }] : [],
    ),
  };
};

/**
 * An admin pairs a match no fixture was paired with: the link is remembered, the source's
 * names become aliases of the fixture's teams, and the next poll applies the match.
 */
export const linkMatch = async (
  deps: Deps,
  actor: Actor,
  body: { source: LiveSource; matchId: string; fixtureId: string },
) =>
  inTransaction(deps.database.db, async (trx) => {
    const unmatched = await repo.findUnmatched(trx, body.source, body.matchId);
    if (!unmatched) throw new AppError('NOT_FOUND', 'This match is not waiting for a fixture.');
    const [fixture] = await plan.fixtureRowsByIds(trx, [body.fixtureId]);
    if (!fixture || fixture.competitionId !== unmatched.competition_id)
      throw new AppError('UNKNOWN_FIXTURE');
    const at = deps.now();
    await repo.saveLink(trx, {
      source: body.source,
      matchId: body.matchId,
      fixtureId: fixture.id,
      by: 'admin',
      at: at.toISOString(),
    });
    for (const [alias, team] of [
      [unmatched.home_team, fixture.homeTeam],
      [unmatched.away_team, fixture.awayTeam],
    ] as const)
      if (alias !== team)
        await repo.saveAlias(trx, {
          competitionId: fixture.competitionId,
          alias,
          teamName: team,
          learntFrom: 'admin',
        });
    await writeAudit(
      trx,
      actor,
      {
        action: 'fixture.link',
        entityType: 'fixture',
        entityId: fixture.id,
        after: { source: body.source, matchId: body.matchId },
      },
      at,
    );
    return { fixtureId: fixture.id };
  });
