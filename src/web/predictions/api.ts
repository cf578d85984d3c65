import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { multiLeagueBody, SavePredictionsBody } from '../../domain/predictions';
import { api, unwrap } from '../lib/api-client';
import {
  invalidate,
  queryKeys,
  teamPredictionsQueryOptions,
  type MyLeagueItem,
  type TeamPredictions,
} from '../lib/queries';

export type { TeamPredictions };

const fetchFixtures = (competitionId: string, season?: string) =>
  unwrap(
    api.competitions[':competitionId'].fixtures.$get({
      param: { competitionId },
      query: season === undefined ? {} : { season },
    }),
  );
export type FixturesResponse = Awaited<ReturnType<typeof fetchFixtures>>;
export type FixtureItem = FixturesResponse['fixtures'][number];

/** One season of a competition (default: its current season) with every round. */
export const fixturesQueryOptions = (competitionId: string, season?: string) =>
  queryOptions({
    queryKey: queryKeys.seasonFixtures(competitionId, season ?? null),
    queryFn: () => fetchFixtures(competitionId, season),
    // Results and the server clock move on; a timer locks fixtures at kick-off in between.
    refetchInterval: 60_000,
  });

export interface PlayerTeam {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
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
      })),
    );

/** Predictions of several teams (the copy banner looks at the player's other teams). */
export const useTeamsPredictions = (teamIds: readonly string[]) =>
  useQueries({ queries: teamIds.map((id) => teamPredictionsQueryOptions(id)) });

const useInvalidatePredictions = () => {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, queryKeys.predictions, queryKeys.competitions);
};

export const useSavePredictions = () => {
  const refresh = useInvalidatePredictions();
  return useMutation({
    mutationFn: (json: SavePredictionsBody) => unwrap(api.predictions.$put({ json })),
    onSuccess: refresh,
  });
};

export const useDeletePredictions = () => {
  const refresh = useInvalidatePredictions();
  return useMutation({
    mutationFn: (json: { teamId: string; fixtureIds: string[] }) =>
      unwrap(api.predictions.$delete({ json })),
    onSuccess: refresh,
  });
};

export const useCopyPredictions = () => {
  const refresh = useInvalidatePredictions();
  return useMutation({
    mutationFn: (json: { fromTeamId: string; toTeamId: string }) =>
      unwrap(api.predictions.copy.$post({ json })),
    onSuccess: refresh,
  });
};

export const useSaveToTeams = () => {
  const refresh = useInvalidatePredictions();
  return useMutation({
    mutationFn: (json: z.input<typeof multiLeagueBody>) =>
      unwrap(api.predictions.multi.$put({ json })),
    onSuccess: refresh,
  });
};
