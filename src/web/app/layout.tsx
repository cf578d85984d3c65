import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { useMe } from '../account/api';
import { useGoogleErrorNotice } from '../account/use-google-error-notice';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { lazyNamed } from '../lib/lazy-named';
import { useLeagueDialogs } from '../lib/league-dialogs-context';
import { localKeys } from '../lib/local-keys';
import { useOnceTrue } from '../lib/use-once-true';
import { ErrorBoundary } from '../ui/error-boundary';
import { PageContainer } from '../ui/page';
import { LoadingBlock } from '../ui/skeleton';
import { ErrorState } from '../ui/state';
import { toasterWanted } from '../ui/toast';
import { Header } from './header';

// The dialogs are fetched the first time one opens (or a Create League form waits for sign-in).
const AuthDialog = lazyNamed(() => import('../account/auth-dialog'), 'AuthDialog');
const LeagueDialogs = lazyNamed(() => import('../leagues/join/league-dialogs'), 'LeagueDialogs');
const Toaster = lazyNamed(() => import('../ui/toaster'), 'Toaster');

const hasPendingCreation = () => {
  try {
    return localStorage.getItem(localKeys.pendingLeagueCreation) !== null;
  } catch {
    return false;
  }
};

/** The shared frame of every page (spec §2.1). */
export const Layout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const me = useMe();
  const authDialog = useAuthDialog();
  const leagueDialogs = useLeagueDialogs();
  const showAuthDialog = useOnceTrue(authDialog.isOpen);
  const showLeagueDialogs = useOnceTrue(
    leagueDialogs.dialog !== null || (Boolean(me.data?.user) && hasPendingCreation()),
  );
  const showToaster = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  useGoogleErrorNotice();
  // A new page: back to its top, and (after the first) the keyboard focus on its heading, which a
  // screen reader then reads, instead of staying on a link that is gone.
  const arrived = useRef(false);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    const focusHeading = () => {
      const main = document.getElementById('main-content');
      const active = document.activeElement;
      // Not when the player is already somewhere on the new page, or a dialog holds the focus.
      if (active && active !== document.body && main?.contains(active)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const heading = document.querySelector<HTMLElement>('#main-content h1');
      const target = heading ?? main;
      if (!target) return;
      if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    };
    // The page's chunk and data may still be coming: its heading once it is there.
    const timer = window.setTimeout(focusHeading, 250);
    return () => window.clearTimeout(timer);
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
      {/* At least a screen high: the footer starts below the fold, so a page's data arriving
          never pushes a visible footer away (a layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
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
              <Suspense
                fallback={
                  <PageContainer>
                    <LoadingBlock label={t('common.loading')} rows={3} />
                  </PageContainer>
                }
              >
                <Outlet />
              </Suspense>
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
      {/* Each in its own boundary: one loading never hides another. */}
      <Suspense fallback={null}>{showAuthDialog ? <AuthDialog /> : null}</Suspense>
      <Suspense fallback={null}>
        {me.isPending || !showLeagueDialogs ? null : (
          <LeagueDialogs viewer={me.data?.user ?? null} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {showToaster ? (
          <Toaster
            closeLabel={t('common.closeNotification')}
            regionLabel={t('common.notifications')}
          />
        ) : null}
      </Suspense>
    </div>
  );
};
