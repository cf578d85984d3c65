import { Suspense } from 'react';
import { matchPath, Navigate, useLocation, type RouteObject } from 'react-router';
import { useMe } from '../account/api';
import { HomePage } from '../home/home-page';
import { QuickJoinCard } from '../leagues/join/quick-join-card';
import { lazyNamed } from '../lib/lazy-named';
import { PageContainer } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { Layout } from './layout';
import { RequireUser } from './require-user';
import { RulesPage, RulesRoute } from './rules-route';

// Home is in the first download; every other page is its own chunk, fetched when first shown
// (Layout's Suspense shows a skeleton meanwhile).
const AdminPage = lazyNamed(() => import('../admin/admin-page'), 'AdminPage', ['admin', 'info']);
const CatalogueRoute = lazyNamed(() => import('./catalogue-route'), 'CatalogueRoute');
const CompetitionsPage = lazyNamed(
  () => import('../competitions/competitions-page'),
  'CompetitionsPage',
);
const ContactPage = lazyNamed(() => import('../contact/contact-page'), 'ContactPage', ['info']);
const DashboardPage = lazyNamed(() => import('../leagues/hub/dashboard-page'), 'DashboardPage');
const JoinRedirectPage = lazyNamed(
  () => import('../leagues/join/join-redirect-page'),
  'JoinRedirectPage',
);
const LeagueHome = lazyNamed(() => import('../leagues/hub/league-home'), 'LeagueHome');
const LeaguePage = lazyNamed(() => import('../leagues/page/league-page'), 'LeaguePage', ['league']);
const PrivacyPolicyPage = lazyNamed(
  () => import('../static-pages/privacy-policy-page'),
  'PrivacyPolicyPage',
  ['info'],
);
const ResetPasswordPage = lazyNamed(
  () => import('../account/reset-password-page'),
  'ResetPasswordPage',
);
const StandingsPage = lazyNamed(
  () => import('../leagues/standings/standings-page'),
  'StandingsPage',
  ['league'],
);
const RacePage = lazyNamed(() => import('../leagues/live/race-page'), 'RacePage', ['league']);
const AccountPage = lazyNamed(() => import('../account/account-page'), 'AccountPage', ['account']);
const TeamPage = lazyNamed(() => import('../leagues/team/team-page'), 'TeamPage', [
  'team',
  'league',
]);
const TermsPage = lazyNamed(() => import('../static-pages/terms-page'), 'TermsPage', ['info']);

const HomeRoute = () => {
  const me = useMe();
  const user = me.data?.user ?? null;
  return (
    <HomePage signedIn={Boolean(user)}>
      {me.isPending ? (
        <LoadingBlock label="" rows={1} />
      ) : user ? (
        <Suspense fallback={<LoadingBlock label="" rows={1} />}>
          <LeagueHome viewer={user} />
        </Suspense>
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
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'competitions', element: <CompetitionsPage /> },
      {
        path: 'team',
        element: <RequireUser>{(user) => <TeamPage isGuest={user.isAnonymous} />}</RequireUser>,
      },
      { path: 'dashboard', element: <DashboardRoute /> },
      {
        path: 'account',
        element: <RequireUser>{(user) => <AccountPage user={user} />}</RequireUser>,
      },
      { path: 'rules', element: <RulesRoute /> },
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
      {
        path: 'league/:leagueId/race/:fixtureId',
        element: <RequireUser>{() => <RacePage />}</RequireUser>,
      },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <CatalogueRoute /> },
    ],
  },
];

/** The chunk of the page at `pathname`, fetched beside the app's own (main.tsx). */
const pagesByPath: [string, { preload: () => unknown }][] = [
  ['/competitions', CompetitionsPage],
  ['/team', TeamPage],
  ['/account', AccountPage],
  ['/dashboard', DashboardPage],
  ['/rules', RulesPage],
  ['/contact', ContactPage],
  ['/privacy-policy', PrivacyPolicyPage],
  ['/terms-of-service', TermsPage],
  ['/admin', AdminPage],
  ['/join', JoinRedirectPage],
  ['/join-league', JoinRedirectPage],
  ['/league/womenschampionship', CatalogueRoute],
  ['/league/:leagueId', LeaguePage],
  ['/league/:leagueId/standings', StandingsPage],
  ['/league/:leagueId/race/:fixtureId', RacePage],
  ['/reset-password', ResetPasswordPage],
];

export const preloadRoute = (pathname: string) => {
  if (pathname === '/') return;
  const page = pagesByPath.find(([path]) => matchPath(path, pathname))?.[1] ?? CatalogueRoute;
  void page.preload();
};
