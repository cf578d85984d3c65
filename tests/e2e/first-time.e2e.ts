import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  uniqueEmail,
  type Width,
} from './support';

// Issue 31: what a first-time player notices — a double tap saving twice, picks lost on a reload,
// no way to join a second league by code, the first pick below the fold on a phone, keyboard
// focus lost or hidden.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const origin = () => ({ origin: baseUrl() });
let counter = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${counter++}`;

/** A new player (signed in through the API) with a Premier League team in a league of their own. */
const playerWithLeague = async (context: BrowserContext, team: string) => {
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('first'), password: 'correct-horse-9', name: 'Fay First' },
    headers: origin(),
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const leagueName = unique('First League');
  const created = await context.request.post('/api/leagues', {
    data: { leagueName, teamName: team, competitionId: 'premier_league' },
    headers: origin(),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = (await created.json()) as {
    league: { inviteCode: string };
    teams: { id: string }[];
  };
  return { leagueName, code: body.league.inviteCode, teamId: body.teams[0]?.id ?? '' };
};

const fixture = (page: Page, id: string) => page.getByTestId(`fixture-${id}`);

/**
 * The Premier League page at the round of the seeded fixtures (other browser tests of the shared
 * server may move the competition's current round on).
 */
const premierLeague = async (page: Page) => {
  const res = await page.request.get('/api/competitions/premier_league/fixtures');
  const { fixtures } = (await res.json()) as { fixtures: { id: string; round: string }[] };
  const round = fixtures.find((f) => f.id === 'premier_league_e2e_1')?.round ?? '';
  await page.goto(`/premier-league?round=${encodeURIComponent(round)}`);
};

describe('a first-time player', () => {
  it('saves once however often Save is tapped, with one toast', async () => {
    const { context, page, errors } = await openSession(browser, 375);
    const { teamId } = await playerWithLeague(context, 'Tap Happy');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/predictions'))
        saves.push(request.url());
    });
    await premierLeague(page);
    await fixture(page, 'premier_league_e2e_1').getByTestId('outcome-1').click();
    await page.getByTestId('save-predictions').dblclick();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Predictions Saved!' }).waitFor();
    // Three taps in a row too.
    await fixture(page, 'premier_league_e2e_2').getByTestId('outcome-X').click();
    const save = page.getByTestId('save-predictions');
    await Promise.all([save.click(), save.click({ force: true }), save.click({ force: true })]);
    await expect
      .poll(
        async () =>
          (await context.request.get(`/api/predictions?teamId=${teamId}`).then((r) => r.json()))
            .predictions.length,
      )
      .toBe(2);
    await page.waitForTimeout(500);
    expect(saves).toHaveLength(2);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gets unsaved picks back after a reload and after Back, marked not saved yet', async () => {
    const { context, page, errors } = await openSession(browser, 375);
    await playerWithLeague(context, 'Draft Keepers');
    // The page asks before leaving with unsaved picks; the player goes anyway.
    page.on('dialog', (dialog) => void dialog.accept());
    await premierLeague(page);
    const row = fixture(page, 'premier_league_e2e_1');
    await row.getByTestId('outcome-2').click();
    await row.getByTestId('minute-input').fill('17');
    await page.reload();
    await expect
      .poll(() => row.getByTestId('fixture-status').first().textContent())
      .toBe('Not saved yet');
    expect(await row.getByTestId('outcome-2').getAttribute('aria-checked')).toBe('true');
    expect(await row.getByTestId('minute-input').inputValue()).toBe('17');
    expect(await page.getByTestId('unsaved').textContent()).toBe('1 unsaved change');

    await page.goto('/rules');
    await page.goBack();
    await expect
      .poll(() => row.getByTestId('fixture-status').first().textContent())
      .toBe('Not saved yet');
    await screenshot(page, 'first-time-draft-restored');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('joins a second league by its code from home and from My leagues', async () => {
    const owner = await openSession(browser, 1280);
    const other = await playerWithLeague(owner.context, 'Second Home');
    const third = await playerWithLeague(owner.context, 'Third Home');
    await owner.context.close();

    for (const [width, code, via] of [
      [375, other.code, 'home'],
      [1280, third.code, 'menu'],
    ] as const) {
      const { context, page, errors } = await openSession(browser, width as Width);
      await playerWithLeague(context, `Joiner ${via}`);
      await page.goto('/');
      if (via === 'home') await page.getByTestId('home-join-another').click();
      else {
        await page.getByTestId('nav-my-leagues').click();
        await page.getByTestId('my-leagues-join').click();
      }
      await page.getByTestId('join-code-or-name').fill(code);
      await page.getByTestId('join-next').click();
      await page.getByTestId('join-team-name').fill(`Joined by ${via}`);
      await page.getByTestId('join-submit').click();
      await expect
        .poll(async () => {
          const mine = await context.request.get('/api/leagues/mine').then((r) => r.json());
          return (mine as { leagues: unknown[] }).leagues.length;
        })
        .toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('sees the first open fixture’s 1 / X / 2 without scrolling on a 375 × 812 phone', async () => {
    const { context, page, errors } = await openSession(browser, 375);
    await playerWithLeague(context, 'Above The Fold');
    await premierLeague(page);
    const first = fixture(page, 'premier_league_e2e_1').getByTestId('outcome-1');
    await first.waitFor();
    const box = await first.boundingBox();
    const bar = await page.getByTestId('save-predictions').boundingBox();
    if (!box || !bar) throw new Error('no layout');
    await page.screenshot({ path: 'test-results/screenshots/first-time-first-screen-375.png' });
    // Inside the first screen and clear of the sticky Save bar (whose top is the screen's end).
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps keyboard focus visible and off <body> by keyboard alone, at 375 and 1280 px', async () => {
    for (const width of [375, 1280] as const) {
      const { context, page, errors } = await openSession(browser, width);
      await playerWithLeague(context, `Keys ${width}`);
      await premierLeague(page);
      await fixture(page, 'premier_league_e2e_1').waitFor();
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { body: true, covered: false, id: '' };
          const box = el.getBoundingClientRect();
          // Covered: the point at the middle of the focused control belongs to something else
          // (a sticky bar), or the control lies outside the screen.
          const x = box.left + box.width / 2;
          const y = box.top + box.height / 2;
          const onTop = document.elementFromPoint(x, y);
          const covered =
            y < 0 || y > window.innerHeight || !(onTop && (el === onTop || el.contains(onTop)));
          return { body: false, covered, id: el.dataset.testid ?? el.tagName };
        });
      // Tab from the page's top to Save: every stop on the way is in view and uncovered.
      const stops: { id: string; covered: boolean }[] = [];
      for (let i = 0; i < 60; i += 1) {
        await page.keyboard.press('Tab');
        const now = await focused();
        expect(now.body, `Tab ${i} at ${width}`).toBe(false);
        stops.push(now);
        if (now.id === 'save-predictions') break;
      }
      expect(stops.filter((s) => s.covered).map((s) => s.id)).toEqual([]);
      // A pick by keyboard, saved with Enter: focus stays on Save.
      await fixture(page, 'premier_league_e2e_1').getByTestId('outcome-1').focus();
      await page.keyboard.press('Space');
      await page.getByTestId('save-predictions').focus();
      await page.keyboard.press('Enter');
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Predictions Saved!' }).waitFor();
      expect((await focused()).id).toBe('save-predictions');

      // A dialog closed with Escape gives focus back to what opened it.
      await page.goto('/');
      const opener = page.getByTestId('home-join-another');
      await opener.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('join-code-or-name').waitFor();
      expect((await focused()).id).toBe('join-code-or-name');
      await page.keyboard.press('Escape');
      await expect.poll(async () => (await focused()).id).toBe('home-join-another');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
