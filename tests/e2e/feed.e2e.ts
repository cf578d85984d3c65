import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  screenshotDir,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  type Session,
} from './support';

// The league's conversation (issue 32): three people in three browsers (phones, 375 px) talk on
// the league page — posting, a reply that mentions a team, a reaction, an edit, the admin
// removing a message — each seeing the others' messages arrive without a reload, while the
// league log shows the admin's rule change; unread counts in My leagues; screenshots of the
// feed and the log in light and dark at 375 and 1280 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const headers = () => ({ origin: baseUrl() });

const feed = (page: Page) => page.getByTestId('league-feed');
const messages = (page: Page) => feed(page).getByTestId('feed-message');
const say = async (page: Page, text: string) => {
  await feed(page).getByTestId('feed-text').fill(text);
  await feed(page).getByTestId('feed-send').click();
  await messages(page).filter({ hasText: text }).first().waitFor();
};
const messageWith = (page: Page, text: string) => messages(page).filter({ hasText: text }).first();

/** The whole page and the card itself, light and dark, at both widths; no serious axe finding. */
const capture = async (session: Session, name: string, card: string) => {
  const { page } = session;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await screenshot(page, `${name}-${scheme}`);
      await page.getByTestId(card).screenshot({
        path: `${screenshotDir}/${name}-${scheme}-card-${width}.png`,
      });
      expect(await seriousViolations(page), `${name} ${scheme} ${width}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 812 });
};

describe("a league's chat", () => {
  it(
    'carries a conversation between three browsers while the log shows a rule change',
    { timeout: 240_000 },
    async () => {
      const ada = await openSession(browser, 375);
      await signInOrUp(ada.context, uniqueEmail('feed-ada'), 'Ada Admin');
      const created = await ada.context.request.post('/api/leagues', {
        data: { leagueName: `Chat League ${Date.now()}`, teamName: 'Ada Athletic' },
        headers: headers(),
      });
      const { league } = (await created.json()) as { league: { id: string; inviteCode: string } };
      const ben = await openSession(browser, 375);
      await signInOrUp(ben.context, uniqueEmail('feed-ben'), 'Ben Banter');
      const cal = await openSession(browser, 375);
      await signInOrUp(cal.context, uniqueEmail('feed-cal'), 'Cal Caller');
      for (const [session, team] of [
        [ben, 'Ben Rovers'],
        [cal, 'Cal City'],
      ] as const) {
        const joined = await session.context.request.post('/api/leagues/join', {
          data: { codeOrName: league.inviteCode, teamName: team },
          headers: headers(),
        });
        expect(joined.status()).toBe(201);
      }

      for (const s of [ada, ben, cal]) {
        await s.page.goto(`/league/${league.id}`);
        await feed(s.page).getByText('No messages yet').waitFor();
      }

      // Ada opens; Ben and Cal see it arrive without a reload.
      await say(ada.page, 'Welcome to the league! Rules at https://example.com/rules.');
      for (const s of [ben, cal]) await messageWith(s.page, 'Welcome to the league').waitFor();
      const link = messageWith(ben.page, 'Welcome').getByRole('link', {
        name: 'https://example.com/rules',
      });
      expect(await link.getAttribute('rel')).toBe('nofollow noopener noreferrer');

      // Ben replies to it and mentions Cal's team; Cal sees the mention and the quote.
      await messageWith(ben.page, 'Welcome').getByTestId('feed-reply').click();
      await feed(ben.page).getByTestId('feed-replying').waitFor();
      await say(ben.page, 'Thanks! @Cal City will finish last <b>again</b>');
      const reply = messageWith(cal.page, 'will finish last');
      await reply.waitFor();
      expect(await reply.getByTestId('feed-quote').textContent()).toContain('Ada Athletic');
      expect(await reply.locator('span', { hasText: '@Cal City' }).count()).toBeGreaterThan(0);
      // Plain text: the tags are shown, never applied.
      expect(await reply.textContent()).toContain('<b>again</b>');
      expect(await reply.locator('b').count()).toBe(0);

      // Cal reacts with a fire; Ben sees the count.
      await reply.getByTestId('feed-react').click();
      await reply.getByTestId('feed-emoji').filter({ hasText: '🔥' }).click();
      await messageWith(ben.page, 'will finish last')
        .getByTestId('feed-reaction')
        .filter({ hasText: '1' })
        .waitFor();

      // Cal posts, then edits a typo; Ada sees 'edited'.
      await say(cal.page, 'We will see on Saturdya');
      const id = await messageWith(cal.page, 'Saturdya').getAttribute('data-message-id');
      const mine = cal.page.locator(`[data-message-id="${id}"]`);
      await mine.getByTestId('feed-edit').click();
      await mine.getByTestId('feed-edit-text').fill('We will see on Saturday');
      await mine.getByTestId('feed-edit-save').click();
      await messageWith(ada.page, 'Saturday').getByTestId('feed-edited').waitFor();

      // Ben oversteps; Ada removes it as the league admin.
      await say(ben.page, 'Something rude');
      const rude = messageWith(ada.page, 'Something rude');
      await rude.waitFor();
      await rude.getByTestId('feed-delete').click();
      await rude.getByTestId('feed-delete-confirm').click();
      await messages(ben.page)
        .getByTestId('feed-gone')
        .filter({ hasText: 'removed by the league admin' })
        .waitFor();

      // Cal reports Ben's jibe; a site admin removes it from the admin area's list.
      const jibe = messageWith(cal.page, 'will finish last');
      await jibe.getByTestId('feed-report').click();
      await cal.page.getByText('the league admin will see your report').first().waitFor();
      await expect
        .poll(() => jibe.getByTestId('feed-report').getAttribute('aria-pressed'))
        .toBe('true');
      const site = await openSession(browser, 1280);
      await signInOrUp(site.context, inject('adminEmail'), 'Site Admin');
      await site.page.goto('/admin?tab=reports');
      const reported = site.page
        .getByTestId('admin-report')
        .filter({ hasText: 'will finish last' });
      await reported.waitFor();
      await capture(site, 'admin-reports', 'admin-reports');
      await reported.getByTestId('admin-report-remove').click();
      await reported.waitFor({ state: 'detached' });
      await messages(ada.page)
        .getByTestId('feed-gone')
        .filter({ hasText: 'removed by a site admin' })
        .waitFor();
      await site.context.close();

      // Ada changes the rules; the log says so on Cal's page.
      const rules = await ada.context.request.patch(`/api/leagues/${league.id}`, {
        data: { rules: { minutePoints: 4 } },
        headers: headers(),
      });
      expect(rules.status()).toBe(200);
      await cal.page.reload();
      const entry = cal.page.getByTestId('log-entry').filter({ hasText: 'changed the rules' });
      await entry.waitFor();
      expect(await entry.textContent()).toContain('Exact first-goal minute 3 → 4');

      // Unread: Ben away from the page, Cal writes twice; My leagues counts 2, reading clears it.
      await ben.page.goto('/');
      await say(cal.page, 'Anyone watching tonight?');
      await say(cal.page, 'Kick-off at eight');
      await ben.page.reload();
      await ben.page.getByTestId('mobile-menu-button').click();
      const unread = ben.page
        .getByTestId('mobile-my-leagues-link')
        .getByTestId('my-leagues-unread');
      await unread.waitFor();
      expect(await unread.textContent()).toContain('2');
      await screenshot(ben.page, 'my-leagues-unread');
      await ben.page.getByTestId('mobile-my-leagues-link').first().click();
      await messageWith(ben.page, 'Kick-off at eight').waitFor();
      // Reading the page cleared the count.
      await expect
        .poll(async () => {
          const mine = await (await ben.context.request.get('/api/leagues/mine')).json();
          return (mine as { leagues: { id: string; unread: number }[] }).leagues.find(
            (l) => l.id === league.id,
          )?.unread;
        })
        .toBe(0);

      // The feed and the log as people see them.
      await ada.page.reload();
      await messageWith(ada.page, 'Kick-off at eight').waitFor();
      await capture(ada, 'league-feed', 'league-feed');
      await cal.page.getByTestId('league-log').scrollIntoViewIfNeeded();
      await capture(cal, 'league-log', 'league-log');

      for (const s of [ada, ben, cal]) expect(s.errors).toEqual([]);
      await Promise.all([ada, ben, cal].map((s) => s.context.close()));
    },
  );
});
