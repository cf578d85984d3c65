import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { invalidate, leagueViews } from './queries';

/**
 * Keeps a league's pages live: listens to `/api/live/leagues/{id}` (Server-Sent Events) and, when
 * results of the league's competition are scored, refetches every league and prediction query so
 * standings, tables and dashboards move without a reload. EventSource reconnects by itself.
 */
export const useLiveLeague = (leagueId: string | null | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId || typeof EventSource === 'undefined') return undefined;
    const url = api.live.leagues[':leagueId'].$url({ param: { leagueId } });
    const source = new EventSource(url.pathname);
    const refresh = () => void invalidate(queryClient, ...leagueViews);
    source.addEventListener('standings', refresh);
    return () => {
      source.removeEventListener('standings', refresh);
      source.close();
    };
  }, [leagueId, queryClient]);
};
