import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { InviteErrorState } from '../../lib/navigation-state';
import { PageContainer } from '../../ui/page';
import { LoadingBlock } from '../../ui/skeleton';
import { useInviteLookup } from './use-invite-lookup';
import { useLeagueError } from '../shared/use-league-error';

/**
 * /join and /join-league (spec §2.8): finds the league by `code` or `league` and goes to its
 * competition's page with the same query, where joining continues; unknown → /competitions,
 * which says why.
 */
export const JoinRedirectPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { code, name, lookup } = useInviteLookup();
  const leagueError = useLeagueError();
  const inviteError = lookup.isError ? leagueError(lookup.error) : null;

  useEffect(() => {
    if (!code && !name) {
      void navigate('/competitions', { replace: true });
      return;
    }
    if (inviteError !== null) {
      const state: InviteErrorState = { inviteError };
      void navigate('/competitions', { replace: true, state });
    }
    if (lookup.data) void navigate(`${lookup.data.competitionRoute}${search}`, { replace: true });
  }, [code, name, inviteError, lookup.data, navigate, search]);

  return (
    <PageContainer className="max-w-xl">
      <h1 className="mb-4 text-center text-lg font-semibold text-fg" data-testid="join-redirecting">
        {t('leagues.joinRedirect.working')}
      </h1>
      <LoadingBlock label={t('leagues.joinRedirect.working')} rows={1} />
    </PageContainer>
  );
};
