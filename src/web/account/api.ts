import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { displayNameOf } from '../../domain/display-name';
import type { Language } from '../../domain/i18n';
import { api, unwrap } from '../lib/api-client';
import { clearSessionStorageKeys } from '../lib/local-keys';
import { queryKeys } from '../lib/queries';

const fetchMe = () => unwrap(api.account.me.$get());
export type Me = Awaited<ReturnType<typeof fetchMe>>;
export type MeUser = NonNullable<Me['user']>;

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: fetchMe,
  staleTime: 60_000,
});

export const useMe = () => useQuery(meQueryOptions);

/** The name the header greets: guests are "Guest" (null here), others their display name. */
export const greetingName = (user: { name: string; email: string; isAnonymous: boolean }) =>
  user.isAnonymous ? null : displayNameOf(user);

export const useSaveLocale = () =>
  useMutation({
    mutationFn: (locale: Language) => unwrap(api.account.locale.$put({ json: { locale } })),
  });

/**
 * Signs out everywhere (specification §4: global scope), stops push reminders to this browser,
 * wipes this browser's league state and every cached server answer, then goes home.
 */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // better-auth's client is fetched when needed (it is not in the first download).
      const { authClient } = await import('./auth-client');
      // Reminders stop coming to this browser once nobody is signed in to it.
      await import('../lib/push')
        .then((push) => push.unsubscribeThisDevice())
        .catch(() => undefined);
      await authClient.revokeSessions().catch(() => undefined);
      await authClient.signOut();
    },
    onSettled: async () => {
      clearSessionStorageKeys();
      queryClient.clear();
      await navigate('/');
    },
  });
};

/** Everything user-specific is stale after signing in or up. */
export const useRefreshAfterSignIn = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
};
