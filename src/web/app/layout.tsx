import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { useMe } from '../account/api';
import { AuthDialog } from '../account/auth-dialog';
import { useGoogleErrorNotice } from '../account/use-google-error-notice';
import { LeagueDialogs } from '../leagues/league-dialogs';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageContainer } from '../ui/page';
import { ErrorState } from '../ui/state';
import { Toaster } from '../ui/toaster';
import { Header } from './header';

/** The shared frame of every page (spec §2.1). */
export const Layout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  useGoogleErrorNotice();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        data-testid="skip-link"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-navy focus:not-sr-only focus:fixed focus:px-4 focus:py-3 focus:left-3 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <QueryErrorResetBoundary>
          {({ reset }) => (
            <ErrorBoundary
              key={pathname}
              onReset={reset}
              fallback={(retry) => (
                <PageContainer className="max-w-xl">
                  <ErrorState
                    title={t('errors.pageCrashed')}
                    message={t('errors.pageCrashedText')}
                    retryLabel={t('common.retry')}
                    onRetry={retry}
                  />
                </PageContainer>
              )}
            >
              <Outlet />
            </ErrorBoundary>
          )}
        </QueryErrorResetBoundary>
      </main>
      <footer className="border-t border-line bg-surface/80">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-sm text-fg-muted sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} FirstGoal</p>
          <p>{t('footer.tagline')}</p>
        </div>
      </footer>
      <AuthDialog />
      {me.isPending ? null : <LeagueDialogs viewer={me.data?.user ?? null} />}
      <Toaster closeLabel={t('common.closeNotification')} regionLabel={t('common.notifications')} />
    </div>
  );
};
