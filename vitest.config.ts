import { defineConfig } from 'vitest/config';
import { localePartsPlugin } from './scripts/locale-parts';

// Unit and server tests (domain + server in Node, web components in happy-dom). The browser
// tests in tests/e2e have their own config (vitest.e2e.config.ts).
export default defineConfig({
  plugins: [localePartsPlugin()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'src/server/**/*.test.ts',
            'tests/locales/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          globalSetup: ['tests/setup/global-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/i18n-ready.ts'],
        },
      },
    ],
  },
});
