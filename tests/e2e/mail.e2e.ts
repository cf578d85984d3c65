import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderActionMail } from '../../src/server/mailer/templates';
import { renderReminderMail } from '../../src/server/reminders/mail';
import { launchBrowser, screenshot } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const missing = [
  {
    team: 'Lazy Lions',
    league: 'Office Cup',
    home: 'Arsenal FC',
    away: 'Chelsea FC',
    kickoffAt: '2026-03-14T15:00:00.000Z',
  },
  {
    team: 'Lazy Lions',
    league: 'Office Cup',
    home: 'Leeds United FC',
    away: 'Everton FC',
    kickoffAt: '2026-03-14T17:30:00.000Z',
  },
];

// How the mails look in a mail client: rendered in Chromium and saved with the other screenshots.
describe.each(['en', 'fr', 'de'])('mails in %s', (language) => {
  it('render the reminder and the password reset mail', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    const input = {
      name: 'Ann',
      competition: 'Premier League',
      round: 'Matchday 30',
      pageUrl: 'https://firstgoal.example/premier-league',
      unsubscribeUrl: 'https://firstgoal.example/api/reminders/unsubscribe?token=abc',
      missing,
    };
    const reminder = renderReminderMail({ ...input, language });
    await page.setContent(reminder.html);
    expect(await page.locator('li').count()).toBe(2);
    await screenshot(page, `mail-reminder-${language}`);
    const reset = renderActionMail('resetPassword', language, {
      name: 'Ann',
      url: 'https://firstgoal.example/api/auth/reset-password/xyz',
    });
    await page.setContent(reset.html);
    await screenshot(page, `mail-reset-${language}`);
    expect(reminder.subject).toContain('Premier League');
    if (language !== 'en') {
      expect(reminder.subject).not.toBe(renderReminderMail({ ...input, language: 'en' }).subject);
    }
    await context.close();
  });
});
