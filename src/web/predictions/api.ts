import { useQueries } from '@tanstack/react-query';
import type { z } from 'zod';
import type { multiLeagueBody, SavePredictionsBody } from '../../domain/predictions';
import { api, unwrap } from '../lib/api-client';
import {
  queryKeys,
  useRefreshingMutation,
  teamPredictionsQueryOptions,
  type MyLeagueItem,
  type TeamPredictions,
} from '../lib/queries';

export type { TeamPredictions };

export { fixturesQueryOptions, type FixtureItem, type FixturesResponse } from '../lib/queries';

export interface PlayerTeam {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  /** The league's deadline before kick-off and jokers per season (its rules). */
  lockMinutesBefore: number;
  jokers: number;
}

/** The player's teams in one competition: teams of leagues for that competition. */
export const teamsInCompetition = (leagues: readonly MyLeagueItem[], competitionId: string) =>
  leagues
    .filter((league) => league.competitionId === competitionId)
    .flatMap((league) =>
      league.teams.map((team): PlayerTeam => ({
        id: team.id,
        name: team.name,
        leagueId: league.id,
        leagueName: league.name,
        lockMinutesBefore: league.rules.lockMinutesBefore,
        jokers: league.rules.jokers,
      })),
    );

/** Predictions of several teams (the copy banner looks at the player's other teams). */
export const useTeamsPredictions = (teamIds: readonly string[]) =>
  useQueries({ queries: teamIds.map((id) => teamPredictionsQueryOptions(id)) });

/** After picks change: every board and the catalogue's counts. */
const picksViews = [queryKeys.predictions, queryKeys.competitions];

export const useSavePredictions = () =>
  useRefreshingMutation(
    (json: SavePredictionsBody) => unwrap(api.predictions.$put({ json })),
    picksViews,
  );

export const useDeletePredictions = () =>
  useRefreshingMutation(
    (json: { teamId: string; fixtureIds: string[] }) => unwrap(api.predictions.$delete({ json })),
    picksViews,
  );

export const useCopyPredictions = () =>
  useRefreshingMutation(
    (json: { fromTeamId: string; toTeamId: string }) =>
      unwrap(api.predictions.copy.$post({ json })),
    picksViews,
  );

export const useSaveToTeams = () =>
  useRefreshingMutation(
    (json: z.input<typeof multiLeagueBody>) => unwrap(api.predictions.multi.$put({ json })),
    picksViews,
  );
