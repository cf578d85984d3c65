import {
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api, unwrap } from './api-client';

/**
 * Every cache key of the web app is built here, never typed by hand in a feature. A key's first
 * part names its area (`leagues`, `predictions`, `fixtures`, `admin`, …), so invalidating an area
 * refreshes every query in it.
 */
export const queryKeys = {
  me: ['account', 'me'],
  competitions: ['competitions'],
  fixtures: ['fixtures'],
  seasonFixtures: (competitionId: string, season: string | null) => [
    'fixtures',
    competitionId,
    season,
  ],
  leagues: ['leagues'],
  myLeagues: ['leagues', 'mine'],
  league: (leagueId: string) => ['leagues', 'detail', leagueId],
  standings: (leagueId: string, season: string, position: string | number, round: string) => [
    'leagues',
    'standings',
    leagueId,
    season,
    position,
    round,
  ],
  /** A season's statistics of a league, with one team's ('league': none). */
  statistics: (leagueId: string, season: string, teamId: string) => [
    'leagues',
    'statistics',
    leagueId,
    season,
    teamId,
  ],
  leagueFixtures: (leagueId: string) => ['leagues', 'fixtures', leagueId],
  /** A league's live table (issue 29); `liveOf` is every page of it. */
  liveOf: (leagueId: string) => ['leagues', 'live', leagueId],
  liveStandings: (leagueId: string, position: string | number) => [
    'leagues',
    'live',
    leagueId,
    position,
  ],
  /** The minute races of a league's fixtures; `racesOf` is all of them. */
  racesOf: (leagueId: string) => ['leagues', 'race', leagueId],
  race: (leagueId: string, fixtureId: string) => ['leagues', 'race', leagueId, fixtureId],
  leagueBars: (leagueId: string) => ['leagues', 'bars', leagueId],
  /** A league's messages (issue 32): their own root, so results do not refetch them. */
  feed: (leagueId: string) => ['feed', leagueId],
  feedFixture: (leagueId: string, fixtureId: string) => ['feed', leagueId, 'fixture', fixtureId],
  leagueLog: (leagueId: string) => ['feed', leagueId, 'log'],
  stories: (leagueId: string) => ['feed', leagueId, 'stories'],
  feedNotify: ['push', 'feed-notifications'],
  bonus: (leagueId: string) => ['leagues', 'bonus', leagueId],
  lookup: (code: string | null, league: string | null) => ['leagues', 'lookup', code, league],
  predictions: ['predictions'],
  /** The home hub: ranks, missing picks and results move with saves and with results. */
  hub: ['predictions', 'hub'],
  myPredictions: ['predictions', 'mine'],
  teamPredictions: (teamId: string) => ['predictions', 'team', teamId],
  reminders: ['reminders'],
  push: ['push'],
  pushDevice: ['push', 'device'],
  goalAlerts: ['push', 'goal-alerts'],
  calendar: ['calendar'],
  admin: ['admin'],
  adminOutbox: ['admin', 'outbox'],
  adminInbox: ['admin', 'inbox'],
  adminReports: ['admin', 'message-reports'],
  adminSync: ['admin', 'sync'],
  adminCompetitions: ['admin', 'competitions'],
  adminFixtures: (competitionId: string) => ['admin', 'fixtures', competitionId],
  adminAudit: (entityId: string, limit: number) => ['admin', 'audit', entityId, limit],
} as const satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>;

/** Marks every query under the given keys stale (active ones refetch). */
export const invalidate = (queryClient: QueryClient, ...keys: readonly QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * A mutation that marks `areas` stale once it succeeds (after `onDone`, which may remember what
 * the answer chose, e.g. the active league).
 */
export const useRefreshingMutation = <TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  areas: readonly QueryKey[],
  onDone?: (data: TData) => void,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data: TData) => {
      onDone?.(data);
      await invalidate(queryClient, ...areas);
    },
  });
};

/** What a league's views show: its tables, boards and the player's picks. */
export const leagueViews = [queryKeys.leagues, queryKeys.predictions] as const;

/** What a change of fixtures or results moves: the admin lists, the boards and every league view. */
export const resultViews = [queryKeys.admin, queryKeys.fixtures, ...leagueViews] as const;

// Queries several features read ------------------------------------------------------------

const fetchCompetitions = async () => (await unwrap(api.competitions.$get())).competitions;
export type CompetitionItem = Awaited<ReturnType<typeof fetchCompetitions>>[number];

/** The catalogue: every competition with its state (pages, league creation, the header). */
export const competitionsQueryOptions = queryOptions({
  queryKey: queryKeys.competitions,
  queryFn: fetchCompetitions,
  staleTime: 10 * 60_000,
});

const fetchMyLeagues = async () => (await unwrap(api.leagues.mine.$get())).leagues;
export type MyLeagueItem = Awaited<ReturnType<typeof fetchMyLeagues>>[number];
export type MyTeamItem = MyLeagueItem['teams'][number];

/** `GET /leagues/mine`: the player's leagues and teams (empty when signed out). */
export const myLeaguesQueryOptions = queryOptions({
  queryKey: queryKeys.myLeagues,
  queryFn: fetchMyLeagues,
});

const fetchTeamPredictions = (teamId: string) =>
  unwrap(api.predictions.$get({ query: { teamId } }));
export type TeamPredictions = Awaited<ReturnType<typeof fetchTeamPredictions>>;

/** One team's saved picks and jokers (the board, the dashboard, the copy banner). */
export const teamPredictionsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.teamPredictions(teamId),
    queryFn: () => fetchTeamPredictions(teamId),
  });

const fetchFixtures = (competitionId: string, season?: string) =>
  unwrap(
    api.competitions[':competitionId'].fixtures.$get({
      param: { competitionId },
      query: season === undefined ? {} : { season },
    }),
  );
export type FixturesResponse = Awaited<ReturnType<typeof fetchFixtures>>;
export type FixtureItem = FixturesResponse['fixtures'][number];

/**
 * One season of a competition (default: its current season) with every round: the predictions
 * board and a tournament's tables read the same answer.
 */
export const fixturesQueryOptions = (competitionId: string, season?: string) =>
  queryOptions({
    queryKey: queryKeys.seasonFixtures(competitionId, season ?? null),
    queryFn: () => fetchFixtures(competitionId, season),
    // Results and the server clock move on; a timer locks fixtures at kick-off in between.
    refetchInterval: 60_000,
  });
