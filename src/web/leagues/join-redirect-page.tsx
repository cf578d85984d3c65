import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { useInviteLookup } from './use-invite-lookup';

/**
 * /join and /join-league (spec §2.8): finds the league by `code` or `league` and goes to its
 * competition's page with the same query, where joining continues; unknown → /competitions.
 */
export const JoinRedirectPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { code, name, lookup } = useInviteLookup();

  useEffect(() => {
    if (!code && !name) {
      void navigate('/competitions', { replace: true });
      return;
    }
    if (lookup.isError) void navigate('/competitions', { replace: true });
    if (lookup.data) void navigate(`${lookup.data.competitionRoute}${search}`, { replace: true });
  }, [code, name, lookup.isError, lookup.data, navigate, search]);

  return (
    <PageContainer className="max-w-xl">
      <h1 className="mb-4 text-center text-lg font-semibold text-fg" data-testid="join-redirecting">
        {t('leagues.joinRedirect.working')}
      </h1>
      <LoadingBlock label={t('leagues.joinRedirect.working')} rows={1} />
    </PageContainer>
  );
};
