import { zonedDateTime } from '../../domain/kickoff';
import { espnDatesFor } from '../../domain/live/espn';
import { openLigaDbSeason } from '../../domain/live/openligadb';
import { liveSources, type LiveSource } from '../../domain/live/report';
import type { LiveOverview } from '../../domain/openfootball';
import { writeAudit } from '../audit-repository';
import { inDerivedTransaction, inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import type { Actor } from '../results/change';
import { catalogueAliases, sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import type { Services } from '../context';
import { pacer } from '../imports/pace';
import { livePollErrors, livePolls } from '../metrics';

/**
 * How long the live job works before the event loop gets a turn: well under the 20 ms goal, as a
 * match's statements and a slice of reports come on top of it (bench/live.ts).
 */
export const livePaceMs = 5;
import { addCounts, applyReports, emptyCounts, type ApplyCounts } from './apply';
import { espnScoreboardUrl, fetchReports, openLigaDbUrl, type SourceRequest } from './clients';
import { resolveSeason } from '../fixtures/seasons';
import * as plan from './plan-repository';
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

/** ESPN's months (`YYYYMM`, US Eastern like its days) of a set of kick-offs. */
const espnMonths = (kickoffs: readonly string[]) =>
  [
    ...new Set(
      kickoffs.map((k) =>
        zonedDateTime(new Date(k), 'America/New_York').date.slice(0, 7).replace('-', ''),
      ),
    ),
  ].sort();

/** The requests a run makes to one source for one competition. */
const requestsFor = async (
  deps: Deps,
  map: LiveSourceMap,
  competitionId: string,
  source: LiveSource,
  mode: LiveMode,
  now: Date,
): Promise<SourceRequest[]> => {
  const code = sourceCode(map, competitionId, source);
  if (!code) return [];
  const db = deps.database.db;
  const base = source === 'espn' ? deps.env.ESPN_URL : deps.env.OPENLIGADB_URL;
  if (mode.kind === 'live') {
    const kickoffs = await plan.kickoffsInWindow(
      db,
      competitionId,
      new Date(now.getTime() - liveWindow.afterMs).toISOString(),
      new Date(now.getTime() + liveWindow.beforeMs).toISOString(),
    );
    if (kickoffs.length === 0) return [];
    if (source === 'espn')
      return espnDatesFor(kickoffs).map((d) => ({ source, url: espnScoreboardUrl(base, code, d) }));
    return [{ source, url: `${base}/getmatchdata/${encodeURIComponent(code)}` }];
  }
  const fixtures =
    mode.kind === 'upcoming'
      ? await plan.fixturesToCome(
          db,
          competitionId,
          now.toISOString(),
          new Date(now.getTime() + 14 * day).toISOString(),
        )
      : await plan.fixturesLackingResult(
          db,
          competitionId,
          now.toISOString(),
          // The season asked for, else the competition's current one (DESIGN §2).
          (mode.kind === 'season' ? mode.season : undefined) ??
            (await resolveSeason(db, competitionId, undefined, now)).current ??
            '',
        );
  if (fixtures.length === 0) return [];
  if (source === 'espn')
    return espnMonths(fixtures.map((f) => f.kickoffAt)).map((m) => ({
      source,
      url: espnScoreboardUrl(base, code, m),
    }));
  const seasons = [...new Set(fixtures.map((f) => openLigaDbSeason(f.season)))].filter(
    (s): s is number => s !== null,
  );
  return seasons.map((s) => ({ source, url: openLigaDbUrl(base, code, s) }));
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
  options: { skip?: ReadonlySet<LiveSource>; timeoutMs?: number } = {},
): Promise<CompetitionSync[]> => {
  const liveOrder = deps.env.LIVE_SOURCES;
  const budget = new Map<LiveSource, number>();
  const results: CompetitionSync[] = [];
  for (const competitionId of competitionIds) {
    const sources: SourceSummary[] = [];
    for (const source of liveOrder) {
      if (options.skip?.has(source)) continue;
      const now = deps.now();
      let requests = await requestsFor(deps, map, competitionId, source, mode, now);
      if (mode.kind === 'backfill') {
        const left = (mode.maxRequests ?? 12) - (budget.get(source) ?? 0);
        // The most recent months first: the newest gaps matter most.
        requests = requests.reverse().slice(0, Math.max(0, left));
        budget.set(source, (budget.get(source) ?? 0) + requests.length);
      }
      if (requests.length === 0) continue;
      const summary: SourceSummary = {
        source,
        ...emptyCounts(),
        requests: 0,
        failed: 0,
        error: null,
        backOff: false,
      };
      for (const request of requests) {
        const pace = pacer(livePaceMs);
        const fetched = await fetchReports(request, deps.now(), pace, options.timeoutMs);
        summary.requests += 1;
        livePolls.inc({ source });
        await inDerivedTransaction(deps.database, (trx) =>
          repo.countRequest(
            trx,
            source,
            deps.now(),
            fetched.kind === 'ok' ? { ok: true } : { ok: false, error: fetched.error },
          ),
        );
        if (fetched.kind === 'failed') {
          summary.failed += 1;
          livePollErrors.inc({ source });
          summary.error ??= `${fetched.error} (${request.url})`;
          if (fetched.status === 429 || (fetched.status !== null && fetched.status >= 500))
            summary.backOff = true;
          // No answer at all: the source is away; its other requests would wait the same.
          if (fetched.status === null || summary.backOff) break;
          continue;
        }
        const counts = await applyReports(deps, {
          competitionId,
          source,
          reports: fetched.reports,
          liveOrder,
          aliases: catalogueAliases(map, competitionId),
          now: deps.now(),
          pace,
        });
        Object.assign(summary, addCounts(summary, counts));
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

/** The live part of the admins' sync overview. */
export const liveOverviewOf = async (deps: Deps): Promise<LiveOverview> => {
  const db = deps.database.db;
  const counts = await repo.requestCounts(db, deps.now().toISOString().slice(0, 10));
  const isLive = (s: string): s is LiveSource => (liveSources as readonly string[]).includes(s);
  return {
    enabled: deps.env.LIVE_SYNC,
    sources: deps.env.LIVE_SOURCES.map((source) => {
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
    unmatched: (await repo.unmatchedMatches(db)).flatMap((u) =>
      isLive(u.source) ? [{ ...u, source: u.source }] : [],
    ),
    disagreements: (await repo.disagreements(db)).flatMap((d) =>
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
    const [fixture] = await repo.fixturesByIds(trx, [body.fixtureId]);
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
