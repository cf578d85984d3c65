import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useMe } from '../account/api';
import { ResetPasswordPage } from '../account/reset-password-page';
import { AdminPage } from '../admin/admin-page';
import { CompetitionsPage } from '../competitions/competitions-page';
import { ContactPage } from '../contact/contact-page';
import { HomePage } from '../home/home-page';
import { DashboardPage } from '../leagues/dashboard-page';
import { JoinRedirectPage } from '../leagues/join-redirect-page';
import { LeagueHome } from '../leagues/league-home';
import { LeaguePage } from '../leagues/league-page';
import { QuickJoinCard } from '../leagues/quick-join-card';
import { StandingsPage } from '../leagues/standings-page';
import { TeamPage } from '../leagues/team-page';
import { PrivacyPolicyPage } from '../static-pages/privacy-policy-page';
import { RulesPage } from '../static-pages/rules-page';
import { TermsPage } from '../static-pages/terms-page';
import { PageContainer } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { CatalogueRoute } from './catalogue-route';
import { Layout } from './layout';
import { RequireUser } from './require-user';
import { RootError } from './root-error';

const HomeRoute = () => {
  const me = useMe();
  const user = me.data?.user ?? null;
  return (
    <HomePage signedIn={Boolean(user)}>
      {me.isPending ? (
        <LoadingBlock label="" rows={1} />
      ) : user ? (
        <LeagueHome viewer={user} />
      ) : (
        <QuickJoinCard />
      )}
    </HomePage>
  );
};

/** The dashboard explains itself when signed out (spec §2.6), so it is not behind RequireUser. */
const DashboardRoute = () => {
  const me = useMe();
  if (me.isPending) {
    return (
      <PageContainer>
        <LoadingBlock label="" rows={3} />
      </PageContainer>
    );
  }
  return <DashboardPage viewer={me.data?.user ?? null} />;
};

/** `/terms` is the other spelling of `/terms-of-service` (spec §2.1). */
const TermsRedirect = () => {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: '/terms-of-service', search, hash }} />;
};

/** Signed-in people find their name and e-mail already filled in (guests have neither). */
const ContactRoute = () => {
  const user = useMe().data?.user ?? null;
  return <ContactPage viewer={user} />;
};

/** Every route of spec §2.2; competition routes come from the catalogue (CatalogueRoute). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'competitions', element: <CompetitionsPage /> },
      {
        path: 'team',
        element: <RequireUser>{(user) => <TeamPage isGuest={user.isAnonymous} />}</RequireUser>,
      },
      { path: 'dashboard', element: <DashboardRoute /> },
      { path: 'rules', element: <RulesPage /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsPage /> },
      { path: 'terms', element: <TermsRedirect /> },
      {
        path: 'admin',
        element: (
          <RequireUser>{(user) => <AdminPage isAdmin={user.role === 'admin'} />}</RequireUser>
        ),
      },
      { path: 'join', element: <JoinRedirectPage /> },
      { path: 'join-league', element: <JoinRedirectPage /> },
      { path: 'league/womenschampionship', element: <CatalogueRoute /> },
      { path: 'league/:leagueId', element: <LeaguePage /> },
      { path: 'league/:leagueId/standings', element: <StandingsPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <CatalogueRoute /> },
    ],
  },
];
