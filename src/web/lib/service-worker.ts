/**
 * Registers the service worker (vite-plugin-pwa, vite.config.ts): the app installs to a phone's
 * home screen and opens offline. A new version waits until the player accepts it (`onUpdate`
 * gets the function that switches to it and reloads), so a page never changes under their
 * fingers. Registered after the page has loaded, for visitors too.
 */
export const registerServiceWorker = (
  onUpdate: (apply: () => void) => void,
  // Vite's dev server has no service worker to register.
  enabled = !import.meta.env.DEV,
) => {
  if (!('serviceWorker' in navigator) || !enabled) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    let accepted = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (accepted) window.location.reload();
    });
    const offer = (worker: ServiceWorker) =>
      onUpdate(() => {
        accepted = true;
        worker.postMessage({ type: 'SKIP_WAITING' });
      });
    // A first install takes over nothing: only a worker replacing another is an update.
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && navigator.serviceWorker.controller)
          offer(installing);
      });
    });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
};
