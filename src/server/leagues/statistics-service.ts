import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { resolveSeason } from '../fixtures/seasons';
import { findLeague } from './service';

/**
 * GET /api/leagues/{id}/statistics (issue 14): whoever may read the league's standings may read
 * these. The figures come from the standings module (standings/statistics.ts), kept under the
 * league's version; `teamId` must name a team of the league (TEAM_NOT_FOUND otherwise).
 */
export const leagueStatistics = async (
  { database, standings }: Pick<Services, 'database' | 'standings'>,
  _viewer: SessionUser | null,
  input: { leagueId: string; season?: string | undefined; teamId?: string | undefined },
  now: Date,
) => {
  const league = await findLeague({ database }, input);
  const { season } = await resolveSeason(database.db, league.competitionId, input.season, now);
  return { season, ...(await standings.statistics(league, season, input.teamId)) };
};
