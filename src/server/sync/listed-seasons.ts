import type { Kysely, Transaction } from 'kysely';
import type { ImportRow } from '../../domain/import';
import type { SyncCompetitionResult } from '../../domain/openfootball';
import { catalogueAliases, sourceCode, type LiveSourceMap } from '../../domain/live/source-map';
import { rowOfReport } from '../../domain/sources/schedule-rows';
import { listedRoundsSteps } from '../../domain/sources/season-rounds';
import type { Services } from '../context';
import type { DB } from '../db/schema';
import { inDerivedTransaction, inTransaction } from '../db/transaction';
import { resolveSeason } from '../fixtures/seasons';
import { pacer, runInSlices } from '../imports/pace';
import { applyRows, optimizeAfter, publishResults } from '../imports/service';
import { aliasesOf } from '../live/apply';
import { livePaceMs } from '../live/service';
import * as live from '../live/repository';
import type { Actor } from '../results/change';
import { pairingsOfSeason } from '../fixtures/live-repository';
import { rememberPairings } from '../sources/pairings-repository';
import { recordRefusals } from '../sources/refusals';
import { listingSources, listsHere, precedenceOf } from '../sources/registry';
import { listSeason } from '../sources/season-list';
import type { FixtureSource } from '../sources/source';
import * as repo from './repository';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger' | 'env' | 'now'>;
type Competition = Awaited<ReturnType<typeof repo.competitionsForSync>>[number];

/**
 * Seasons a source creates (issue 50): for a competition whose current season no schedule
 * source has (openfootball answers 404 for the season the lister names, or has no file for the
 * competition at all), a source that lists whole seasons (ESPN) is its schedule source — its list
 * creates every fixture we lack (teams, kick-off, round worked out, its match id remembered as the
 * pairing) and updates what it listed before, through the same import planner as a schedule
 * file. Never deletes: a fixture the list no longer holds stays and is counted `unlisted`.
 * Results are not taken from the list: they come by the live path, which confirms them.
 */

/** Whether the competition's current season (docs/design.md §2, as its pages show it) has fixtures. */
const currentSeasonHasFixtures = async (db: Kysely<DB>, competitionId: string, now: Date) => {
  const { current, spans } = await resolveSeason(db, competitionId, undefined, now);
  return spans.some((s) => s.season === current && s.fixtures > 0);
};

/** How often a season a lister created is read again (it moves kick-offs and postponements). */
const relistMs = 20 * 3_600_000;

export interface ListingRun {
  deps: Deps;
  db: Kysely<DB>;
  map: LiveSourceMap;
  now: Date;
  signal: AbortSignal;
  timeoutMs: number;
  /** An admin asked: read now, whenever the last read was. */
  force: boolean;
  /**
   * Whether a schedule source holds this season of the competition (read it if need be): then
   * that source stays the schedule source and the lister only updates by the live path.
   */
  scheduled: (c: Competition, season: string) => Promise<boolean>;
  /** A schedule source read this competition's season, which has matches to come: no list needed. */
  heldByFile: (c: Competition) => Promise<boolean>;
}

const result = (
  c: Competition,
  source: FixtureSource,
  code: string,
  season: string,
  rest: Pick<SyncCompetitionResult, 'outcome'> & Partial<SyncCompetitionResult>,
): SyncCompetitionResult => ({
  competitionId: c.id,
  source: source.id,
  code,
  season,
  counts: null,
  error: null,
  ...rest,
});

/**
 * What the import planner needs to apply a source's season (beside an admin's file): the
 * precedence, the kick-offs other sources give, the team names' other spellings.
 */
export const sourcePlan = async (
  trx: Transaction<DB>,
  env: Services['env'],
  map: LiveSourceMap,
  target: { competitionId: string; season: string },
  source: FixtureSource,
) => ({
  precedence: precedenceOf(env.LIVE_SOURCES),
  otherKickoffs: await live.reportedKickoffs(trx, target.competitionId, target.season, source.id),
  aliases: await aliasesOf(trx, target.competitionId, catalogueAliases(map, target.competitionId)),
});

/** One competition's season as a lister has it, applied; null when it is not the lister's. */
const listCompetition = async (
  run: ListingRun,
  source: FixtureSource,
  c: Competition,
  code: string,
): Promise<SyncCompetitionResult | null> => {
  const { deps, db, now } = run;
  // The live job's slices (5 ms): a day's read of every season stays under 20 ms a turn.
  const pace = pacer(livePaceMs);
  const list = await listSeason(
    source,
    { competitionId: c.id, code, base: source.baseUrl(deps.env) },
    {
      env: deps.env,
      now,
      pace,
      signal: run.signal,
      timeoutMs: run.timeoutMs,
      counted: (outcome) =>
        inDerivedTransaction(deps.database, (trx) =>
          live.countRequest(trx, source.id, deps.now(), outcome),
        ),
    },
  );
  await recordRefusals(deps, source.id, list.refusals, now);
  if (list.kind === 'failed')
    return result(c, source, code, '', {
      outcome: list.status === null ? 'unreachable' : 'failed',
      error: `${source.name}: ${list.error}`,
    });
  const season = list.season.label;
  if (await run.scheduled(c, season)) return null;

  const pairings = await pairingsOfSeason(db, source.id, c.id, season);
  // Rounds of the matches not paired yet; a season already listed keeps its own.
  const unpaired = list.reports.some((r) => !pairings.has(r.matchId));
  const rounds = unpaired
    ? await runInSlices(
        listedRoundsSteps(
          list.reports.map((r) => ({
            kickoffAt: r.kickoffAt,
            home: r.home[0] ?? '',
            away: r.away[0] ?? '',
            stage: r.stage ?? null,
            tbd: r.tbd ?? false,
          })),
          c.kind === 'tournament' ? 'tournament' : 'league',
          list.season.stages,
        ),
        pace,
      )
    : list.reports.map(() => null);
  const rows: ImportRow[] = list.reports.map((report, i) => {
    // A paired fixture keeps its round: the planner files the row under it.
    const round = rounds[i] ?? (pairings.has(report.matchId) ? 'paired' : null);
    const row = rowOfReport(report, i, round);
    if (!row.ok) return row;
    const { result: _played, ...schedule } = row;
    return { ...schedule, matchId: report.matchId, tbd: report.tbd ?? false };
  });
  const actor: Actor = { id: null, label: source.id, origin: source.id };
  try {
    const outcome = await inTransaction(db, async (trx) => {
      const applied = await applyRows(
        trx,
        actor,
        { competitionId: c.id, season, timeZone: c.timeZone },
        rows,
        now,
        pace,
        {
          ...(await sourcePlan(trx, deps.env, run.map, { competitionId: c.id, season }, source)),
          pairings,
        },
      );
      const created = applied.rows.flatMap((r) => {
        const row = rows[r.index];
        return r.status === 'new' && r.fixtureId && row?.ok && row.matchId
          ? [{ source: source.id, matchId: row.matchId, fixtureId: r.fixtureId }]
          : [];
      });
      await rememberPairings(trx, created, now.toISOString(), source.id);
      return applied;
    });
    await publishResults(deps, c.id, outcome.events, outcome.moved);
    await optimizeAfter(deps.database, outcome.counts);
    const listed = new Set(list.reports.map((r) => r.matchId));
    const complete = list.full.length === 0 && list.failed.length === 0;
    const unlisted = complete ? [...pairings.keys()].filter((id) => !listed.has(id)).length : 0;
    if (list.full.length > 0)
      deps.logger.warn(
        { competitionId: c.id, periods: list.full, limit: source.listsSeasons?.limit },
        `${source.name}: an answer held its limit of matches and may be incomplete; what we have is kept`,
      );
    const problems = [
      list.full.length > 0
        ? `${list.full.join(', ')}: ${source.listsSeasons?.limit ?? ''} matches, maybe more`
        : null,
      list.failed.length > 0 ? `not read: ${list.failed.join(', ')}` : null,
    ].filter((p): p is string => p !== null);
    return result(c, source, code, season, {
      outcome: 'applied',
      counts: {
        ...outcome.counts,
        rejected: outcome.counts.rejected + list.refusals.length,
        unlisted,
      },
      error: problems.length > 0 ? problems.join('; ') : null,
    });
  } catch (err) {
    deps.logger.warn({ err, competitionId: c.id }, `${source.name}: applying the season failed`);
    return result(c, source, code, season, {
      outcome: 'failed',
      error: err instanceof Error ? err.message : String(err),
    });
  }
};

/**
 * Every competition a lister covers, unless a schedule source has its season. A season the
 * lister created is read again once a day (every run while the current season has no fixtures,
 * and whenever an admin asks). Each competition's outcome is recorded under the lister's id.
 */
export const listSeasons = async (
  run: ListingRun,
  competitions: readonly Competition[],
): Promise<SyncCompetitionResult[]> => {
  const results: SyncCompetitionResult[] = [];
  for (const source of listingSources) {
    if (!listsHere(source, run.deps.env, run.force)) continue;
    const last = await repo.lastSyncRuns(run.db, source.id);
    let offline: string | null = null;
    for (const c of competitions) {
      const code = sourceCode(run.map, c.id, source.id);
      if (!code) continue;
      const previous = last.get(c.id);
      const recent =
        previous?.lastSuccessAt &&
        run.now.getTime() - Date.parse(previous.lastSuccessAt) < relistMs;
      if (await run.heldByFile(c)) continue;
      if (!run.force && recent && (await currentSeasonHasFixtures(run.db, c.id, run.now))) continue;
      const r: SyncCompetitionResult | null = offline
        ? result(c, source, code, '', { outcome: 'unreachable', error: offline })
        : await listCompetition(run, source, c, code);
      if (!r) continue;
      if (r.outcome === 'unreachable') offline = r.error;
      // A read that named no season keeps the season of the last one.
      if (r.season === '') r.season = previous?.season ?? '';
      await repo.recordSyncRun(run.db, source.id, r, run.now.toISOString());
      results.push(r);
    }
  }
  return results;
};
