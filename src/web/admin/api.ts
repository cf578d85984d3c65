import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FixturePatch, NewCompetitionBody, NewFixtureBody } from '../../domain/results';
import { api, unwrap } from '../lib/api-client';
import { invalidate, queryKeys, resultViews, useRefreshingMutation } from '../lib/queries';

const fetchOutbox = async () => (await unwrap(api.admin.outbox.$get())).mails;
export type OutboxMail = Awaited<ReturnType<typeof fetchOutbox>>[number];

export const outboxQueryOptions = queryOptions({
  queryKey: queryKeys.adminOutbox,
  queryFn: fetchOutbox,
});

export const useOutbox = () => useQuery(outboxQueryOptions);

export const useRetryMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.outbox[':id'].retry.$post({ param: { id } })),
    onSettled: () => invalidate(queryClient, queryKeys.adminOutbox),
  });
};

// Contact inbox ----------------------------------------------------------------------------

const fetchInbox = async () => (await unwrap(api.admin.contact.$get())).messages;
export type InboxMessage = Awaited<ReturnType<typeof fetchInbox>>[number];

export const inboxQueryOptions = queryOptions({
  queryKey: queryKeys.adminInbox,
  queryFn: fetchInbox,
});

export const useInbox = () => useQuery(inboxQueryOptions);

export const useMarkHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) =>
      unwrap(api.admin.contact[':id'].handled.$put({ param: { id }, json: { handled } })),
    onSettled: () => invalidate(queryClient, queryKeys.adminInbox),
  });
};

// Reported league messages (issue 32) ----------------------------------------------------------

const fetchReports = async () => (await unwrap(api.admin['message-reports'].$get())).messages;
export type ReportedMessage = Awaited<ReturnType<typeof fetchReports>>[number];

export const useReports = () =>
  useQuery({ queryKey: queryKeys.adminReports, queryFn: fetchReports });

/** A site admin removes a reported message from its league's chat ('removed by a site admin'). */
export const useRemoveReported = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: { leagueId: string; id: string }) =>
      unwrap(
        api.leagues[':leagueId'].messages[':messageId'].$delete({
          param: { leagueId: m.leagueId, messageId: m.id },
        }),
      ),
    onSettled: () => invalidate(queryClient, queryKeys.adminReports),
  });
};

// Competitions -----------------------------------------------------------------------------

const fetchCompetitions = async () => (await unwrap(api.admin.competitions.$get())).competitions;
export type AdminCompetition = Awaited<ReturnType<typeof fetchCompetitions>>[number];

export const competitionsQueryOptions = queryOptions({
  queryKey: queryKeys.adminCompetitions,
  queryFn: fetchCompetitions,
});

export const useAdminCompetitions = () => useQuery(competitionsQueryOptions);

export const useAddCompetition = () =>
  useRefreshingMutation(
    (json: NewCompetitionBody) => unwrap(api.admin.competitions.$post({ json })),
    [queryKeys.admin, queryKeys.competitions],
  );

// Fixtures and results ----------------------------------------------------------------------

const fetchFixtures = async (competitionId: string) =>
  (await unwrap(api.admin.fixtures.$get({ query: { competitionId } }))).fixtures;
export type AdminFixtureRow = Awaited<ReturnType<typeof fetchFixtures>>[number];

export const fixturesQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: queryKeys.adminFixtures(competitionId),
    queryFn: () => fetchFixtures(competitionId),
    enabled: competitionId !== '',
  });

export const useAdminFixtures = (competitionId: string) =>
  useQuery(fixturesQueryOptions(competitionId));

export const useUpdateFixture = () =>
  useRefreshingMutation(
    ({ id, patch }: { id: string; patch: FixturePatch }) =>
      unwrap(api.admin.fixtures[':fixtureId'].$patch({ param: { fixtureId: id }, json: patch })),
    resultViews,
  );

export const useRecalculate = () =>
  useRefreshingMutation(
    (id: string) =>
      unwrap(api.admin.fixtures[':fixtureId'].recalculate.$post({ param: { fixtureId: id } })),
    resultViews,
  );

/** 'Hand back to the sources': facts set by hand may be changed by the sources again. */
export const useHandBack = () =>
  useRefreshingMutation(
    (id: string) =>
      unwrap(api.admin.fixtures[':fixtureId']['hand-back'].$post({ param: { fixtureId: id } })),
    resultViews,
  );

/** 'Rebuild standings' of a competition: every league's totals summed afresh from its picks. */
export const useRebuildStandings = () =>
  useRefreshingMutation(
    (competitionId: string) =>
      unwrap(
        api.admin.competitions[':competitionId']['rebuild-standings'].$post({
          param: { competitionId },
        }),
      ),
    resultViews,
  );

export const useAddFixture = () =>
  useRefreshingMutation(
    (json: NewFixtureBody) => unwrap(api.admin.fixtures.$post({ json })),
    resultViews,
  );

// Audit trail ------------------------------------------------------------------------------

const fetchAudit = async (entityId: string, limit: number) =>
  (
    await unwrap(
      api.admin.audit.$get({
        query: { limit: String(limit), ...(entityId ? { entityId } : {}) },
      }),
    )
  ).entries;
export type AuditEntry = Awaited<ReturnType<typeof fetchAudit>>[number];

export const auditQueryOptions = (entityId: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.adminAudit(entityId, limit),
    queryFn: () => fetchAudit(entityId, limit),
    // "Load more" keeps the rows on screen while the longer page loads.
    placeholderData: keepPreviousData,
  });

export const useAudit = (entityId: string, limit: number) =>
  useQuery(auditQueryOptions(entityId, limit));
