import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  clientHeaders,
  launchBrowser,
  openSession,
  signInOrUp,
  screenshot,
  seriousViolations,
  uniqueEmail,
  widths,
} from './support';

// The built-in 2026-27 season as a player meets it. The e2e server's clock starts at Sunday
// 2026-11-22 12:00 UTC: Serie A's Matchday 12 is under way (four matches kicked off, the rest
// later today and tomorrow), La Liga's Matchday 14 has dates but no kick-off times yet.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const origin = () => ({ origin: baseUrl() });

const adminContext = async () => {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: clientHeaders(),
  });
  await signInOrUp(context, inject('adminEmail'), 'Site Admin');
  return context;
};

const patchFixture = async (context: BrowserContext, id: string, data: Record<string, unknown>) => {
  const res = await context.request.patch(`/api/admin/fixtures/${id}`, { data, headers: origin() });
  expect(res.ok(), await res.text()).toBe(true);
};

const serverTime = async (context: BrowserContext) => {
  const res = await context.request.get('/api/competitions/serie_a_2025/fixtures');
  return Date.parse(((await res.json()) as { serverTime: string }).serverTime);
};

let counter = 0;
const createLeague = async (context: BrowserContext, competitionId: string, team: string) => {
  const leagueName = `Season ${competitionId} ${Date.now().toString(36)}${counter++}`;
  const res = await context.request.post('/api/leagues', {
    data: { leagueName, teamName: team, competitionId },
    headers: origin(),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as {
    league: { id: string; name: string; inviteCode: string };
    teams: { id: string }[];
  };
};

const fixture = (page: Page, id: string) => page.getByTestId(`fixture-${id}`);
const heading = (page: Page) => page.getByTestId('round-heading').textContent();

const toastWith = async (page: Page, text: string) => {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
  await toast.first().waitFor();
  return toast.first().textContent();
};

describe('a competition season', () => {
  it('opens at the current round, steps to earlier and later rounds and shows what happened', async () => {
    // Serie A Matchday 12: one result in, one match live, two kicked off without a result.
    const admin = await adminContext();
    await patchFixture(admin, 'serie_a_121', {
      status: 'final',
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: '17',
    });
    await patchFixture(admin, 'serie_a_122', { status: 'live', homeScore: 1, awayScore: 0 });

    for (const width of widths) {
      const { page, errors, context } = await openSession(browser, width);
      await signInOrUp(context, uniqueEmail('season'), 'Sam Season');
      const { teams } = await createLeague(context, 'serie_a_2025', `Serie Side ${width}`);
      await page.goto('/serie-a');
      await fixture(page, 'serie_a_126').waitFor();
      expect(await heading(page)).toContain('Matchday 12');
      expect(
        await fixture(page, 'serie_a_121').getByTestId('fixture-result').textContent(),
      ).toMatch(/2\s*–\s*1/);
      expect(await fixture(page, 'serie_a_122').textContent()).toMatch(/live/i);
      expect(await fixture(page, 'serie_a_123').getByTestId('awaiting-result').count()).toBe(1);
      expect(await fixture(page, 'serie_a_123').getAttribute('data-locked')).toBe('true');
      expect(await fixture(page, 'serie_a_126').getAttribute('data-locked')).toBe('false');
      await screenshot(page, 'season-serie-a-current-round');
      expect(await seriousViolations(page)).toEqual([]);

      // A later round is open; an earlier one is played (results from the open data).
      await page.getByTestId('round-next').click();
      await expect.poll(() => heading(page)).toContain('Matchday 13');
      await page.getByTestId('round-select').selectOption({ label: 'Matchday 3' });
      await expect.poll(() => heading(page)).toContain('Matchday 3');
      expect(await page.getByTestId('fixture-result').count()).toBeGreaterThan(5);
      await page.getByTestId('round-prev').click();
      await expect.poll(() => heading(page)).toContain('Matchday 2');
      expect(new URL(page.url()).searchParams.get('round')).toBe('Matchday 2');
      await page.reload();
      await page.getByTestId('round-heading').waitFor();
      expect(await heading(page)).toContain('Matchday 2');
      expect(teams).toHaveLength(1);
      expect(errors).toEqual([]);
      await context.close();
    }
    await admin.close();
  });

  it('scores a match brought forward and shows the points earned', async () => {
    const admin = await adminContext();
    const { page, errors, context } = await openSession(browser, 375);
    await signInOrUp(context, uniqueEmail('points'), 'Pia Points');
    const { teams } = await createLeague(context, 'serie_a_2025', 'Pia Pointers');
    const saved = await context.request.put('/api/predictions', {
      data: {
        teamId: teams[0]?.id,
        predictions: [{ fixtureId: 'serie_a_129', outcome: '1', firstGoalMinute: 8, joker: true }],
      },
      headers: origin(),
    });
    expect(((await saved.json()) as { saved: string[] }).saved).toEqual(['serie_a_129']);
    // The match was played two hours early: kick-off and result in one change.
    const now = await serverTime(admin);
    await patchFixture(admin, 'serie_a_129', {
      kickoffAt: new Date(now - 2 * 3_600_000).toISOString(),
      status: 'final',
      homeScore: 3,
      awayScore: 0,
      firstGoalMinute: '8',
    });
    await page.goto('/serie-a?round=Matchday%2012');
    await fixture(page, 'serie_a_129').waitFor();
    expect(
      await fixture(page, 'serie_a_129').getByTestId('fixture-points').textContent(),
    ).toContain('8');
    await screenshot(page, 'season-points');
    expect(errors).toEqual([]);
    await context.close();
    await admin.close();
  });

  it('locks a row at its exact kick-off, dropping a change that came too late', async () => {
    const admin = await adminContext();
    const { page, errors, context } = await openSession(browser, 1280);
    await signInOrUp(context, uniqueEmail('late'), 'Lou Late');
    await createLeague(context, 'serie_a_2025', 'Late Comers');
    const kickoff = new Date((await serverTime(admin)) + 15_000).toISOString();
    await patchFixture(admin, 'serie_a_130', { kickoffAt: kickoff });
    await page.goto('/serie-a?round=Matchday%2012');
    const row = fixture(page, 'serie_a_130');
    await row.waitFor();
    expect(await row.getAttribute('data-locked')).toBe('false');
    await row.getByTestId('outcome-2').click();
    await row.getByTestId('minute-input').fill('33');
    await expect.poll(() => row.getAttribute('data-locked'), { timeout: 25_000 }).toBe('true');
    await row.getByTestId('late-change').waitFor();
    // The change is gone: a started match without a saved pick has no controls left.
    expect(await row.getByTestId('outcome-choice').count()).toBe(0);
    expect(await row.getByTestId('outcome-2').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await admin.close();
  });

  it('lets a guest who follows an invite link save a pick in a season whose times are not known yet', async () => {
    const owner = await browser.newContext({
      baseURL: baseUrl(),
      extraHTTPHeaders: clientHeaders(),
    });
    await signInOrUp(owner, uniqueEmail('owner'), 'Olga Owner');
    const { league } = await createLeague(owner, 'la_liga_2025', 'Olga Once');
    for (const width of widths) {
      const { page, errors, context } = await openSession(browser, width);
      await page.goto(`/join?code=${league.inviteCode}`);
      await page.getByTestId('join-link-card').waitFor();
      expect(new URL(page.url()).pathname).toBe('/la-liga');
      await page.getByTestId('join-link-quick-team').fill(`Guest ${width}`);
      await page.getByTestId('join-link-quick-submit').click();
      await fixture(page, 'la_liga_141').waitFor();
      expect(await heading(page)).toContain('Matchday 14');
      expect(await fixture(page, 'la_liga_141').getByTestId('time-tbc').textContent()).toMatch(
        /time to be confirmed/i,
      );
      await fixture(page, 'la_liga_141').getByTestId('outcome-X').click();
      await page.getByTestId('save-predictions').click();
      expect(await toastWith(page, 'Predictions Saved!')).toContain('Saved 1 prediction');
      await screenshot(page, 'season-guest-time-tbc');
      expect(errors).toEqual([]);
      await context.close();
    }
    // The same code on another competition's page says so and offers the right page.
    const { page, context } = await openSession(browser, 375);
    await page.goto(`/bundesliga?code=${league.inviteCode}`);
    await page.getByTestId('join-link-other').waitFor();
    expect(await page.getByTestId('join-link-other').textContent()).toContain(
      'This league is for a different competition',
    );
    await page.getByTestId('join-link-other-go').click();
    await page.getByTestId('join-link-card').waitFor();
    expect(new URL(page.url()).pathname).toBe('/la-liga');
    await context.close();
    await owner.close();
  });
});
