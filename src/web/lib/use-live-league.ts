import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps a league's pages live: listens to `/api/live/leagues/{id}` (Server-Sent Events) and, when
 * results of the league's competition are scored, refetches every league and prediction query so
 * standings, tables and dashboards move without a reload. EventSource reconnects by itself.
 */
export const useLiveLeague = (leagueId: string | null | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(`/api/live/leagues/${encodeURIComponent(leagueId)}`);
    const refresh = () => {
      void queryClient.invalidateQueries({
        // Standings live under ['leagues', id, 'standings', …].
        predicate: (query) => {
          const [head] = query.queryKey;
          return head === 'leagues' || head === 'predictions';
        },
      });
    };
    source.addEventListener('standings', refresh);
    return () => {
      source.removeEventListener('standings', refresh);
      source.close();
    };
  }, [leagueId, queryClient]);
};
