import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { buttonClasses } from '../../ui/button';
import { PageContainer } from '../../ui/page';
import { EmptyState } from '../../ui/state';

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** 'League not found.' (spec §2.9) with the way back. */
export const LeagueNotFound = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('leagues.notFoundTitle'));
  return (
    <PageContainer className="max-w-xl">
      <h1 className="sr-only">{t('errors.LEAGUE_NOT_FOUND')}</h1>
      <div data-testid="league-not-found">
        <EmptyState title={t('errors.LEAGUE_NOT_FOUND')}>
          <Link to="/" className={buttonClasses('primary')}>
            {t('notFound.goHome')}
          </Link>
        </EmptyState>
      </div>
    </PageContainer>
  );
};
