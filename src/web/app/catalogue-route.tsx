import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { resolveCompetitionPath, useCompetitions } from '../competitions/api';
import { CompetitionPage } from '../competitions/competition-page';
import { useErrorMessage } from '../lib/use-error-message';
import { NotFoundPage } from '../static-pages/not-found-page';
import { PageContainer } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { ErrorState } from '../ui/state';

/**
 * Every path without a fixed route: a competition page when the catalogue has that route,
 * a redirect (keeping the query) when it is an alias, otherwise the not-found page.
 */
export const CatalogueRoute = () => {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { pathname, search, hash } = useLocation();
  const competitions = useCompetitions();

  if (competitions.isPending) {
    return (
      <PageContainer>
        <LoadingBlock label={t('common.loading')} rows={2} />
      </PageContainer>
    );
  }
  if (competitions.isError) {
    return (
      <PageContainer>
        <ErrorState
          title={t('errors.pageLoad')}
          message={errorMessage(competitions.error)}
          retryLabel={t('common.retry')}
          onRetry={() => void competitions.refetch()}
        />
      </PageContainer>
    );
  }
  const match = resolveCompetitionPath(competitions.data, pathname);
  if (!match) return <NotFoundPage />;
  if (!match.canonical) {
    return <Navigate replace to={{ pathname: match.competition.route, search, hash }} />;
  }
  return <CompetitionPage competition={match.competition} />;
};
