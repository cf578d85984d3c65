import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (Debian's /usr/bin/chromium) driven by playwright-core against a
// real server started by tests/e2e/global-setup.ts on a fresh SQLite file.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Generous limits: CI machines have run these tests at half this machine's speed, and a
    // limit only decides how long a real failure takes to be reported.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits for what a page shows after a fetch or a navigation: 1 s (the default)
    // is too short on a loaded machine. Polls that must be quick say so themselves.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    fileParallelism: false,
  },
});
