import SQLite from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openWriter, seedPlayers } from '../../bench/seed-scale';
import {
  baseUrl,
  clientHeaders,
  launchBrowser,
  openSession,
  screenshot,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  widths,
} from './support';

// A league of 10,000 teams, bulk-loaded into the server's database (the tables' original
// columns only), its table derived by the site admin's 'Rebuild standings', then read by a
// member a page at a time at 375 and 1280 px.
const leagueId = 'bench-league-000000';
const inviteCode = 'Q00000';
const teams = 10_000;
let browser: Browser;
let admin: BrowserContext;

const origin = () => ({ origin: baseUrl() });

beforeAll(async () => {
  browser = await launchBrowser();
  const path = inject('databasePath');
  const finals = (
    new SQLite(path, { readonly: true })
      .prepare(
        "select id from fixtures where competition_id = 'premier_league' and status = 'final' order by id",
      )
      .all() as { id: string }[]
  ).map((f) => f.id);
  const writer = openWriter({ dialect: 'sqlite', path });
  await seedPlayers(writer, {
    shape: { users: 2_000, leagueSizes: [teams], picksPerTeam: 4 },
    competitionId: 'premier_league',
    finals,
    at: new Date().toISOString(),
  });
  await writer.close();
  admin = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await signInOrUp(admin, inject('adminEmail'), 'Site Admin');
}, 120_000);
afterAll(async () => {
  await admin.close();
  await browser.close();
});

describe('standings of a 10,000-team league', () => {
  it('are rebuilt by the site admin from the bulk-loaded predictions', async () => {
    const session = await openSession(browser, 1280);
    await session.context.addCookies(await admin.cookies());
    await session.page.goto('/admin?tab=fixtures&competition=premier_league');
    await session.page.getByTestId('rebuild-standings').click();
    await expect
      .poll(() => session.page.getByText(/Standings rebuilt from every prediction/).count(), {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await screenshot(session.page, 'admin-rebuild-standings');
    await session.page.setViewportSize({ width: 375, height: 812 });
    await screenshot(session.page, 'admin-rebuild-standings');
    await session.context.close();
    const res = await admin.request.get(`/api/leagues/${leagueId}/standings`);
    const body = (await res.json()) as { summary: { highestScore: number; totalTeams: number } };
    expect(body.summary.totalTeams).toBe(teams);
    expect(body.summary.highestScore).toBeGreaterThan(0);
  });

  for (const width of widths) {
    it(`page through at ${width} px and jump to the viewer's team`, async () => {
      const { context, page, errors } = await openSession(browser, width);
      await signInOrUp(context, uniqueEmail('big-league'), `Big League Fan ${width}`);
      const joined = await context.request.post('/api/leagues/join', {
        data: { codeOrName: inviteCode, teamName: `Fan at ${width}` },
        headers: origin(),
      });
      expect(joined.ok(), await joined.text()).toBe(true);

      await page.goto(`/league/${leagueId}/standings`);
      const range = page.getByTestId('standings-range').first();
      await expect.poll(() => range.textContent()).toMatch(/Teams 1–50 of 10,00\d/);
      await page.getByTestId('standings-next').first().click();
      await expect.poll(() => range.textContent()).toMatch(/Teams 51–100 of/);
      expect(page.url()).toContain('page=2');
      // The viewer's new team has no points yet: far down the table.
      await page.getByTestId('standings-mine').click();
      await expect.poll(() => page.locator('[aria-current="true"]').count()).toBeGreaterThan(0);
      await expect.poll(() => range.textContent()).not.toMatch(/Teams (1|51)–/);
      await page.locator('[aria-current="true"]:visible').first().scrollIntoViewIfNeeded();
      await screenshot(page, 'standings-10000-teams');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
