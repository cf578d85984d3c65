import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import { shouldRetry } from '../lib/api-client';
import { AuthDialogProvider } from '../lib/auth-dialog-context';
import { LeagueDialogsProvider } from '../lib/league-dialogs-context';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });

export const Providers = ({
  children,
  client,
}: {
  children: ReactNode;
  /** A client created (and already fetching) before the first render; else a new one. */
  client?: QueryClient;
}) => {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthDialogProvider>
          <LeagueDialogsProvider>{children}</LeagueDialogsProvider>
        </AuthDialogProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
};
