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

/**
 * The focused element: <body> or not, covered or not (the point at a control's middle, or a
 * region's top left corner, belongs to something else — a sticky bar — or lies off the screen),
 * and its test id (`#n` when several controls share it).
 */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { body: true, covered: false, id: '' };
    const box = el.getBoundingClientRect();
    // A control's middle; a region's (main, a heading) top left corner.
    const large = box.height > 120;
    const x = large ? box.left + 8 : box.left + box.width / 2;
    const y = large ? box.top + 8 : box.top + box.height / 2;
    // What lies on top there, a passing toast aside (it goes within seconds and can be
    // closed; the sticky header and Save bar stay).
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toaster]')];
    for (const t of toasts) t.style.visibility = 'hidden';
    const onTop = document.elementFromPoint(x, y);
    for (const t of toasts) t.style.visibility = '';
    const covered =
      y < 0 || y > window.innerHeight || !(onTop && (el === onTop || el.contains(onTop)));
    return {
      body: false,
      covered,
      id:
        el.dataset.testid === undefined
          ? `${el.tagName.toLowerCase()}:${el.textContent?.trim().slice(0, 30) ?? ''}`
          : // Several controls may share a test id (each saved pick's Delete): which one.
            `${el.dataset.testid}${[
              ...document.querySelectorAll(`[data-testid="${el.dataset.testid}"]`),
            ]
              .indexOf(el)
              .toString()
              .replace(/^0$/, '')
              .replace(/^(\d+)$/, '#$1')}`,
    };
  });

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
      const focused = () => focusOf(page);
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
  it(
    'walks the whole journey by keyboard alone at 375 and 1280 px: sign up, create a league, three picks with a joker, save, standings, language, menu, sign out',
    { timeout: 240_000 },
    async () => {
      for (const width of [375, 1280] as const) {
        const { context, page, errors } = await openSession(browser, width);
        const phone = width === 375;
        /** The focused element: never <body>, in view and not under a sticky bar. */
        const focusState = () => focusOf(page);
        /** Once a dialog has closed (and what it changed has drawn): focus is not on <body>. */
        const expectFocusAfterDialog = async (step: string) => {
          await expect
            .poll(async () => (await focusState()).body, { timeout: 1000, interval: 50 })
            .toBe(false);
          await expectFocusHeld(step);
        };
        const trail: string[] = [];
        const expectFocusHeld = async (step: string) => {
          let now = await focusState();
          expect(
            now.body,
            `${step} at ${width}: focus on <body> (${trail.slice(-6).join(' → ')})`,
          ).toBe(false);
          // Uncovered once a closing panel's or dialog's fade has run (at most half a second).
          for (let i = 0; i < 10 && now.covered; i += 1) {
            await page.waitForTimeout(60);
            now = await focusState();
          }
          trail.push(now.id);
          expect(
            now.covered,
            `${step} at ${width}: ${now.id} hidden (${trail.slice(-6).join(' → ')})`,
          ).toBe(false);
          return now;
        };
        /** Tab (or Shift+Tab) until the control `id` has focus; every stop on the way visible. */
        const tabTo = async (id: string | RegExp, back = false, most = 80) => {
          // A control's test id, whichever of several sharing it ('minute-input#2').
          const is = (focused: string) => {
            const base = focused.replace(/#\d+$/, '');
            return typeof id === 'string' ? base === id : id.test(base);
          };
          if (is((await focusState()).id)) return;
          for (let i = 0; i < most; i += 1) {
            await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
            const now = await expectFocusHeld(`Tab towards ${String(id)}`);
            if (is(now.id)) return;
          }
          throw new Error(`${String(id)} not reached by Tab at ${width}`);
        };
        /** Opens the phone's menu: Tab on from the page's top, Shift+Tab back up from within it. */
        const openMenu = async (back: boolean) => {
          await tabTo('mobile-menu-button', back);
          await page.keyboard.press('Enter');
          await page.getByTestId('mobile-menu').waitFor();
          // Issue 54 (7): it opens at its top, on its first link.
          await expect.poll(async () => (await focusState()).id).toBe('mobile-nav-home');
          expect(await page.getByTestId('mobile-menu').evaluate((menu) => menu.scrollTop)).toBe(0);
        };

        // Sign up.
        await page.goto('/');
        await page.getByTestId('home-quick-join').waitFor();
        if (phone) {
          await openMenu(false);
          await tabTo('mobile-login-button');
        } else await tabTo('login-button');
        await page.keyboard.press('Enter');
        await page.getByTestId('auth-dialog').waitFor();
        await expect.poll(async () => (await focusState()).id).toBe('auth-email');
        await tabTo('auth-toggle');
        await page.keyboard.press('Enter');
        await tabTo('auth-name');
        await page.keyboard.type(`Kim Keys ${width}`);
        await tabTo('auth-email');
        await page.keyboard.type(uniqueEmail(`keys${width}`));
        await tabTo('auth-password');
        await page.keyboard.type('correct-horse-9');
        await page.keyboard.press('Enter');
        await page.getByTestId('auth-dialog').waitFor({ state: 'detached' });
        await expectFocusAfterDialog('after signing up');

        // Create a league (the home page's button).
        await page.getByTestId('home-create-league').waitFor();
        await tabTo('home-create-league');
        await page.keyboard.press('Enter');
        // The dialog (its code fetched on first use) opens on its first field.
        await expect.poll(async () => (await focusState()).id).toBe('create-league-name');
        await page.keyboard.type(unique('Keyboard League'));
        await tabTo('create-league-team');
        await page.keyboard.type(`Tabbers ${width}`);
        await tabTo('create-league-submit');
        await page.keyboard.press('Enter');
        await page.getByTestId('create-league-success').waitFor();
        await tabTo('create-league-done');
        await page.keyboard.press('Enter');
        await page.getByTestId('create-league-success').waitFor({ state: 'detached' });
        await expectFocusAfterDialog('after creating a league');

        // Three picks with a joker on the competition page.
        await premierLeague(page);
        await fixture(page, 'premier_league_e2e_1').waitFor();
        // The first three open fixtures in Tab order, each picked by keyboard; a joker on the first.
        const picked: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          await tabTo(/^outcome-/);
          const row =
            (await page.evaluate(() =>
              document.activeElement
                ?.closest('[data-testid^="fixture-"]')
                ?.getAttribute('data-testid')
                ?.replace(/^fixture-/, ''),
            )) ?? '';
          expect(picked, `three fixtures at ${width}`).not.toContain(row);
          picked.push(row);
          await page.keyboard.press('ArrowRight');
          await tabTo('minute-input');
          await page.keyboard.type(String(20 + i));
          if (i === 0) {
            await tabTo('joker-toggle');
            await page.keyboard.press('Space');
            expect(
              await fixture(page, row).getByTestId('joker-toggle').getAttribute('aria-pressed'),
            ).toBe('true');
          }
        }
        await tabTo('save-predictions');
        await page.keyboard.press('Enter');
        await page
          .locator('[data-sonner-toast]')
          .filter({ hasText: 'Predictions Saved!' })
          .waitFor();
        expect((await expectFocusHeld('after saving')).id).toBe('save-predictions');

        // Tabbing on past the page's end while the toast shows: on through the toast to the top
        // of the page, not back to the last control again and again.
        const seen: string[] = [];
        for (let i = 0; i < 40; i += 1) {
          await page.keyboard.press('Tab');
          seen.push((await focusState()).id);
          if (seen.at(-1) === 'skip-link' || seen.at(-1) === 'brand-link') break;
        }
        expect(seen.at(-1), seen.join(' → ')).toMatch(/^(skip-link|brand-link)$/);
        // Each stop once: no loop back to the last control while the toast shows.
        expect(new Set(seen).size, seen.join(' → ')).toBe(seen.length);

        // The league's standings, from the header's menu.
        if (phone) {
          await openMenu(false);
          await tabTo('mobile-my-leagues-link');
        } else {
          await tabTo('nav-my-leagues');
          await page.keyboard.press('Enter');
          await tabTo('my-leagues-link');
        }
        await page.keyboard.press('Enter');
        await page.getByTestId('standings-summary').waitFor();
        await expectFocusHeld('on the standings page');

        // The language, applied on Enter (not on each arrow, not on Tab; Escape cancels).
        if (phone) {
          await openMenu(true);
          await tabTo('mobile-language-switcher');
        } else await tabTo('language-switcher', true);
        const switcher = phone ? 'mobile-language-switcher' : 'language-switcher';
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Escape');
        expect(await page.getByTestId(switcher).inputValue()).toBe('en');
        if (phone) await page.getByTestId('mobile-menu').waitFor();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        expect(await page.getByTestId(switcher).inputValue()).toBe('en');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).not.toBe('en');
        await expectFocusHeld('after choosing a language');

        // A menu opened and closed with Escape gives focus back to its button.
        if (phone) {
          await page.keyboard.press('Escape');
          await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
          await expect.poll(async () => (await focusState()).id).toBe('mobile-menu-button');
        } else {
          await tabTo('nav-my-leagues');
          await page.keyboard.press('Enter');
          await page.getByTestId('my-leagues-panel').waitFor();
          await page.keyboard.press('Escape');
          await expect.poll(async () => (await focusState()).id).toBe('nav-my-leagues');
        }

        // Sign out.
        if (phone) {
          await openMenu(true);
          await tabTo('mobile-logout-button');
        } else await tabTo('logout-button', true);
        await page.keyboard.press('Enter');
        await page.getByTestId(phone ? 'mobile-menu-button' : 'login-button').waitFor();
        await expect.poll(async () => (await focusState()).body).toBe(false);
        expect(errors).toEqual([]);
        await context.close();
      }
    },
  );
});
