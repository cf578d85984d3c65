import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { FeedEmoji } from '../../../domain/feed-text';
import { api, unwrap } from '../../lib/api-client';
import { invalidate, queryKeys, useRefreshingMutation } from '../../lib/queries';

// A league's banter and open log (issue 32). Open pages refetch the feed on the event stream's
// 'feed' signal (use-live-league.ts); the signal carries no message.

const fetchFeed = (leagueId: string, before?: string, fixtureId?: string) =>
  unwrap(
    api.leagues[':leagueId'].messages.$get({
      param: { leagueId },
      query: {
        ...(before === undefined ? {} : { before }),
        ...(fixtureId === undefined ? {} : { fixtureId }),
      },
    }),
  );
export type FeedPageData = Awaited<ReturnType<typeof fetchFeed>>;
export type FeedItem = FeedPageData['messages'][number];

/** The feed, newest first, 50 a page; older pages load on request. */
export const feedQueryOptions = (leagueId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed(leagueId),
    queryFn: ({ pageParam }) => fetchFeed(leagueId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** One fixture's messages (its minute race): the newest 50. */
export const fixtureFeedQueryOptions = (leagueId: string, fixtureId: string) =>
  queryOptions({
    queryKey: queryKeys.feedFixture(leagueId, fixtureId),
    queryFn: () => fetchFeed(leagueId, undefined, fixtureId),
  });

const fetchLog = (leagueId: string, before?: string) =>
  unwrap(
    api.leagues[':leagueId'].log.$get({
      param: { leagueId },
      query: before === undefined ? {} : { before },
    }),
  );
export type LogItem = Awaited<ReturnType<typeof fetchLog>>['entries'][number];

export const logQueryOptions = (leagueId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.leagueLog(leagueId),
    queryFn: ({ pageParam }) => fetchLog(leagueId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/**
 * The league's matchday stories (issue 33), newest round first, and the message its admin pinned
 * above them; refetched with the feed and when the league's table moves (a round may be over).
 */
export const storiesQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.stories(leagueId),
    queryFn: () => unwrap(api.leagues[':leagueId'].stories.$get({ param: { leagueId } })),
  });
export type StoriesData = Awaited<
  ReturnType<NonNullable<ReturnType<typeof storiesQueryOptions>['queryFn']>>
>;
export type StoryItem = StoriesData['stories'][number];

/** After any change of the feed: its pages (and the counts in My leagues). */
const useFeedMutation = <V, D>(leagueId: string, run: (v: V) => Promise<D>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => invalidate(queryClient, ['feed', leagueId]),
  });
};

const message = (leagueId: string, messageId: string) => ({
  param: { leagueId, messageId },
});

export const usePostMessage = (leagueId: string) =>
  useFeedMutation(
    leagueId,
    (body: { teamId?: string; text: string; replyTo?: string; fixtureId?: string }) =>
      unwrap(api.leagues[':leagueId'].messages.$post({ param: { leagueId }, json: body })),
  );

export const useEditMessage = (leagueId: string) =>
  useFeedMutation(leagueId, (v: { messageId: string; text: string }) =>
    unwrap(
      api.leagues[':leagueId'].messages[':messageId'].$patch({
        ...message(leagueId, v.messageId),
        json: { text: v.text },
      }),
    ),
  );

export const useDeleteMessage = (leagueId: string) =>
  useFeedMutation(leagueId, (messageId: string) =>
    unwrap(api.leagues[':leagueId'].messages[':messageId'].$delete(message(leagueId, messageId))),
  );

export const useReact = (leagueId: string) =>
  useFeedMutation(leagueId, (v: { messageId: string; emoji: FeedEmoji; on: boolean }) => {
    const route = api.leagues[':leagueId'].messages[':messageId'].reactions[':emoji'];
    const args = { param: { leagueId, messageId: v.messageId, emoji: v.emoji } };
    return unwrap(v.on ? route.$put(args) : route.$delete(args));
  });

export const useReport = (leagueId: string) =>
  useFeedMutation(leagueId, (messageId: string) =>
    unwrap(
      api.leagues[':leagueId'].messages[':messageId'].report.$post(message(leagueId, messageId)),
    ),
  );

/** The player has seen the feed: My leagues' unread count for it goes to 0. */
export const useMarkRead = (leagueId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.leagues[':leagueId'].feed.read.$put({ param: { leagueId } })),
    onSuccess: () => invalidate(queryClient, queryKeys.myLeagues),
  });
};

/** Per league: replies and mentions as push (the /team page). */
export const feedNotifyQueryOptions = queryOptions({
  queryKey: queryKeys.feedNotify,
  queryFn: () => unwrap(api.push['feed-notifications'].$get()),
});

export const useSetFeedNotify = () =>
  useRefreshingMutation(
    (input: { leagueId: string; enabled: boolean }) =>
      unwrap(
        api.leagues[':leagueId'].feed.settings.$put({
          param: { leagueId: input.leagueId },
          json: { notify: input.enabled },
        }),
      ),
    [queryKeys.feedNotify, ['feed']],
  );

/** The league admin pins a message of their own above the story; null takes the pin down. */
export const usePin = (leagueId: string) =>
  useFeedMutation(leagueId, (messageId: string | null) =>
    unwrap(
      messageId === null
        ? api.leagues[':leagueId'].pin.$delete({ param: { leagueId } })
        : api.leagues[':leagueId'].pin.$put({ param: { leagueId }, json: { messageId } }),
    ),
  );
