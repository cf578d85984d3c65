import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';

export const widths = [375, 1280] as const;
export type Width = (typeof widths)[number];
export const screenshotDir = 'test-results/screenshots';

export const baseUrl = () => inject('baseUrl');

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

// Each test file loads this module afresh: a count from 0 would give every file the same
// addresses, and a file's sign-ins would meet the previous files' in better-auth's per-address
// limit (10 a minute). A random start in 10.0.0.0/8 keeps the files apart.
let clients = Math.floor(Math.random() * 16_000_000);
/**
 * Each browser session poses as its own client (the e2e server trusts X-Forwarded-For), so the
 * per-client limits (sign-in attempts, contact messages) apply per session as for real people.
 */
export const clientHeaders = () => {
  clients += 1;
  const n = clients % 16_000_000;
  return {
    'x-forwarded-for': `10.${Math.floor(n / 62_500) % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
  };
};

export const openSession = async (browser: Browser, width: Width = 1280): Promise<Session> => {
  const context = await browser.newContext({
    extraHTTPHeaders: clientHeaders(),
    baseURL: baseUrl(),
    viewport: { width, height: width === 375 ? 812 : 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A 401/404 answered by our API is a normal outcome the app handles; the browser still logs it.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return { context, page, errors };
};

/** Saves a full-page screenshot under test-results/screenshots/<name>-<width>.png. */
export const screenshot = async (page: Page, name: string) => {
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png`, fullPage: true });
};

/** axe violations of impact serious or critical, as readable strings. */
export const seriousViolations = async (page: Page): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.com`;

export const testPassword = 'correct-horse-9';

/** Signs the context in through the API, signing the account up the first time. */
export const signInOrUp = async (context: BrowserContext, email: string, name: string) => {
  const headers = { origin: baseUrl() };
  const signedIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: testPassword },
    headers,
  });
  if (signedIn.ok()) return;
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password: testPassword, name },
    headers,
  });
  if (signedUp.ok()) return;
  // Files run side by side: another may have signed the same account (the site admin) up
  // between this file's sign-in and sign-up. Then signing in works.
  const text = await signedUp.text();
  if (!text.includes('USER_ALREADY_EXISTS'))
    expect(signedUp.ok(), `sign-in ${signedIn.status()}, sign-up ${text}`).toBe(true);
  const again = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: testPassword },
    headers,
  });
  expect(
    again.ok(),
    `sign-in ${signedIn.status()}, then ${again.status()} ${await again.text()}`,
  ).toBe(true);
};

/**
 * Delivers a push message to the page's service worker through the DevTools protocol (Debian's
 * Chromium has no push service offline), as a push service would.
 */
export const deliverToWorker = async (context: BrowserContext, page: Page, data: unknown) => {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseUrl(),
    registrationId: await registrationId,
    data: JSON.stringify(data),
  });
};

/** The notifications the page's service worker shows: title, body, tag and link. */
export const notificationsShown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url: string }).url,
    })),
  );

/**
 * A competition of a test's own, made by the site admin (UTC, season 2026-27, one page at
 * `/<slug>-<stamp>`), so the test may move its fixtures without touching the shared ones.
 */
export const adminCompetition = async (browser: Browser, slug: string, name: string) => {
  const stamp = `${Date.now().toString(36)}${counter++}`;
  const id = `${slug.replaceAll('-', '_')}_${stamp}`;
  const route = `/${slug}-${stamp}`;
  const admin = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await signInOrUp(admin, inject('adminEmail'), 'Site Admin');
  const headers = { origin: baseUrl() };
  const added = await admin.request.post('/api/admin/competitions', {
    data: {
      id,
      name: `${name} ${stamp}`,
      route,
      kind: 'table',
      country: 'England',
      timeZone: 'UTC',
      seasonLabel: '2026-27',
    },
    headers,
  });
  expect(added.status(), await added.text()).toBe(201);
  /** The server's clock (its fixtures answer's `serverTime`), in ms. */
  const serverNow = async () => {
    const answer = await admin.request.get(`/api/competitions/${id}/fixtures`);
    return Date.parse(((await answer.json()) as { serverTime: string }).serverTime);
  };
  /** Adds a match (Arsenal v Chelsea) in `round` (Matchday 1) at `kickoff` (UTC); its id. */
  const addFixture = async (
    kickoff: Date,
    round = 'Matchday 1',
    [homeTeam, awayTeam] = ['Arsenal', 'Chelsea'],
  ) => {
    const at = kickoff.toISOString();
    const created = await admin.request.post('/api/admin/fixtures', {
      data: {
        competitionId: id,
        round,
        date: at.slice(0, 10),
        time: at.slice(11, 16),
        timeZone: 'UTC',
        homeTeam,
        awayTeam,
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { fixture: { id: string } }).fixture.id;
  };
  return { id, route, admin, serverNow, addFixture };
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The toast showing `text`, once it has slid in, covers none of `targets` (issue 54: a toast
 * sits where it covers no heading or control being used). Each target must be on screen.
 */
export const expectToastClearOf = async (
  page: Page,
  text: string | RegExp,
  targets: Record<string, Locator>,
) => {
  const toast = page
    .locator('[data-sonner-toast][data-mounted="true"]')
    .filter({ hasText: text })
    .first();
  await toast.waitFor();
  await page.waitForTimeout(500); // its slide-in
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  for (const [name, target] of Object.entries(targets)) {
    const other = await target.boundingBox();
    if (!other) throw new Error(`${name} is not on screen`);
    expect(
      overlaps(box, other),
      `the toast ${JSON.stringify(box)} covers ${name} ${JSON.stringify(other)}`,
    ).toBe(false);
  }
  return toast;
};
