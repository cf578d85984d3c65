import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useMe } from '../account/api';
import { ResetPasswordPage } from '../account/reset-password-page';
import { AdminPage } from '../admin/admin-page';
import { CompetitionsPage } from '../competitions/competitions-page';
import { HomePage } from '../home/home-page';
import { PlaceholderPage } from '../static-pages/placeholder-page';
import { CatalogueRoute } from './catalogue-route';
import { Layout } from './layout';
import { RequireUser } from './require-user';
import { RootError } from './root-error';

const HomeRoute = () => {
  const me = useMe();
  return <HomePage signedIn={Boolean(me.data?.user)} />;
};

/** `/terms` is the other spelling of `/terms-of-service` (spec §2.1). */
const TermsRedirect = () => {
  const { search, hash } = useLocation();
  return <Navigate replace to={{ pathname: '/terms-of-service', search, hash }} />;
};

const placeholder = (page: string) => <PlaceholderPage key={page} page={page} />;
const signedIn = (page: string) => <RequireUser>{() => placeholder(page)}</RequireUser>;

/** Every route of spec §2.2; competition routes come from the catalogue (CatalogueRoute). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'competitions', element: <CompetitionsPage /> },
      { path: 'team', element: signedIn('team') },
      { path: 'dashboard', element: signedIn('dashboard') },
      { path: 'rules', element: placeholder('rules') },
      { path: 'contact', element: placeholder('contact') },
      { path: 'privacy-policy', element: placeholder('privacy') },
      { path: 'terms-of-service', element: placeholder('terms') },
      { path: 'terms', element: <TermsRedirect /> },
      {
        path: 'admin',
        element: (
          <RequireUser>{(user) => <AdminPage isAdmin={user.role === 'admin'} />}</RequireUser>
        ),
      },
      { path: 'join', element: placeholder('join') },
      { path: 'join-league', element: placeholder('join') },
      { path: 'league/womenschampionship', element: <CatalogueRoute /> },
      { path: 'league/:leagueId', element: placeholder('league') },
      { path: 'league/:leagueId/standings', element: placeholder('standings') },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <CatalogueRoute /> },
    ],
  },
];
