import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/theme.css';
import { i18n, i18nReady } from './i18n/i18n';
import { meQueryOptions } from './account/api';
import { App } from './app/app';
import { createQueryClient } from './app/providers';
import { preloadRoute } from './app/routes';
import { competitionsQueryOptions } from './lib/queries';
import { registerServiceWorker } from './lib/service-worker';
import { toast } from './ui/toast';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// While the page's language loads (the first paint is already in it), the page's own chunk and
// what every page asks first (who is signed in, the competitions) are fetched beside it.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(meQueryOptions);
// Home needs neither the competitions nor a page chunk of its own.
if (window.location.pathname !== '/') {
  void queryClient.prefetchQuery(competitionsQueryOptions);
  preloadRoute(window.location.pathname);
}
// The first render is a transition: React builds the page in slices of a few milliseconds,
// leaving the main thread free between them (a phone's slow CPU otherwise blocks for 100+ ms).
void i18nReady.finally(() => {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
});

// Installable and offline; a new version is offered, never forced.
registerServiceWorker((apply) =>
  toast.action(i18n.t('pwa.updateReady'), { label: i18n.t('pwa.reload'), onClick: apply }),
);
