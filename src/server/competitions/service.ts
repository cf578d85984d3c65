import { competitionState } from '../../domain/competitions';
import { clubsOfFixtures } from './club-colours';
import { publicFixture } from '../../domain/fixtures';
import { isFixtureLocked, isTbd } from '../../domain/predictions';
import type { Services } from '../context';
import { AppError } from '../errors';
import { listFixtures } from '../fixtures/repository';
import { resolveSeason } from '../fixtures/seasons';
import { listCompetitions } from './repository';
import { competitionStates } from './states';

/** Every competition in display order with its current season's facts and its state. */
export const competitionPages = async (
  { database }: Pick<Services, 'database'>,
  _viewer: unknown,
  now: Date,
) => {
  const [list, states] = await Promise.all([
    listCompetitions(database.db),
    competitionStates(database.db, now),
  ]);
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
      currentSeason: s.season,
      fixtureCount: s.fixtures,
      openFixtures: s.open,
      nextKickoff: s.nextKickoff,
      nextKickoffConfirmed: s.nextKickoffConfirmed,
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
  const fixtures =
    season === null
      ? []
      : (await listFixtures(database.db, competitionId, season)).map((f) => ({
          ...publicFixture(f),
          locked: isFixtureLocked(f, now),
          tbd: isTbd(f),
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
