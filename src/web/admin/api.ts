import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api-client';

const fetchOutbox = async () => (await unwrap(api.admin.outbox.$get())).mails;
export type OutboxMail = Awaited<ReturnType<typeof fetchOutbox>>[number];

export const outboxQueryOptions = queryOptions({
  queryKey: ['admin', 'outbox'],
  queryFn: fetchOutbox,
});

export const useOutbox = () => useQuery(outboxQueryOptions);

export const useRetryMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.outbox[':id'].retry.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryOptions.queryKey }),
  });
};
