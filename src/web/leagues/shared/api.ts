import type { LeagueRules } from '../../../domain/league-rules';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLeagueBody, JoinLeagueBody, QuickJoinBody } from '../../../domain/leagues';
import { setActiveLeague } from '../../lib/active-team';
import { api, unwrap } from '../../lib/api-client';
import {
  competitionsQueryOptions,
  invalidate,
  leagueViews,
  queryKeys,
  teamPredictionsQueryOptions,
  useRefreshingMutation,
} from '../../lib/queries';

export { teamPredictionsQueryOptions };

const fetchLeague = (leagueId: string) =>
  unwrap(api.leagues[':leagueId'].$get({ param: { leagueId } }));
export type LeagueDetail = Awaited<ReturnType<typeof fetchLeague>>;
export type LeagueInfo = LeagueDetail['league'];
export type LeagueMember = LeagueDetail['members'][number];

const fetchHub = () => unwrap(api.leagues.hub.$get());
export type Hub = Awaited<ReturnType<typeof fetchHub>>;
export type HubTeamItem = Hub['teams'][number];
export type HubResultItem = Hub['results'][number];

/** The signed-in home's hub (GET /leagues/hub); kept fresh for the countdown and results. */
export const hubQueryOptions = queryOptions({
  queryKey: queryKeys.hub,
  queryFn: fetchHub,
  refetchInterval: 60_000,
});

export const leagueQueryOptions = (leagueId: string) =>
  queryOptions({ queryKey: queryKeys.league(leagueId), queryFn: () => fetchLeague(leagueId) });

/** What a standings request may ask for: a season, a page (or the viewer's), a round. */
export interface StandingsQuery {
  season?: string | undefined;
  page?: number | undefined;
  around?: 'me' | undefined;
  round?: string | undefined;
}

const fetchStandings = (leagueId: string, query: StandingsQuery = {}) =>
  unwrap(
    api.leagues[':leagueId'].standings.$get({
      param: { leagueId },
      query: {
        ...(query.season === undefined ? {} : { season: query.season }),
        ...(query.page === undefined ? {} : { page: String(query.page) }),
        ...(query.around === undefined ? {} : { around: query.around }),
        ...(query.round === undefined ? {} : { round: query.round }),
      },
    }),
  );
export type Standings = Awaited<ReturnType<typeof fetchStandings>>;
export type StandingsRow = Standings['rows'][number];
export type StandingsRound = Standings['rounds'][number];
export type TeamStatistics = Standings['statistics'][number];

/** One page of one season's table (without `season` the current season's, as the server decides). */
export const standingsQueryOptions = (leagueId: string, query: StandingsQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.standings(
      leagueId,
      query.season ?? 'current',
      query.around ?? query.page ?? 1,
      query.round ?? 'latest',
    ),
    queryFn: () => fetchStandings(leagueId, query),
  });

/** What a statistics request may ask for: a season (default: the current one) and a team. */
export interface StatisticsQuery {
  season?: string | null | undefined;
  teamId?: string | undefined;
}

const fetchStatistics = (leagueId: string, query: StatisticsQuery = {}) =>
  unwrap(
    api.leagues[':leagueId'].statistics.$get({
      param: { leagueId },
      query: {
        ...(query.season ? { season: query.season } : {}),
        ...(query.teamId === undefined ? {} : { teamId: query.teamId }),
      },
    }),
  );
export type LeagueStatistics = Awaited<ReturnType<typeof fetchStatistics>>;
export type TeamStatisticsData = NonNullable<LeagueStatistics['team']>;

/** A season's league figures and, with `teamId`, that team's statistics (scored picks only). */
export const statisticsQueryOptions = (leagueId: string, query: StatisticsQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.statistics(leagueId, query.season ?? 'current', query.teamId ?? 'league'),
    queryFn: () => fetchStatistics(leagueId, query),
  });

const fetchLeagueFixtures = async (leagueId: string) =>
  (await unwrap(api.predictions.league[':leagueId'].$get({ param: { leagueId }, query: {} })))
    .fixtures;
export type LeagueFixture = Awaited<ReturnType<typeof fetchLeagueFixtures>>[number];

export const leagueFixturesQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.leagueFixtures(leagueId),
    queryFn: () => fetchLeagueFixtures(leagueId),
  });

export const lookupQueryOptions = (query: { code?: string; league?: string }) =>
  queryOptions({
    queryKey: queryKeys.lookup(query.code ?? null, query.league ?? null),
    queryFn: async () => (await unwrap(api.leagues.lookup.$get({ query }))).league,
    staleTime: 60_000,
  });

const fetchMyPredictions = async () => (await unwrap(api.predictions.mine.$get())).predictions;
export type MyPrediction = Awaited<ReturnType<typeof fetchMyPredictions>>[number];

export const myPredictionsQueryOptions = queryOptions({
  queryKey: queryKeys.myPredictions,
  queryFn: fetchMyPredictions,
});

/** Competitions a league can be created for (not the "coming soon" ones). */
export const playableCompetitionsQueryOptions = queryOptions({
  ...competitionsQueryOptions,
  select: (competitions) => competitions.filter((c) => c.kind !== 'coming_soon'),
});

export const useCreateLeague = () =>
  useRefreshingMutation(
    (body: CreateLeagueBody) => unwrap(api.leagues.$post({ json: body })),
    leagueViews,
    (result) => setActiveLeague(result.league.id, result.teams[0]?.id),
  );

export const useJoinLeague = () =>
  useRefreshingMutation(
    (body: JoinLeagueBody) => unwrap(api.leagues.join.$post({ json: body })),
    leagueViews,
    (result) => setActiveLeague(result.league.id, result.team.id),
  );

/** Quick join: when signed out the server starts a guest session, so everything is refetched. */
export const useQuickJoin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuickJoinBody) => unwrap(api.leagues['quick-join'].$post({ json: body })),
    onSuccess: (result) => {
      setActiveLeague(result.league.id, result.team.id);
      // Not awaited: the caller's own success step (leave the invite view) runs first.
      void queryClient.invalidateQueries();
    },
  });
};

export const useCreateTeam = (leagueId: string) =>
  useRefreshingMutation(
    (teamName: string) =>
      unwrap(api.leagues[':leagueId'].teams.$post({ param: { leagueId }, json: { teamName } })),
    leagueViews,
    (result) => setActiveLeague(leagueId, result.team.id),
  );

export const useUpdateLeague = (leagueId: string) =>
  useRefreshingMutation(
    (json: { name?: string; joinByName?: boolean; rules?: Partial<LeagueRules> }) =>
      unwrap(api.leagues[':leagueId'].$patch({ param: { leagueId }, json })),
    leagueViews,
  );

/** Deletes one of the player's own teams in the league (leaving it with that team). */
export const useLeaveLeague = (leagueId: string) =>
  useRefreshingMutation(
    (teamId: string) =>
      unwrap(api.leagues[':leagueId'].leave.$post({ param: { leagueId }, json: { teamId } })),
    leagueViews,
  );

/** League admin: the owner of this team runs the league from now on. */
export const useHandOverAdmin = (leagueId: string) =>
  useRefreshingMutation(
    (teamId: string) =>
      unwrap(api.leagues[':leagueId'].admin.$post({ param: { leagueId }, json: { teamId } })),
    leagueViews,
  );

export const useRegenerateInviteCode = (leagueId: string) =>
  useRefreshingMutation(
    () => unwrap(api.leagues[':leagueId']['invite-code'].$post({ param: { leagueId } })),
    leagueViews,
  );

export const useRemoveTeam = (leagueId: string) =>
  useRefreshingMutation(
    (teamId: string) =>
      unwrap(api.leagues[':leagueId'].teams[':teamId'].$delete({ param: { leagueId, teamId } })),
    leagueViews,
  );

/** The players the league admin removed, who may not rejoin (league admin only). */
export const leagueBarsQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.leagueBars(leagueId),
    queryFn: () => unwrap(api.leagues[':leagueId'].bars.$get({ param: { leagueId } })),
  });

export const useLiftBar = (leagueId: string) =>
  useRefreshingMutation(
    (userId: string) =>
      unwrap(api.leagues[':leagueId'].bars[':userId'].$delete({ param: { leagueId, userId } })),
    leagueViews,
  );

export const useDeleteLeague = (leagueId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      unwrap(api.leagues[':leagueId'].$delete({ param: { leagueId }, json: { confirmName } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.league(leagueId) });
      await invalidate(queryClient, queryKeys.leagues);
    },
  });
};

// Reminders --------------------------------------------------------------------------------

export const remindersQueryOptions = queryOptions({
  queryKey: queryKeys.reminders,
  queryFn: () => unwrap(api.reminders.$get()),
});

export const useSetReminders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => unwrap(api.reminders.$put({ json: { enabled } })),
    onSuccess: (setting) => queryClient.setQueryData(remindersQueryOptions.queryKey, setting),
  });
};

// Push reminders ---------------------------------------------------------------------------

export const pushQueryOptions = queryOptions({
  queryKey: queryKeys.push,
  queryFn: () => unwrap(api.push.$get()),
});

/** Whether this browser can get pushes and holds a subscription (not the server's view). */
export const pushDeviceQueryOptions = queryOptions({
  queryKey: queryKeys.pushDevice,
  // The subscription code is fetched with the first page that asks (not with every page).
  queryFn: () => import('../../lib/push').then((push) => push.pushState()),
  staleTime: 0,
});

export const useSetPush = (publicKey: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const push = await import('../../lib/push');
      return on ? push.subscribeThisDevice(publicKey) : push.unsubscribeThisDevice();
    },
    onSettled: () => invalidate(queryClient, queryKeys.push),
  });
};

/** The player's leagues and whether goal alerts are on in each (issue 29). */
export const goalAlertsQueryOptions = queryOptions({
  queryKey: queryKeys.goalAlerts,
  queryFn: () => unwrap(api.push['goal-alerts'].$get()),
});
export type GoalAlertLeague = Awaited<
  ReturnType<NonNullable<typeof goalAlertsQueryOptions.queryFn>>
>['leagues'][number];

export const useSetGoalAlerts = () =>
  useRefreshingMutation(
    (input: { leagueId: string; enabled: boolean }) =>
      unwrap(api.push['goal-alerts'].$put({ json: input })),
    [queryKeys.goalAlerts],
  );

// Calendar feed ----------------------------------------------------------------------------

export const calendarQueryOptions = queryOptions({
  queryKey: queryKeys.calendar,
  queryFn: () => unwrap(api.calendar.$get()),
});

/** Makes the feed's address, or a new one (the old one stops working). */
export const useNewCalendarLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.calendar.$post()),
    onSuccess: (link) => queryClient.setQueryData(calendarQueryOptions.queryKey, link),
  });
};

// Bonus questions ----------------------------------------------------------------------------

const fetchBonus = (leagueId: string) =>
  unwrap(api.leagues[':leagueId'].bonus.$get({ param: { leagueId }, query: {} }));
export type BonusList = Awaited<ReturnType<typeof fetchBonus>>;
export type BonusItem = BonusList['questions'][number];

/** The league's bonus questions of the current season, as the viewer may see them. */
export const bonusQueryOptions = (leagueId: string) =>
  queryOptions({ queryKey: queryKeys.bonus(leagueId), queryFn: () => fetchBonus(leagueId) });

export const useAskQuestion = (leagueId: string) =>
  useRefreshingMutation(
    (json: {
      kind: BonusItem['kind'];
      prompt?: string;
      options?: string[];
      points: number;
      deadline: string;
    }) => unwrap(api.leagues[':leagueId'].bonus.$post({ param: { leagueId }, json })),
    [queryKeys.leagues],
  );

export const useAnswerQuestion = (leagueId: string) =>
  useRefreshingMutation(
    ({ questionId, teamId, answer }: { questionId: string; teamId: string; answer: string }) =>
      unwrap(
        api.leagues[':leagueId'].bonus[':questionId'].answers[':teamId'].$put({
          param: { leagueId, questionId, teamId },
          json: { answer },
        }),
      ),
    [queryKeys.bonus(leagueId)],
  );

export const useSettleQuestion = (leagueId: string) =>
  useRefreshingMutation(
    ({ questionId, correct }: { questionId: string; correct: string[] }) =>
      unwrap(
        api.leagues[':leagueId'].bonus[':questionId'].settle.$post({
          param: { leagueId, questionId },
          json: { correct },
        }),
      ),
    leagueViews,
  );

export const useRemoveQuestion = (leagueId: string) =>
  useRefreshingMutation(
    (questionId: string) =>
      unwrap(
        api.leagues[':leagueId'].bonus[':questionId'].$delete({
          param: { leagueId, questionId },
        }),
      ),
    leagueViews,
  );
