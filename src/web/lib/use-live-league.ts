import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { invalidate, leagueViews, queryKeys } from './queries';

/**
 * Keeps a league's pages live: listens to `/api/live/leagues/{id}` (Server-Sent Events) and, when
 * results of the league's competition are scored, refetches every league and prediction query so
 * standings, tables and dashboards move without a reload; when a match in play moves ('live',
 * a signal without content), its live table, races and fixtures. EventSource reconnects by itself.
 */
export const useLiveLeague = (leagueId: string | null | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId || typeof EventSource === 'undefined') return undefined;
    const url = api.live.leagues[':leagueId'].$url({ param: { leagueId } });
    const source = new EventSource(url.pathname);
    const refresh = () => void invalidate(queryClient, ...leagueViews);
    // A match in play moved (a goal, a minute, the clock): its league's live views refetch.
    const moved = () =>
      void invalidate(
        queryClient,
        queryKeys.liveOf(leagueId),
        queryKeys.racesOf(leagueId),
        queryKeys.leagueFixtures(leagueId),
        queryKeys.hub,
      );
    source.addEventListener('standings', refresh);
    source.addEventListener('live', moved);
    return () => {
      source.removeEventListener('standings', refresh);
      source.removeEventListener('live', moved);
      source.close();
    };
  }, [leagueId, queryClient]);
};
