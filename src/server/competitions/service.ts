import { competitionState } from '../../domain/competitions';
import type { Services } from '../context';
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
    };
    return {
      ...competition,
      currentSeason: s.season,
      fixtureCount: s.fixtures,
      openFixtures: s.open,
      nextKickoff: s.nextKickoff,
      state: competitionState(competition.kind, s),
    };
  });
};
