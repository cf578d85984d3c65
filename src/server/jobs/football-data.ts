import {
  footballDataCompetitions,
  footballDataSeason,
  normaliseTeamName,
  resultOf,
  syncUpdate,
  teamNamesOf,
  type FootballDataCompetition,
  type FootballDataMatch,
} from '../../domain/football-data';
import { allowedUpdate } from '../../domain/import-plan';
import type { Services } from '../context';
import { repeat } from './repeat';
import { jobLockKeys, withJobLock } from '../db/job-lock';
import { setSyncExternalId, storedFixtures } from '../fixtures/repository';
import { competitionIds } from '../competitions/repository';
import { inTransaction } from '../db/transaction';
import { applyFixtureChange, isResultEvent, type Actor } from '../results/change';
import { fetchCompetitionMatches, type FootballDataClientOptions } from './football-data-client';
import { createRateLimiter, realClock, type LimiterClock } from './rate-limiter';

type Deps = Pick<Services, 'database' | 'bus' | 'standings' | 'logger'>;
type Stored = Awaited<ReturnType<typeof storedFixtures>>[number];

const actor: Actor = { id: null, label: 'football-data', origin: 'football-data' };

/** Our fixture for a match: by `fd:<id>`, else by both team names (the same kick-off if several). */
export const matchFixture = (m: FootballDataMatch, fixtures: Stored[]) => {
  const byId = fixtures.find((f) => f.externalId === `fd:${m.id}`);
  if (byId) return byId;
  const home = teamNamesOf(m.homeTeam);
  const away = teamNamesOf(m.awayTeam);
  const candidates = fixtures.filter(
    (f) =>
      !f.externalId?.startsWith('fd:') &&
      home.has(normaliseTeamName(f.homeTeam)) &&
      away.has(normaliseTeamName(f.awayTeam)),
  );
  if (candidates.length <= 1) return candidates[0];
  const when = new Date(m.utcDate).getTime();
  const same = candidates.filter((f) => new Date(f.kickoffAt).getTime() === when);
  return same.length === 1 ? same[0] : undefined;
};

export interface SyncSummary {
  competitions: number;
  matches: number;
  matched: number;
  changed: number;
  failed: string[];
  /** Another instance held the job's lock: nothing was fetched. */
  skipped: boolean;
}

/**
 * One competition: every change in one transaction, through the admins' results path. Matches
 * are looked for in the season fetched; what an admin set is never changed.
 */
const syncCompetition = async (
  { database, bus, standings }: Deps,
  competitionId: string,
  season: string,
  matches: FootballDataMatch[],
  now: Date,
) => {
  const events: string[] = [];
  const counts = await inTransaction(database.db, async (trx) => {
    const fixtures = await storedFixtures(trx, competitionId, season);
    let matched = 0;
    let changed = 0;
    for (const m of matches) {
      const fixture = matchFixture(m, fixtures);
      const result = resultOf(m);
      if (!fixture) continue;
      matched += 1;
      if (fixture.externalId !== `fd:${m.id}`)
        await setSyncExternalId(trx, fixture.id, `fd:${m.id}`);
      if (!result) continue;
      const update = allowedUpdate(
        syncUpdate(fixture, result, m.utcDate),
        fixture.origins ?? {},
        actor.origin,
      );
      if (Object.keys(update).length === 0) continue;
      // Never a final result before kick-off: the match has to have started (DESIGN §3).
      if (update.status === 'final' && new Date(update.kickoffAt ?? fixture.kickoffAt) > now)
        continue;
      const applied = await applyFixtureChange(trx, actor, fixture.id, update, now);
      changed += 1;
      if (isResultEvent(applied)) events.push(fixture.id);
    }
    return { matched, changed };
  });
  await standings.drain();
  for (const fixtureId of events) await bus.publish({ type: 'results', competitionId, fixtureId });
  return counts;
};

export interface SyncOptions {
  url: string;
  token: string;
  competitions?: readonly FootballDataCompetition[];
  limiter?: ReturnType<typeof createRateLimiter>;
  clock?: LimiterClock;
  now?: () => Date;
}

/** Fetches each mapped competition that exists here and applies what changed; logs a summary. */
export const syncResults = async (deps: Deps, options: SyncOptions): Promise<SyncSummary> => {
  const client: FootballDataClientOptions = {
    url: options.url,
    token: options.token,
    limiter: options.limiter ?? createRateLimiter(10, 60_000, options.clock ?? realClock),
  };
  const known = new Set(await competitionIds(deps.database.db));
  const summary: SyncSummary = {
    competitions: 0,
    matches: 0,
    matched: 0,
    changed: 0,
    failed: [],
    skipped: false,
  };
  const nowOf = options.now ?? (() => new Date());
  // Once across instances: another instance's run already brings the same answers.
  const run = await withJobLock(deps.database, jobLockKeys.footballData, async () => {
    for (const c of options.competitions ?? footballDataCompetitions) {
      if (!known.has(c.competitionId)) continue;
      try {
        const season = footballDataSeason(c, nowOf());
        const { matches } = await fetchCompetitionMatches(client, c.code, season.year);
        const counts = await syncCompetition(deps, c.competitionId, season.label, matches, nowOf());
        summary.competitions += 1;
        summary.matches += matches.length;
        summary.matched += counts.matched;
        summary.changed += counts.changed;
      } catch (err) {
        summary.failed.push(c.code);
        deps.logger.warn({ err, code: c.code }, 'results sync: competition failed');
      }
    }
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
 * the function that stops it. Started by run.ts only when FOOTBALL_DATA_TOKEN is set.
 */
export const startResultsSync = (services: Services, token: string, everyMs = 10 * 60_000) =>
  repeat(
    services.logger,
    'results sync failed',
    () => syncResults(services, { url: services.env.FOOTBALL_DATA_URL, token, now: services.now }),
    { firstInMs: 10_000, everyMs },
  );
