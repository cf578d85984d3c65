import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api-client';
import { invalidate, queryKeys, resultViews } from '../lib/queries';

const fetchSync = () => unwrap(api.admin.sync.$get());
export type SyncOverview = Awaited<ReturnType<typeof fetchSync>>;
export type SyncCompetition = SyncOverview['competitions'][number];
export type SyncLastRun = NonNullable<SyncCompetition['lastRun']>;
export type LiveOverview = SyncOverview['live'];

export const syncQueryOptions = queryOptions({
  queryKey: queryKeys.adminSync,
  queryFn: fetchSync,
  // While a run is in progress (started here, by the schedule or another admin) watch it end.
  refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
});

export const useSyncOverview = () => useQuery(syncQueryOptions);

/** What a sync is asked for: every competition (null), one, or one season of one. */
export interface SyncTarget {
  competitionId: string;
  season?: string;
}

/** Runs the sync now: every competition, the one given, or one season of it. */
export const useRunSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: SyncTarget | null) => unwrap(api.admin.sync.$post({ json: target ?? {} })),
    // New fixtures and results reach the admin lists, the audit trail and every league view.
    onSettled: () => invalidate(queryClient, ...resultViews),
  });
};

/** Pairs a live source's match with a fixture by hand. */
export const useLinkMatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: {
      source: LiveOverview['unmatched'][number]['source'];
      matchId: string;
      fixtureId: string;
    }) => unwrap(api.admin.sync.link.$post({ json })),
    onSettled: () => invalidate(queryClient, queryKeys.adminSync),
  });
};
