import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, screenshot, seriousViolations, widths } from './support';

// The e2e server allows 5 contact messages per hour per client address: this file sends 2.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const h1 = (page: Page) => page.locator('main h1').first().textContent();
const pathname = (page: Page) => new URL(page.url()).pathname;

describe('contact form', () => {
  it('shows validation messages, then sends and clears the form', async () => {
    const { page, context, errors } = await openSession(browser, 1280);
    await page.goto('/contact');
    expect(await h1(page)).toBe('Contact Us');
    await page.getByTestId('contact-submit').click();
    const form = page.getByTestId('contact-form');
    for (const message of [
      'Please enter your name.',
      'Please enter a valid e-mail address.',
      'Please choose a subject.',
      'Please enter a message.',
    ]) {
      await form.getByText(message).waitFor();
    }
    await screenshot(page, 'contact-invalid');

    await page.getByTestId('contact-name').fill('Ann Example');
    await page.getByTestId('contact-email').fill('ann@example.com');
    await page.getByTestId('contact-subject').selectOption('feature');
    await page
      .getByTestId('contact-message')
      .fill('Could the standings show the last five rounds?');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    expect(await page.getByTestId('contact-success').textContent()).toBe(
      "Message sent successfully! We'll get back to you soon.",
    );
    expect(await page.getByTestId('contact-name').inputValue()).toBe('');
    expect(await page.getByTestId('contact-email').inputValue()).toBe('');
    expect(await page.getByTestId('contact-subject').inputValue()).toBe('');
    expect(await page.getByTestId('contact-message').inputValue()).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contact-sent');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prefills from the query string, explains reminders and sends on a phone', async () => {
    const { page, context, errors } = await openSession(browser, 375);
    await page.goto('/contact?name=Bea&email=bea%40example.com&subject=reminders&message=Hello');
    expect(await page.getByTestId('contact-name').inputValue()).toBe('Bea');
    expect(await page.getByTestId('contact-subject').inputValue()).toBe('reminders');
    await page.getByTestId('contact-reminders').waitFor();
    expect(await page.getByTestId('contact-reminders-team').getAttribute('href')).toBe('/team');
    expect(await page.getByTestId('contact-reminders-mailto').getAttribute('href')).toMatch(
      /^mailto:support@firstgoal\.app\?subject=/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contact-reminders');
    await page.getByTestId('contact-faq-scoring').getByRole('button').click();
    await page.getByTestId('contact-faq-scoring-link').click();
    await expect.poll(() => pathname(page)).toBe('/rules');
    await page.goBack();
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(widths)('static pages at %i px', (width) => {
  it('contact and rules render, are axe-clean, and Rules links to the competitions', async () => {
    const { page, context, errors } = await openSession(browser, width);
    await page.goto('/contact');
    await page.getByTestId('contact-form').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contact');

    await page.goto('/rules');
    expect(await h1(page)).toBe('Game Rules');
    for (const heading of ['Points', 'Jokers', 'Deadlines', 'Who manages what', 'Reminders']) {
      await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
    }
    expect(await page.getByTestId('rules-section-roles').textContent()).toContain(
      'Site administrators manage competitions, fixtures and results',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rules');
    await page.getByTestId('rules-view-competitions').click();
    await expect.poll(() => pathname(page)).toBe('/competitions');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('privacy and terms render their sections and links', async () => {
    const { page, context, errors } = await openSession(browser, width);
    await page.goto('/privacy-policy');
    expect(await h1(page)).toBe('Privacy Policy');
    expect(await page.getByTestId('privacy-updated').textContent()).toMatch(/^Last updated: /);
    const privacy = page.getByTestId('privacy-page');
    for (const text of ['portability', 'within 30 days', 'aged 13 and over', 'session cookie']) {
      expect(await privacy.textContent()).toContain(text);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy');
    await page.getByTestId('privacy-link-requests').click();
    await expect.poll(() => pathname(page)).toBe('/contact');

    await page.goto('/terms');
    await expect.poll(() => pathname(page)).toBe('/terms-of-service');
    expect(await h1(page)).toBe('Terms of Service');
    const terms = page.getByTestId('terms-page');
    for (const text of [
      'no real-money gambling',
      'at least 13 years old',
      'One account per person',
    ]) {
      expect(await terms.textContent()).toContain(text);
    }
    expect(await page.getByTestId('terms-link-contact').getAttribute('href')).toBe('/contact');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'terms');
    await page.getByTestId('terms-link-privacy').click();
    await expect.poll(() => pathname(page)).toBe('/privacy-policy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contact and rules read in French', async () => {
    const { page, context, errors } = await openSession(browser, width);
    await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'fr'));
    await page.goto('/contact');
    expect(await h1(page)).toBe('Nous contacter');
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-form').getByText('Veuillez saisir votre nom.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'contact-fr');
    await page.goto('/rules');
    expect(await h1(page)).toBe('Règles du jeu');
    expect(await page.getByTestId('rules-view-competitions').textContent()).toBe(
      'Voir les compétitions',
    );
    await screenshot(page, 'rules-fr');
    await page.goto('/privacy-policy');
    expect(await page.getByTestId('privacy-updated').textContent()).toMatch(
      /^Dernière mise à jour : \d+ \S+ \d{4}$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('page titles', () => {
  it('names the browser tab after the page, in the chosen language', async () => {
    const { page, context, errors } = await openSession(browser, 375);
    const titleOf = async (path: string) => {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => document.title !== 'FirstGoal');
      return page.title();
    };
    expect(await titleOf('/')).toBe('Football predictions with friends · FirstGoal');
    expect(await titleOf('/rules')).toBe('Game Rules · FirstGoal');
    expect(await titleOf('/premier-league')).toBe('Premier League Predictions · FirstGoal');
    expect(await titleOf('/no-such-page')).toBe('Oops! Page not found · FirstGoal');
    await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'de'));
    expect(await titleOf('/rules')).toBe('Spielregeln · FirstGoal');
    expect(errors).toEqual([]);
    await context.close();
  });
});
