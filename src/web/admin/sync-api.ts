import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api-client';
import { invalidate, queryKeys, resultViews } from '../lib/queries';

const fetchSync = () => unwrap(api.admin.sync.$get());
export type SyncOverview = Awaited<ReturnType<typeof fetchSync>>;
export type SyncCompetition = SyncOverview['competitions'][number];
export type SyncLastRun = NonNullable<SyncCompetition['lastRun']>;

export const syncQueryOptions = queryOptions({
  queryKey: queryKeys.adminSync,
  queryFn: fetchSync,
  // While a run is in progress (started here, by the schedule or another admin) watch it end.
  refetchInterval: (query) => (query.state.data?.running ? 3000 : false),
});

export const useSyncOverview = () => useQuery(syncQueryOptions);

/** Runs the sync now: every competition, or the one given. */
export const useRunSync = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (competitionId: string | null) =>
      unwrap(api.admin.sync.$post({ json: competitionId ? { competitionId } : {} })),
    // New fixtures and results reach the admin lists, the audit trail and every league view.
    onSettled: () => invalidate(queryClient, ...resultViews),
  });
};
