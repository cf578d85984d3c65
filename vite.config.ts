import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The SPA lives in src/web and is built into dist/web, which the Hono server serves (hashed
// files under dist/web/assets/). In development Vite serves the SPA and forwards /api to the
// server started beside it by `npm run dev`.
export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
