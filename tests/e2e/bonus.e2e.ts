import SQLite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  widths,
} from './support';

// A bonus question from creation to points (issue 14): the league admin asks in the league
// page's form, a member answers on a phone, the deadline passes, the admin settles and the
// points show in the standings' own column.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Screenshots at both widths and no serious axe findings, back at `width` afterwards. */
const capture = async (page: Page, name: string, back: 375 | 1280) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await screenshot(page, name);
    expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
  }
  await page.setViewportSize({ width: back, height: back === 375 ? 812 : 900 });
};

const waitForToasts = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });

describe('bonus questions', () => {
  it(
    'are asked, answered, closed, settled and counted in the table',
    { timeout: 180_000 },
    async () => {
      const headers = { origin: baseUrl() };
      const admin = await openSession(browser, 1280);
      await signInOrUp(admin.context, uniqueEmail('bonus-admin'), 'Bea Bonus');
      const created = await admin.context.request.post('/api/leagues', {
        data: { leagueName: `Bonus League ${Date.now()}`, teamName: 'Bonus Badgers' },
        headers,
      });
      const { league } = (await created.json()) as { league: { id: string; inviteCode: string } };
      const member = await openSession(browser, 375);
      await signInOrUp(member.context, uniqueEmail('bonus-member'), 'Mia Member');
      await member.context.request.post('/api/leagues/join', {
        data: { codeOrName: league.inviteCode, teamName: 'Member Meerkats' },
        headers,
      });

      // The admin asks who wins the league (clubs offered by the app) and a question of their own.
      await admin.page.goto(`/league/${league.id}`);
      await admin.page.getByTestId('bonus-empty').waitFor();
      await admin.page.getByTestId('bonus-ask').click();
      await admin.page.getByTestId('bonus-ask-dialog').waitFor();
      expect(await admin.page.getByTestId('bonus-preview').textContent()).toContain(
        'Who wins the Premier League?',
      );
      await admin.page.getByTestId('bonus-points').fill('25');
      await admin.page.getByTestId('bonus-ask-submit').click();
      await admin.page.getByText('A whole number from 1 to 20.').last().waitFor();
      await admin.page.getByTestId('bonus-points').fill('5');
      await admin.page.getByTestId('bonus-ask-submit').click();
      await admin.page.getByText('Question added').first().waitFor();
      await admin.page.getByTestId('bonus-ask-dialog').waitFor({ state: 'detached' });

      await admin.page.getByTestId('bonus-ask').click();
      await admin.page.getByTestId('bonus-kind').selectOption('free');
      await admin.page.getByTestId('bonus-prompt').fill('Does the derby end in a draw?');
      await admin.page.getByTestId('bonus-options').fill('Yes\nNo');
      await admin.page.getByTestId('bonus-points').fill('3');
      await capture(admin.page, 'bonus-ask-dialog', 1280);
      await admin.page.getByTestId('bonus-ask-submit').click();
      await admin.page.getByTestId('bonus-ask-dialog').waitFor({ state: 'detached' });
      await admin.page.getByText('Does the derby end in a draw?').waitFor();
      expect(await admin.page.getByTestId('bonus-question').count()).toBe(2);

      // Both answer; nobody sees the other's answer before the deadline.
      const champion = admin.page.getByTestId('bonus-question').first();
      await champion.getByTestId('bonus-answer-select').selectOption('Chelsea FC');
      await champion.getByTestId('bonus-answer-save').click();
      await admin.page.getByText('Answer saved').first().waitFor();

      await member.page.goto(`/league/${league.id}`);
      const questions = member.page.getByTestId('bonus-question');
      await questions.first().waitFor();
      expect(await member.page.getByTestId('bonus-ask').count()).toBe(0);
      await questions.first().getByTestId('bonus-answer-select').selectOption('Arsenal FC');
      await questions.first().getByTestId('bonus-answer-save').click();
      await member.page.getByText('Answer saved').first().waitFor();
      await questions.nth(1).getByTestId('bonus-answer-select').selectOption('Yes');
      await questions.nth(1).getByTestId('bonus-answer-save').click();
      await questions.nth(1).getByText('Saved').waitFor();
      expect(await member.page.getByTestId('bonus-questions').textContent()).not.toContain(
        'Chelsea FC:',
      );
      await waitForToasts(member.page);
      await member.page.getByTestId('bonus-questions').scrollIntoViewIfNeeded();
      await capture(member.page, 'bonus-open', 375);

      // The deadline passes (the server's clock runs on from its pinned start: moved in the data).
      new SQLite(inject('databasePath'))
        .prepare(
          "update bonus_questions set deadline_at = '2026-11-22T12:00:00.000Z' where league_id = ?",
        )
        .run(league.id);

      await admin.page.reload();
      await admin.page.getByTestId('bonus-counts').first().waitFor();
      expect(await admin.page.getByTestId('bonus-counts').first().textContent()).toContain(
        '2 teams answered',
      );
      await admin.page.getByTestId('bonus-settle').first().click();
      await admin.page.getByTestId('bonus-settle-dialog').waitFor();
      await admin.page.getByTestId('bonus-settle-submit').click();
      await admin.page.getByText('Tick the right answer first.').waitFor();
      await admin.page.getByLabel('Arsenal FC').check();
      await capture(admin.page, 'bonus-settle-dialog', 1280);
      await admin.page.getByTestId('bonus-settle-submit').click();
      await admin.page
        .getByText('Question settled: the points are in the table.')
        .first()
        .waitFor();
      await admin.page.getByTestId('bonus-correct').first().waitFor();
      expect(await admin.page.getByTestId('bonus-correct').first().textContent()).toContain(
        'Arsenal FC',
      );

      // The member sees their points, and the table counts them in a column of their own.
      await member.page.reload();
      await member.page.getByTestId('bonus-mine').first().waitFor();
      expect(await member.page.getByTestId('bonus-mine').first().textContent()).toContain(
        '+5 points',
      );
      await waitForToasts(member.page);
      await capture(member.page, 'bonus-settled', 375);
      await member.page.goto(`/league/${league.id}/standings`);
      await member.page.getByText('pts · 5 bonus').first().waitFor();
      await member.page.setViewportSize({ width: 1280, height: 900 });
      const bonusCells = member.page.getByTestId('standings-table-bonus');
      await bonusCells.first().waitFor();
      expect(await bonusCells.allTextContents()).toEqual(['5', '0']);
      await capture(member.page, 'bonus-standings', 1280);

      expect(admin.errors).toEqual([]);
      expect(member.errors).toEqual([]);
      await admin.context.close();
      await member.context.close();
    },
  );
});
