import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { QueryView } from '../../ui/query-view';
import { EmptyState } from '../../ui/state';
import { toast } from '../../ui/toast';
import { useErrorMessage, useFailed } from '../../ui/use-error-message';
import {
  feedQueryOptions,
  storiesQueryOptions,
  useDeleteMessage,
  usePin,
  useEditMessage,
  useMarkRead,
  usePostMessage,
  useReact,
  useReport,
  type FeedItem,
} from './feed-api';
import { FeedComposer, type Draft } from './feed-composer';
import { feedPageSize } from '../../../domain/feed-text';
import { FeedMessage, type MessageActions } from './feed-message';
import { LeagueStories } from './story-card';

/** What a message's buttons do, wherever it is shown (the feed, a fixture's race). */
export const useMessageActions = (
  leagueId: string,
  reply: (item: FeedItem) => void,
): MessageActions => {
  const { t } = useTranslation();
  const failed = useFailed();
  const edit = useEditMessage(leagueId);
  const remove = useDeleteMessage(leagueId);
  const react = useReact(leagueId);
  const report = useReport(leagueId);
  return {
    reply,
    react: (item, emoji, on) =>
      react.mutate({ messageId: item.id, emoji, on }, { onError: failed }),
    edit: async (item, text) => {
      try {
        await edit.mutateAsync({ messageId: item.id, text });
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    remove: (item) =>
      remove.mutate(item.id, {
        onSuccess: () => toast.success(t('leagues.feed.removed')),
        onError: failed,
      }),
    report: (item) =>
      report.mutate(item.id, {
        onSuccess: () => toast.success(t('leagues.feed.reportSent')),
        onError: failed,
      }),
  };
};

/**
 * What a composer needs: the message answered (if any) and sending, as a fixture's message
 * when `fixtureId` is given; a failure is one toast and keeps the text.
 */
export const useComposer = (leagueId: string, fixtureId?: string) => {
  const post = usePostMessage(leagueId);
  const failed = useFailed();
  const [replyTo, setReplyTo] = useState<FeedItem | null>(null);
  return {
    reply: setReplyTo,
    replyTo: replyTo
      ? {
          teamName: replyTo.team.name,
          excerpt: [...(replyTo.text ?? '')].slice(0, 60).join(''),
        }
      : null,
    onCancelReply: () => setReplyTo(null),
    sending: post.isPending,
    onSend: async ({ teamId, text }: Draft) => {
      try {
        await post.mutateAsync({
          teamId,
          text,
          ...(fixtureId ? { fixtureId } : {}),
          ...(replyTo ? { replyTo: replyTo.id } : {}),
        });
        setReplyTo(null);
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
  };
};

/** Messages shown on the league page before 'Show older messages' (the page holds 50). */
const firstShown = 10;

/**
 * The league's conversation (issue 32) on its page: members write as one of their teams, reply,
 * react; new messages arrive on the event stream's 'feed' signal. Reading it clears the league's
 * unread count in My leagues.
 */
export const LeagueFeed = ({ leagueId, leagueName }: { leagueId: string; leagueName: string }) => {
  const { t } = useTranslation();
  const stories = useQuery(storiesQueryOptions(leagueId));
  const pin = usePin(leagueId);
  const failed = useFailed();
  const errorMessage = useErrorMessage();
  const feed = useInfiniteQuery(feedQueryOptions(leagueId));
  const markRead = useMarkRead(leagueId);
  const { reply, ...composer } = useComposer(leagueId);
  const newest = feed.data?.pages[0]?.messages[0]?.id;
  const readUpTo = useRef<string | undefined>(undefined);
  const canRead = feed.isSuccess;

  // Seen once the page shows it and the tab is in front (again on every new message).
  useEffect(() => {
    if (!canRead) return undefined;
    const read = () => {
      if (document.visibilityState !== 'visible' || readUpTo.current === (newest ?? '')) return;
      readUpTo.current = newest ?? '';
      markRead.mutate();
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
    // markRead is a new object each render: the newest id decides.
  }, [canRead, newest]);

  const messageActions = useMessageActions(leagueId, (item) => {
    reply(item);
    document.getElementById(`feed-${leagueId}`)?.querySelector('textarea')?.focus();
  });
  // The league admin pins their own messages above the story.
  const actions: MessageActions = stories.data?.canPin
    ? {
        ...messageActions,
        pinnedId: stories.data.pinned?.id ?? null,
        pin: (item) =>
          pin.mutate(item.id, {
            onSuccess: () => {
              toast.success(t('leagues.story.pinnedToast'));
              document.getElementById('story')?.scrollIntoView({ block: 'start' });
            },
            onError: failed,
          }),
      }
    : messageActions;

  const first = feed.data?.pages[0];
  const messages = feed.data?.pages.flatMap((p) => p.messages) ?? [];
  const [shown, setShown] = useState(firstShown);
  const canPost = (first?.teams.length ?? 0) > 0;
  return (
    <Card id={`feed-${leagueId}`} className="flex min-w-0 flex-col gap-4" data-testid="league-feed">
      <h2 id="feed" className="flex scroll-mt-32 items-center gap-2 text-lg font-bold text-fg">
        <MessagesSquare aria-hidden="true" className="size-5 text-brand-text" />
        {t('leagues.feed.title')}
      </h2>
      {feed.isPending || feed.isError ? (
        <QueryView
          query={feed}
          errorTitle={t('leagues.feed.loadError')}
          errorMessage={errorMessage}
          rows={3}
        />
      ) : (
        <>
          <LeagueStories key={leagueId} leagueId={leagueId} leagueName={leagueName} />
          {canPost && first ? <FeedComposer teams={first.teams} {...composer} /> : null}
          {messages.length === 0 ? (
            <EmptyState title={t('leagues.feed.empty')}>
              <p className="text-sm text-fg-muted">{t('leagues.feed.emptyText')}</p>
            </EmptyState>
          ) : (
            <ol
              className="flex flex-col"
              aria-label={t('leagues.feed.listLabel')}
              data-testid="feed-list"
            >
              {messages.slice(0, shown).map((item) => (
                <FeedMessage
                  key={item.id}
                  item={item}
                  moderator={first?.moderator ?? false}
                  canPost={canPost}
                  actions={actions}
                />
              ))}
            </ol>
          )}
          {messages.length > shown || feed.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={feed.isFetchingNextPage}
              onClick={() => {
                // What is loaded first, then the next page of 50 from the server.
                if (messages.length <= shown) void feed.fetchNextPage();
                setShown((was) => was + feedPageSize);
              }}
              data-testid="feed-older"
            >
              {t('leagues.feed.older')}
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
};
