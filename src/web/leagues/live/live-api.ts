import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries';

// What a league shows while its matches are played (issue 29): the live table and the races.

interface LiveQuery {
  around?: 'me' | undefined;
  /** A page of 50 in live order (the standings page's pager); the first when absent. */
  page?: number | undefined;
}

const fetchLiveStandings = (leagueId: string, query: LiveQuery = {}) =>
  unwrap(
    api.leagues[':leagueId'].standings.$get({
      param: { leagueId },
      query: {
        view: 'live',
        ...(query.around === undefined ? {} : { around: query.around }),
        ...(query.page === undefined || query.page === 1 ? {} : { page: String(query.page) }),
      },
    }),
  );
export type LiveStandings = Awaited<ReturnType<typeof fetchLiveStandings>>;
export type LiveRow = LiveStandings['rows'][number];
export type InPlayFixture = NonNullable<LiveStandings['live']>['fixtures'][number];

/** While a match is on, a signal that was missed is made up for by a refetch this often. */
const liveFallbackMs = 60_000;

/**
 * The league's live table (issue 29): its first page in live order while fixtures of the
 * competition are in play, else the confirmed figures. Open pages refetch it on the event
 * stream's 'live' signal (use-live-league.ts).
 */
export const liveStandingsQueryOptions = (leagueId: string, query: LiveQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.liveStandings(leagueId, query.around ?? query.page ?? 1),
    queryFn: () => fetchLiveStandings(leagueId, query),
    refetchInterval: (q) =>
      (q.state.data?.live?.fixtures.length ?? 0) > 0 ? liveFallbackMs : false,
  });

const fetchRace = (leagueId: string, fixtureId: string) =>
  unwrap(
    api.leagues[':leagueId'].fixtures[':fixtureId'].race.$get({ param: { leagueId, fixtureId } }),
  );
export type Race = Awaited<ReturnType<typeof fetchRace>>;
export type RaceTeam = Race['teams'][number];

/** The minute race of one fixture in a league (members only, from kick-off). */
export const raceQueryOptions = (leagueId: string, fixtureId: string) =>
  queryOptions({
    queryKey: queryKeys.race(leagueId, fixtureId),
    queryFn: () => fetchRace(leagueId, fixtureId),
    refetchInterval: (q) => (q.state.data?.fixture.status === 'live' ? liveFallbackMs : false),
  });
