import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from './use-error-message';
import { LoadingBlock } from './skeleton';
import { ErrorState } from './state';

/** What QueryView reads of a query (TanStack's result, or a hook that mirrors it). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: T | undefined;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** The heading of the error card ("The table could not be loaded"). */
  errorTitle: string;
  /** Turns the error into a sentence; by default its code's translation. */
  errorMessage?: (error: unknown) => string | null;
  /** Skeleton rows while loading, or a placeholder of its own. */
  rows?: number;
  loading?: ReactNode;
  loadingLabel?: string;
  /** What to show once the data is there; without it QueryView shows only loading and errors. */
  children?: (data: T) => ReactNode;
}

/**
 * One view of a query's three states: a polite skeleton while it loads, an error card with a
 * retry when it fails, and the caller's rendering of its data. Used inline as
 * `<QueryView query={q} …>{(data) => …}</QueryView>` or before the page proper as
 * `if (q.isPending || q.isError) return <QueryView query={q} … />`.
 */
export const QueryView = <T,>({
  query,
  errorTitle,
  errorMessage,
  rows = 3,
  loading,
  loadingLabel,
  children,
}: QueryViewProps<T>) => {
  const { t } = useTranslation();
  const defaultMessage = useErrorMessage();
  if (query.isPending) {
    return loading ?? <LoadingBlock label={loadingLabel ?? t('common.loading')} rows={rows} />;
  }
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={(errorMessage ?? defaultMessage)(query.error)}
        retryLabel={t('common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children ? children(query.data as T) : null;
};
