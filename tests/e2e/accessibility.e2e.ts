import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openSession,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  widths,
} from './support';

// axe on every route, at both widths, signed out and signed in (a player with a league, so the
// league pages, the hub and the dashboard show their content): no serious or critical issue.
let browser: Browser;
let leagueId = '';
const email = uniqueEmail('axe');
beforeAll(async () => {
  browser = await launchBrowser();
  const { context } = await openSession(browser, 1280);
  await signInOrUp(context, email, 'Axe Player');
  const created = await context.request.post('/api/leagues', {
    data: { leagueName: `Axe League ${Date.now()}`, teamName: 'Axe Albion' },
    headers: { origin: baseUrl() },
  });
  leagueId = ((await created.json()) as { league: { id: string } }).league.id;
  await context.close();
});
afterAll(() => browser.close());

const routes = () => [
  '/',
  '/competitions',
  '/premier-league',
  '/fifa-club-world-cup',
  '/dashboard',
  '/team',
  '/rules',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/admin',
  `/league/${leagueId}`,
  `/league/${leagueId}/standings`,
  '/reset-password',
  '/no/such/page',
];

describe.each(widths)('axe at %i px', (width) => {
  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('finds nothing serious on any route, %s', { timeout: 180_000 }, async (_name, signedIn) => {
    const { page, context, errors } = await openSession(browser, width);
    if (signedIn) await signInOrUp(context, email, 'Axe Player');
    const found: string[] = [];
    for (const route of routes()) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1, main h2').first().waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `${route}: ${v}`));
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
