import { competitionState } from '../../domain/competitions';
import { clubsOfFixtures } from './club-colours';
import { publicFixture } from '../../domain/fixtures';
import { isFixtureLocked, isTbd } from '../../domain/predictions';
import { tieLegs } from '../../domain/tournament';
import type { Services } from '../context';
import { AppError } from '../errors';
import { listFixtures } from '../fixtures/repository';
import { resolveSeason } from '../fixtures/seasons';
import { listCompetitions } from './repository';
import { competitionStates } from './states';
import { sourceCode } from '../../domain/live/source-map';
import { readLiveSourceMap } from './catalogue';
import { fixtureSources, listingSources, listsHere } from '../sources/registry';
import { lastSyncRuns } from '../sources/sync-status-repository';

/**
 * Where a competition's fixtures come from (issue 50): the source that lists whole seasons when
 * it is used here (ESPN), else the schedule source that covers it (openfootball), with its last
 * read of the competition.
 */
// The catalogue's source codes, read once per process: the competitions list is a hot path.
let sourceMap: ReturnType<typeof readLiveSourceMap> | null = null;

const fixtureSourcesOf = async (
  { database, env }: Pick<Services, 'database' | 'env'>,
  ids: readonly string[],
) => {
  const map = (sourceMap ??= readLiveSourceMap());
  const candidates = [
    ...listingSources.filter((s) => listsHere(s, env)),
    ...fixtureSources.filter((s) => s.schedules && (s.enabled?.(env) ?? true)),
  ];
  const runs = new Map<string, Awaited<ReturnType<typeof lastSyncRuns>>>();
  const found = new Map<
    string,
    { name: string; lastReadAt: string | null; reachable: boolean | null }
  >();
  for (const id of ids) {
    const source = candidates.find((s) => sourceCode(map, id, s.id) !== undefined);
    if (!source) continue;
    if (!runs.has(source.id)) runs.set(source.id, await lastSyncRuns(database.db, source.id));
    const last = runs.get(source.id)?.get(id);
    found.set(id, {
      name: source.name,
      lastReadAt: last?.ranAt ?? null,
      reachable: last ? last.outcome !== 'unreachable' : null,
    });
  }
  return found;
};

/** Every competition in display order with its current season's facts and its state. */
export const competitionPages = async (
  services: Pick<Services, 'database' | 'env'>,
  _viewer: unknown,
  now: Date,
) => {
  const { database } = services;
  const list = await listCompetitions(database.db);
  const states = await competitionStates(
    database.db,
    now,
    new Map(list.map((c) => [c.id, c.seasonLabel])),
  );
  const empty = list.filter((c) => (states.get(c.id)?.fixtures ?? 0) === 0).map((c) => c.id);
  const sources = await fixtureSourcesOf(services, empty);
  return list.map((competition) => {
    const s = states.get(competition.id) ?? {
      season: null,
      fixtures: 0,
      open: 0,
      nextKickoff: null,
      nextKickoffConfirmed: false,
    };
    return {
      ...competition,
      // A coming-soon page a source has given fixtures is playable (issue 50).
      kind: competition.kind === 'coming_soon' && s.fixtures > 0 ? 'cards' : competition.kind,
      currentSeason: s.season,
      fixtureCount: s.fixtures,
      openFixtures: s.open,
      nextKickoff: s.nextKickoff,
      nextKickoffConfirmed: s.nextKickoffConfirmed,
      fixtureSource: sources.get(competition.id) ?? null,
      state: competitionState(competition.kind, s),
    };
  });
};

/**
 * One season of a competition (default: the current one) in kick-off order, each fixture with
 * whether the server's clock has locked it, and every season of the competition.
 */
export const seasonFixtures = async (
  { database }: Pick<Services, 'database'>,
  _viewer: unknown,
  { competitionId, season: asked }: { competitionId: string; season?: string | undefined },
  now: Date,
) => {
  const competition = (await listCompetitions(database.db)).find((x) => x.id === competitionId);
  if (!competition) throw new AppError('UNKNOWN_COMPETITION');
  const { season, spans: seasons } = await resolveSeason(database.db, competitionId, asked, now);
  const list = season === null ? [] : await listFixtures(database.db, competitionId, season);
  const legs = tieLegs(list);
  const fixtures = list.map((f) => ({
    ...publicFixture(f),
    locked: isFixtureLocked(f, now),
    tbd: isTbd(f),
    leg: legs.get(f.id) ?? null,
  }));
  return {
    competition,
    serverTime: now.toISOString(),
    season,
    seasons,
    fixtures,
    clubs: clubsOfFixtures(fixtures),
  };
};
