import { lazy, type ComponentType } from 'react';
import { loadLocaleParts } from '../i18n/i18n';
import type { LocalePart } from '../i18n/parts';

/**
 * A component loaded with its own chunk the first time it renders (route-level code splitting):
 * `lazyNamed(() => import('./x'), 'X')` for a module's named export. Render it inside Suspense.
 * `preload()` starts the download early (the first page's chunk, fetched beside the shell).
 * `texts` names the locale parts (i18n/parts.ts) the component shows beyond the core.
 */
export const lazyNamed = <K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
  texts: LocalePart[] = [],
) => {
  let loading: Promise<{ [key in K]: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadLocaleParts(texts)]).then(
      ([module]) => module,
      (error: unknown) => {
        // After a failed download (offline, a new release) the next preload tries again.
        loading = null;
        throw error;
      },
    ));
  return Object.assign(
    lazy(async () => ({ default: (await preload())[name] })),
    { preload },
  );
};
