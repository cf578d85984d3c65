import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  seriousViolations,
  uniqueEmail,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const password = 'correct-horse-9';
const origin = () => ({ origin: baseUrl() });

/** Signs the context in through the API (sign-up the first time), as a browser would. */
const signIn = async (context: BrowserContext, email: string, name: string) => {
  const signedIn = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: origin(),
  });
  if (signedIn.ok()) return;
  const signedUp = await context.request.post('/api/auth/sign-up/email', {
    data: { email, password, name },
    headers: origin(),
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
};

/** Full-page screenshots from the top, so the sticky header sits where it belongs. */
const shoot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
};

describe('admin inbox', () => {
  // The server allows 5 contact messages an hour per address across every e2e file: send one.
  it('shows a message from the contact page and marks it handled', async () => {
    const text = `Inbox check ${Date.now()}\nSecond line of the message.`;
    const visitor = await openSession(browser, 375);
    await visitor.page.goto('/contact');
    await visitor.page.getByTestId('contact-name').fill('Vera Visitor');
    await visitor.page.getByTestId('contact-email').fill('vera@example.com');
    await visitor.page.getByTestId('contact-subject').selectOption('bug');
    await visitor.page.getByTestId('contact-message').fill(text);
    await visitor.page.getByTestId('contact-submit').click();
    await visitor.page.getByTestId('contact-success').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    for (const width of [375, 1280] as const) {
      const { page, context, errors } = await openSession(browser, width);
      await signIn(context, inject('adminEmail'), 'Site Admin');
      await page.goto('/admin?tab=inbox');
      const message = page
        .getByTestId('inbox-message')
        .filter({ hasText: 'Second line of the message.' })
        .filter({ hasText: text.split('\n')[0] ?? '' });
      if (width === 375) {
        await message.waitFor();
        await page.getByTestId('inbox-unhandled-count').waitFor(); // other files may add more
        expect(await message.getByText('Report a bug').count()).toBe(1);
        expect(
          await message.getByRole('link', { name: 'vera@example.com' }).getAttribute('href'),
        ).toBe('mailto:vera@example.com');
        expect(await message.getByTestId('inbox-message-text').textContent()).toBe(text);
        await shoot(page, 'admin-inbox');
        expect(await seriousViolations(page)).toEqual([]);

        await message.getByRole('button', { name: /^Mark handled/ }).click();
        await page.getByText('Message marked as handled').waitFor();
        // Handled messages leave the default view and come back with "Show handled".
        await expect.poll(() => message.count()).toBe(0);
        await page.getByRole('switch', { name: 'Show handled' }).click();
        await message.waitFor();
        expect(await message.getAttribute('data-handled')).toBe('true');
        expect(await message.getByRole('button', { name: /^Mark unhandled/ }).count()).toBe(1);
      } else {
        await page.getByTestId('admin-inbox').waitFor();
        await page.getByRole('switch', { name: 'Show handled' }).click();
        await message.waitFor();
        expect(await message.getAttribute('data-handled')).toBe('true');
        await shoot(page, 'admin-inbox');
        expect(await seriousViolations(page)).toEqual([]);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('team reminders', () => {
  it('lets a player switch reminders on, and it stays on after a reload', async () => {
    const { page, context, errors } = await openSession(browser, 375);
    await signIn(context, uniqueEmail('reminders'), 'Rita Reminder');
    await page.goto('/team');
    const toggle = page.getByRole('switch', {
      name: 'E-mail me 24 hours before a round when predictions are missing',
    });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('Reminders switched on').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    // After the reload, so no toast is fading in while axe measures contrast.
    await shoot(page, 'team-reminders');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks guests to add an e-mail and password instead', async () => {
    const { page, context, errors } = await openSession(browser, 1280);
    const guest = await context.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: origin(),
    });
    expect(guest.ok(), await guest.text()).toBe(true);
    await page.goto('/team');
    const note = page.getByTestId('team-reminders-guest');
    await note.waitFor();
    // No e-mail reminder switch for a guest (the push card's switch, for this device, is theirs
    // too once it has loaded, so only the reminders card is searched).
    expect(await page.getByTestId('team-reminders').getByRole('switch').count()).toBe(0);
    await shoot(page, 'team-reminders-guest');
    expect(await seriousViolations(page)).toEqual([]);
    await note.getByRole('button', { name: 'Add e-mail and password' }).click();
    await page.getByRole('dialog').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
