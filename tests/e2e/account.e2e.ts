import { createHmac } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** The authenticator app's code now for a base32 secret (RFC 6238: SHA-1, 6 digits, 30 s). */
const totp = (secret: string, at = Date.now()) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('my account', () => {
  it(
    'lets a guest keep their teams by adding an e-mail and password on the page',
    { timeout: 120_000 },
    async () => {
      const owner = await openSession(browser, 1280);
      await signInOrUp(owner.context, uniqueEmail('upgrade-owner'), 'Olive Owner');
      const created = await owner.context.request.post('/api/leagues', {
        data: { leagueName: `Upgrade League ${Date.now()}`, teamName: 'Owner Otters' },
        headers: { origin: baseUrl() },
      });
      const { league } = (await created.json()) as { league: { inviteCode: string } };
      const { page, context, errors } = await openSession(browser, 375);
      const joined = await context.request.post('/api/leagues/quick-join', {
        data: { code: league.inviteCode, teamName: 'Guest Geckos' },
        headers: { origin: baseUrl() },
      });
      expect(joined.status()).toBe(200);

      await page.goto('/account');
      const upgrade = page.getByTestId('account-upgrade');
      await upgrade.getByTestId('auth-name').waitFor();
      expect(await page.getByTestId('account-password').count()).toBe(0);
      for (const width of widths) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await screenshot(page, 'account-guest');
        expect(await seriousViolations(page), `guest account at ${width}`).toEqual([]);
      }
      await upgrade.getByTestId('auth-name').fill('Gina Guest');
      await upgrade.getByTestId('auth-email').fill(uniqueEmail('upgraded'));
      await upgrade.getByTestId('auth-password').fill('correct-horse-9');
      await upgrade.getByTestId('auth-submit').click();
      // The page becomes the account's own: password and two-factor sign-in appear.
      await page.getByTestId('account-password').waitFor();
      expect(await page.getByTestId('account-upgrade').count()).toBe(0);
      const mine = await context.request.get('/api/leagues/mine');
      const body = (await mine.json()) as { leagues: { teams: { name: string }[] }[] };
      expect(body.leagues.flatMap((l) => l.teams.map((t) => t.name))).toEqual(['Guest Geckos']);
      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
      await context.close();
      await owner.context.close();
    },
  );

  it(
    'lets a player rename themselves, download their data and delete the account',
    { timeout: 120_000 },
    async () => {
      const { page, context, errors } = await openSession(browser, 1280);
      const email = uniqueEmail('account');
      await signInOrUp(context, email, 'Ava Account');
      const created = await context.request.post('/api/leagues', {
        data: { leagueName: `Account League ${Date.now()}`, teamName: 'Ava Arrows' },
        headers: { origin: baseUrl() },
      });
      expect(created.status()).toBe(201);

      // From My Teams to the account page.
      await page.goto('/team');
      await page.getByTestId('team-account-link').click();
      await page.getByTestId('account-profile').waitFor();
      expect(await page.title()).toContain('My account');
      for (const width of widths) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await page.getByTestId('account-sessions').getByText('Signed in').first().waitFor();
        await screenshot(page, 'account-page');
        expect(await seriousViolations(page), `account at ${width}`).toEqual([]);
      }

      // A new display name shows in the header at once.
      await page.getByTestId('account-name').fill('Ava Renamed');
      await page.getByTestId('account-name-save').click();
      await page.getByText('Name saved.').first().waitFor();
      await expect
        .poll(() => page.getByTestId('welcome-link').textContent())
        .toContain('Ava Renamed');

      // A new address waits for the link mailed to it.
      const moved = uniqueEmail('account-moved');
      await page.getByTestId('account-email').fill(moved);
      await page.getByTestId('account-email-save').click();
      await page.getByText(`We sent a confirmation link to ${moved}.`).waitFor();

      // The data download is the player's own.
      const data = await context.request.get('/api/account/export');
      expect(data.status()).toBe(200);
      const body = (await data.json()) as { account: { email: string }; teams: unknown[] };
      expect(body.account.email).toBe(email);
      expect(body.teams).toHaveLength(1);

      // Deleting asks for the word, then signs out and goes home.
      await page.getByTestId('account-delete-open').click();
      await page.getByTestId('account-delete-dialog').waitFor();
      expect(await page.getByTestId('account-delete-submit').isDisabled()).toBe(true);
      await page.getByTestId('account-delete-confirm').fill('DELETE');
      await screenshot(page, 'account-delete-dialog');
      await page.getByTestId('account-delete-submit').click();
      await page.getByText('Your account was deleted.').first().waitFor();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('login-button').waitFor();
      const again = await context.request.post('/api/auth/sign-in/email', {
        data: { email, password: 'correct-horse-9' },
        headers: { origin: baseUrl() },
      });
      expect(again.status()).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'turns on two-factor sign-in with an authenticator app, and then asks for its code',
    { timeout: 120_000 },
    async () => {
      const { page, context, errors } = await openSession(browser, 375);
      const email = uniqueEmail('twofa');
      await signInOrUp(context, email, 'Tess Twofactor');
      await page.goto('/account');
      await page.getByTestId('account-2fa-start').click();
      await page.getByTestId('account-2fa-password').fill('correct-horse-9');
      await page.getByTestId('account-2fa-continue').click();
      await page.getByTestId('account-2fa-qr').waitFor();
      const secret = (await page.getByTestId('account-2fa-secret').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await page.getByTestId('account-2fa-backup').locator('li').count()).toBeGreaterThan(5);
      for (const width of widths) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await screenshot(page, 'account-2fa-setup');
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('account-2fa-code').fill(totp(secret));
      await page.getByTestId('account-2fa-confirm').click();
      await page.getByText('Two-factor sign-in is on.').first().waitFor();

      // Signed out, signing in asks for the app's code after the password.
      await page.getByTestId('logout-button').click();
      await page.getByTestId('login-button').click();
      await page.getByTestId('auth-email').fill(email);
      await page.getByTestId('auth-password').fill('correct-horse-9');
      await page.getByTestId('auth-submit').click();
      await page.getByTestId('auth-2fa').waitFor();
      await page.getByTestId('auth-2fa-code').fill('000000');
      await page.getByTestId('auth-2fa-submit').click();
      await page.getByText('That code is not right. Check your app and try again.').waitFor();
      await screenshot(page, 'auth-2fa-step');
      await page.getByTestId('auth-2fa-code').fill(totp(secret));
      await page.getByTestId('auth-2fa-submit').click();
      await page.getByTestId('welcome-link').waitFor();
      const me = await context.request.get('/api/account/me');
      expect(
        ((await me.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled,
      ).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
