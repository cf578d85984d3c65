import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppBindings } from './context';

export const webDistDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
export const isWebBuilt = () => existsSync(join(webDistDir, 'index.html'));

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, index.html never;
 * paths without a file extension fall back to index.html (client-side routes), while a missing
 * file (e.g. /assets/x.js) stays a 404.
 */
export const mountSpa = (app: Hono<AppBindings>) => {
  if (!isWebBuilt()) return;
  const indexHtml = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  app.use(
    '*',
    serveStatic({
      root: webDistDir,
      onFound: (path, c) => {
        const hashed = path.includes('/assets/');
        c.header(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    }),
  );
  app.get('*', (c) => {
    if (extname(c.req.path) !== '') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
};
