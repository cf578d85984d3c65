import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../account/api';
import { resolveCompetitionPath, useCompetitions } from '../competitions/api';
import { CompetitionPage } from '../competitions/competition-page';
import { PredictionBoard } from '../predictions/prediction-board';
import { NotFoundPage } from '../static-pages/not-found-page';
import { PageContainer } from '../ui/page';
import { lazyNamed } from '../lib/lazy-named';
import { QueryView } from '../ui/query-view';

// Only invite links (?code= or ?league=) need the join flow: it is fetched for them alone.
const JoinByLink = lazyNamed(() => import('../leagues/join/join-by-link'), 'JoinByLink');

/**
 * Every path without a fixed route: a competition page when the catalogue has that route,
 * a redirect (keeping the query) when it is an alias, otherwise the not-found page.
 */
export const CatalogueRoute = () => {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const [searchParams] = useSearchParams();
  const competitions = useCompetitions();
  const me = useMe();
  const signedIn = me.isPending ? undefined : Boolean(me.data?.user);

  if (competitions.isPending || competitions.isError) {
    return (
      <PageContainer>
        <QueryView query={competitions} errorTitle={t('errors.pageLoad')} rows={2} />
      </PageContainer>
    );
  }
  const match = resolveCompetitionPath(competitions.data, pathname);
  if (!match) return <NotFoundPage />;
  if (!match.canonical) {
    return <Navigate replace to={{ pathname: match.competition.route, search, hash }} />;
  }
  const competition = match.competition;
  return (
    <>
      {/* Invite links land here with ?code= or ?league= (spec §4 join by link). */}
      {searchParams.has('code') || searchParams.has('league') ? (
        <Suspense fallback={null}>
          <JoinByLink
            competitionId={competition.id}
            viewer={me.data?.user ?? null}
            viewerPending={me.isPending}
          />
        </Suspense>
      ) : null}
      <CompetitionPage
        key={competition.id}
        competition={competition}
        renderBoard={(slot) => (
          <PredictionBoard
            competition={competition}
            signedIn={signedIn}
            isAdmin={me.data?.user?.role === 'admin'}
            {...slot}
          />
        )}
      />
    </>
  );
};
