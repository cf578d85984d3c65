import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { localePartsPlugin } from './scripts/locale-parts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const sharedByEveryPage = new RegExp(
  [
    String.raw`node_modules[\/](i18next|react-i18next|@tanstack|use-sync-external-store|clsx|tailwind-merge)[\/]`,
    // Lucide's core; each icon goes with the pages that show it.
    String.raw`node_modules[\/]lucide-react[\/]dist[\/]esm[\/](?!icons[\/])`,
    // Push subscription code goes with /team (and sign-out fetches it when it runs).
    String.raw`src[\/]web[\/](lib[\/](?!push\.ts)|i18n[\/])[^\/]+\.tsx?$`,
    String.raw`src[\/]web[\/]ui[\/](?!dialog-panel|toaster|setting-switch)[^\/]+\.tsx?$`,
    String.raw`src[\/]domain[\/](i18n|errors|league-names|display-name|kickoff)\.ts$`,
  ].join('|'),
);

/**
 * Writes `x.br` and `x.gz` beside every text file of the build (brotli at its best quality, which
 * costs seconds once here instead of on every request); the server sends the one the browser
 * accepts (src/server/http/static.ts).
 */
const precompress = (): Plugin => ({
  name: 'firstgoal-precompress',
  apply: 'build',
  async writeBundle(options) {
    const dir = options.dir ?? fromRoot('./dist/web');
    const files = (await readdir(dir, { recursive: true })).filter((file) =>
      /\.(js|css|html|svg|json|webmanifest|txt)$/.test(file),
    );
    await Promise.all(
      files.map(async (file) => {
        const body = await readFile(join(dir, file));
        if (body.length < 1024) return;
        const [br, gz] = await Promise.all([
          promisify(brotliCompress)(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          promisify(gzip)(body, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([
          writeFile(join(dir, `${file}.br`), br),
          writeFile(join(dir, `${file}.gz`), gz),
        ]);
      }),
    );
  },
});

// The SPA lives in src/web and is built into dist/web, which the Hono server serves (hashed
// files under dist/web/assets/). In development Vite serves the SPA and forwards /api to the
// server started beside it by `npm run dev`.
export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [
    react(),
    tailwindcss(),
    localePartsPlugin(),
    // Installable (manifest, icons) with an offline app shell; registered by
    // src/web/lib/service-worker.ts, which offers a new version instead of switching by itself.
    VitePWA({
      injectRegister: null,
      registerType: 'prompt',
      manifest: {
        name: 'FirstGoal',
        short_name: 'FirstGoal',
        description: 'Predict the result and the first-goal minute with your friends.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1f3a',
        theme_color: '#0b1f3a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The shell only (what every page runs); a page's own chunks are kept as they are used.
        globPatterns: [
          'index.html',
          'favicon.svg',
          'assets/index-*.{js,css}',
          'assets/{react,app,rolldown-runtime}-*.js',
        ],
        navigateFallback: '/index.html',
        // Never answered from the cache: the API (sign-in callbacks, verification and reset
        // links, unsubscribe, the calendar feed) and the health check reach the server.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/],
        runtimeCaching: [
          {
            // Hashed files never change: kept on first use, for offline and repeat visits.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 300 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // Push reminders: shows the server's message and opens its page (src/web/public).
        importScripts: ['/push-sw.js'],
      },
    }),
    precompress(),
  ],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // React changes less often than our code: its own chunk stays cached across releases.
        // What every page uses (i18n, queries, icons, the UI kit and helpers) is one 'app' chunk
        // rather than a dozen small ones (each request costs its headers); each page's own code
        // and libraries (zod, dialogs, sonner) stay in that page's chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 20,
            },
            { name: 'app', test: (id) => sharedByEveryPage.test(id), priority: 10 },
            // Radix's shared parts and tabs: one chunk instead of five. The dialog's parts (fetched
            // when one opens), the accordion (contact) and the switch (settings) go with their pages.
            {
              name: 'radix',
              test: /node_modules[\\/]@radix-ui[\\/]react-(?!dialog|focus-scope|focus-guards|dismissable-layer|portal|accordion|collapsible|switch|use-size|use-previous)/,
              priority: 6,
            },
            // Icons used by several pages: one chunk of them, not one chunk per icon.
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
