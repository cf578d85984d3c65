import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppBindings } from '../context';

export const webDistDir = fileURLToPath(new URL('../../../dist/web', import.meta.url));
export const isWebBuilt = (dir = webDistDir) => existsSync(join(dir, 'index.html'));

/**
 * Serves the built SPA: hashed files under /assets/ are cached for a year, index.html never;
 * paths without a file extension fall back to index.html (client-side routes), while a missing
 * file (e.g. /assets/x.js) stays a 404. Text files go out as the brotli or gzip copy the build
 * wrote beside them when the browser accepts it (vite.config.ts).
 */
/** The files the build writes brotli and gzip copies of (vite.config.ts). */
const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;

export const mountSpa = (app: Hono<AppBindings>, dir = webDistDir) => {
  if (!isWebBuilt(dir)) return;
  const indexHtml = readFileSync(join(dir, 'index.html'), 'utf8');
  // serveStatic builds its response before its onFound hook runs, so headers set there are lost:
  // they are set on the response here instead.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
    c.res.headers.set(
      'Cache-Control',
      c.req.path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=0, must-revalidate',
    );
    // Whether or not this answer was compressed, caches must keep the encodings apart.
    if (compressible.test(c.req.path)) c.res.headers.set('Vary', 'Accept-Encoding');
  });
  app.use('*', serveStatic({ root: dir, precompressed: true }));
  app.get('*', (c) => {
    if (extname(c.req.path) !== '') return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
};
