import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '../../src/domain/i18n';
import { baseUrl, launchBrowser, screenshot, uniqueEmail } from './support';

// Issue "six complete languages": in every language the main pages show no English text from the
// English locale file (except the reviewed allow-list), and the contact form works.
type Tree = { [key: string]: string | Tree };
const localeDir = 'src/web/i18n/locales/';
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
const read = (language: string) =>
  new Map(flatten(JSON.parse(readFileSync(`${localeDir}${language}.json`, 'utf8')) as Tree));
const english = read('en');
const allowList = JSON.parse(
  readFileSync(`${localeDir}identical-allow-list.json`, 'utf8'),
) as Record<string, string[]>;

/** English texts that must not show up in `language`: the literal parts of every translated string. */
const englishLeftovers = (language: string): string[] => {
  const translated = read(language);
  const allowed = new Set([...(allowList[language] ?? []), ...(allowList['*'] ?? [])]);
  const texts = new Set<string>();
  for (const [key, text] of english) {
    if (translated.get(key) === text || allowed.has(text) || key.startsWith('mail.')) continue;
    for (const part of text.split(/\{\{[^}]*\}\}/)) {
      const literal = part.trim();
      // Single short words ("Team", "Name") also exist in other languages; phrases do not.
      if (literal.split(/\s+/).length >= 2 && literal.replace(/[^\p{L}]/gu, '').length >= 6)
        texts.add(literal);
    }
  }
  return [...texts];
};

const pages = ['/', '/competitions', '/rules', '/contact', '/dashboard', '/premier-league'];
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const visibleText = async (page: Page, path: string) => {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.body.innerText);
};

describe.each(languages)('in %s', (language) => {
  it('pages show no English and the contact form submits', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': `10.77.0.${languages.indexOf(language) + 1}` },
    });
    await context.addInitScript((lng) => localStorage.setItem('selectedLanguage', lng), language);
    const page = await context.newPage();
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: {
        email: uniqueEmail(`lang-${language}`),
        password: 'correct-horse-9',
        name: 'Polyglot',
        locale: language,
      },
      headers: { origin: baseUrl() },
    });
    expect(signUp.ok()).toBe(true);

    const leftovers = language === 'en' ? [] : englishLeftovers(language);
    for (const path of pages) {
      const text = await visibleText(page, path);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      const found = leftovers.filter((english) => text.includes(english));
      expect(found, `${language} ${path}`).toEqual([]);
    }

    await page.goto('/contact');
    await page.getByTestId('contact-name').fill('Polyglot');
    await page.getByTestId('contact-email').fill('polyglot@example.com');
    await page.getByTestId('contact-subject').selectOption('feature');
    await page.getByTestId('contact-message').fill(`A message written in ${language}.`);
    await page.getByTestId('contact-submit').click();
    await page.getByTestId('contact-success').waitFor();
    if (language !== 'en') await screenshot(page, `contact-sent-${language}`);
    await context.close();
  });
});
