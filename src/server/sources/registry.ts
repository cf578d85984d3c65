import type { Precedence } from '../../domain/fixtures';
import type { SourceId } from '../../domain/sources/ids';
import type { Env } from '../env';
import { espnSource } from './espn';
import { footballDataSource } from './football-data';
import { openFootballSource } from './openfootball';
import { openLigaDbSource } from './openligadb';
import type { FixtureSource } from './source';

/**
 * Every fixture source of this version (issue 49), one module each. Adding a source is a module,
 * its line here, its id in `domain/sources/ids.ts`, its codes in `catalogue/live-sources.json`,
 * its recorded answers and its tests (decision 009, 'add a source').
 */
export const fixtureSources: readonly FixtureSource[] = [
  openFootballSource,
  espnSource,
  openLigaDbSource,
  footballDataSource,
];

const byId = new Map<string, FixtureSource>(fixtureSources.map((s) => [s.id, s]));

export const sourceOf = (id: SourceId): FixtureSource => {
  const source = byId.get(id);
  if (!source) throw new Error(`no fixture source ${id}`);
  return source;
};

/** Whether this instance uses a source: a live one when LIVE_SOURCES lists it, any other by its switch. */
export const isInUse = (source: FixtureSource, env: Env) =>
  source.live ? env.LIVE_SOURCES.includes(source.id) : (source.enabled?.(env) ?? true);

/** The live sources in use, in LIVE_SOURCES' order (the first listed ranks highest). */
export const liveSourcesInUse = (env: Pick<Env, 'LIVE_SOURCES'>) =>
  env.LIVE_SOURCES.flatMap((id) => {
    const source = byId.get(id);
    return source?.live ? [source] : [];
  });

/**
 * The precedence (docs/design.md §3): each source's declared rank, live sources of the same rank ordered
 * by `liveOrder` (LIVE_SOURCES; one it no longer lists ranks below the listed ones).
 */
export const precedenceOf = (liveOrder: readonly SourceId[]): Precedence => {
  const n = liveOrder.length;
  return (id) => {
    const source = byId.get(id);
    if (!source) return Number.NEGATIVE_INFINITY;
    if (!source.live) return source.rank;
    const at = liveOrder.indexOf(id);
    return source.rank + (at < 0 ? 0 : (n - at) / (n + 1));
  };
};

/** The sources that list whole seasons (issue 50: ESPN, month by month). */
export const listingSources = fixtureSources.filter((s) => s.listsSeasons);

/**
 * Whether a source lists whole seasons here: in use, and the live job on (`LIVE_SYNC`) — or an
 * admin asked for a sync (`asked`: 'Sync now' reads the live sources whatever LIVE_SYNC says).
 */
export const listsHere = (source: FixtureSource, env: Env, asked = false) =>
  (asked || env.LIVE_SYNC) && isInUse(source, env);
