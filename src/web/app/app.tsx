import { BrowserRouter, useRoutes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../ui/error-boundary';
import { Providers } from './providers';
import { RootError } from './root-error';
import { routes } from './routes';

const AppRoutes = () => useRoutes(routes);

export const App = ({ queryClient }: { queryClient?: QueryClient }) => (
  <Providers client={queryClient}>
    <ErrorBoundary fallback={() => <RootError />}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ErrorBoundary>
  </Providers>
);
