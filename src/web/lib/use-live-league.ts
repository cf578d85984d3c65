import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { invalidate, leagueViews, queryKeys } from './queries';

/**
 * Keeps a league's pages live: listens to `/api/live/leagues/{id}` (Server-Sent Events) and, when
 * results of the league's competition are scored, refetches every league and prediction query so
 * standings, tables and dashboards move without a reload; when a match in play moves ('live',
 * a signal without content), its live table, races and fixtures; when a kick-off moves
 * ('fixtures'), the boards' fixtures. EventSource reconnects by itself;
 * events sent while it was away, or that the server's instance missed ('resync', issue 30), are
 * made up for by refetching everything the league's pages show.
 */
export const useLiveLeague = (leagueId: string | null | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId || typeof EventSource === 'undefined') return undefined;
    const url = api.live.leagues[':leagueId'].$url({ param: { leagueId } });
    const source = new EventSource(url.pathname);
    // Results counted: every view of the league, and its stories (a round may be over).
    const refresh = () => void invalidate(queryClient, ...leagueViews, queryKeys.stories(leagueId));
    // A match in play moved (a goal, a minute, the clock): its league's live views refetch.
    const moved = () =>
      void invalidate(
        queryClient,
        queryKeys.liveOf(leagueId),
        queryKeys.racesOf(leagueId),
        queryKeys.leagueFixtures(leagueId),
        queryKeys.hub,
      );
    // A kick-off moved or fixtures were added (issue 54): the boards refetch their fixtures and
    // re-arm their deadlines (use-server-clock.ts).
    const scheduled = () =>
      void invalidate(
        queryClient,
        queryKeys.fixtures,
        queryKeys.leagueFixtures(leagueId),
        queryKeys.hub,
      );
    // The league's messages changed (issue 32): the signal carries none, the feed refetches.
    const talked = () => void invalidate(queryClient, queryKeys.feed(leagueId));
    const resync = () => {
      refresh();
      moved();
      scheduled();
      talked();
    };
    // 'ready' opens every stream: the first is the page's own load, a later one a reconnection.
    let opened = false;
    const ready = () => {
      if (opened) resync();
      opened = true;
    };
    source.addEventListener('standings', refresh);
    source.addEventListener('live', moved);
    source.addEventListener('feed', talked);
    source.addEventListener('fixtures', scheduled);
    source.addEventListener('resync', resync);
    source.addEventListener('ready', ready);
    return () => {
      source.removeEventListener('standings', refresh);
      source.removeEventListener('live', moved);
      source.removeEventListener('feed', talked);
      source.removeEventListener('fixtures', scheduled);
      source.removeEventListener('resync', resync);
      source.removeEventListener('ready', ready);
      source.close();
    };
  }, [leagueId, queryClient]);
};
