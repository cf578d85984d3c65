import { all, anyone, authSignedIn, withPassword, type Table } from './authorization-rows';
import { loginEmail, password, t, unverifiedEmail, world } from './authorization-world';

/** Mails stored in the outbox (the matrix runs without SMTP) to `to` of `kind`. */
const mailIds = async (to: string, kind: string) =>
  (
    await t.services.database.db
      .selectFrom('outbox')
      .select(['id', 'text_body'])
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .execute()
  ).map((m) => ({ id: m.id, text: m.text_body }));

/** The text of the mail that `send` makes (waits for it: better-auth may mail after answering). */
const newMail = async (to: string, kind: string, send: () => Promise<unknown>) => {
  const before = new Set((await mailIds(to, kind)).map((m) => m.id));
  await send();
  for (let tries = 0; tries < 100; tries += 1) {
    const found = (await mailIds(to, kind)).find((m) => !before.has(m.id));
    if (found) return found.text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} mail to ${to}`);
};

const resetToken = async () => {
  const text = await newMail(loginEmail, 'reset-password', () =>
    t.agent().post('/api/auth/request-password-reset', {
      email: loginEmail,
      redirectTo: '/reset-password',
    }),
  );
  const token = /\/api\/auth\/reset-password\/([^?\s"<>]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return token;
};

/** better-auth's account: profile, password and its reset, e-mail, linked accounts, two-factor. */
export const credentialsTable: Table = {
  // --- better-auth: the account ---
  'POST /api/auth/update-user': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/update-user', body: { locale: 'en' } }),
  },
  'POST /api/auth/change-password': {
    state: 'identity',
    expect: authSignedIn('ok', { guest: '400 CREDENTIAL_ACCOUNT_NOT_FOUND' }),
    request: () => ({
      path: '/api/auth/change-password',
      body: { currentPassword: password, newPassword: 'correct-horse-10' },
    }),
  },
  'POST /api/auth/verify-password': {
    expect: withPassword,
    request: () => ({ path: '/api/auth/verify-password', body: { password } }),
  },
  'POST /api/auth/change-email': {
    // Confirmed by a link mailed to the new address; guests sign up instead.
    expect: authSignedIn('ok', { guest: '403 ACCOUNT_REQUIRED' }),
    request: (c) => ({
      path: '/api/auth/change-email',
      body: { newEmail: `moved-${c.n}@authz.test` },
    }),
  },
  'POST /api/auth/delete-user': {
    // Account deletion is not enabled.
    expect: authSignedIn('404'),
    request: () => ({ path: '/api/auth/delete-user', body: {} }),
  },
  'GET /api/auth/delete-user/callback': {
    expect: all('404'),
    request: () => ({ path: '/api/auth/delete-user/callback?token=none' }),
  },
  'POST /api/auth/request-password-reset': {
    expect: anyone,
    request: () => ({
      path: '/api/auth/request-password-reset',
      body: { email: loginEmail, redirectTo: '/reset-password' },
    }),
  },
  'GET /api/auth/reset-password/{token}': {
    // The mailed link: the token is the credential, whoever opens it.
    expect: all('302'),
    redirect: '/reset-password',
    request: async () => ({
      path: `/api/auth/reset-password/${await resetToken()}?callbackURL=%2Freset-password`,
    }),
  },
  'POST /api/auth/reset-password': {
    expect: anyone,
    request: async () => ({
      path: '/api/auth/reset-password',
      body: { token: await resetToken(), newPassword: password },
    }),
  },
  'POST /api/auth/send-verification-email': {
    // Signed in, only to one's own address.
    expect: all('400 EMAIL_MISMATCH', { visitor: 'ok' }),
    request: () => ({
      path: '/api/auth/send-verification-email',
      body: { email: unverifiedEmail, callbackURL: '/account' },
    }),
  },
  'GET /api/auth/verify-email': {
    // The mailed link signs its reader in as the verified account: a new account each time.
    state: 'identity',
    expect: all('302'),
    redirect: '/account',
    request: async (c) => {
      const email = `verify-${c.n}@authz.test`;
      await t.agent().signUp(email, password, 'Verify');
      const text = await newMail(email, 'verify-email', () =>
        t.agent().post('/api/auth/send-verification-email', { email, callbackURL: '/account' }),
      );
      const link = /http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s"<>]+)/.exec(text)?.[1];
      if (!link) throw new Error(`no verification link in:\n${text}`);
      return { path: link };
    },
  },
  'GET /api/auth/list-accounts': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/list-accounts' }),
  },
  'POST /api/auth/link-social': {
    expect: authSignedIn(),
    request: () => ({
      path: '/api/auth/link-social',
      body: { provider: 'google', callbackURL: '/account' },
    }),
  },
  // The member's own (credential) account, asked for by everyone: the owner gets what a password
  // account has (no provider tokens), anyone else 'not found'.
  'POST /api/auth/unlink-account': {
    expect: authSignedIn('400 FAILED_TO_UNLINK_LAST_ACCOUNT', {
      guest: '400 ACCOUNT_NOT_FOUND',
    }),
    request: () => ({
      path: '/api/auth/unlink-account',
      body: { accountId: world.memberAccountId },
    }),
  },
  'POST /api/auth/get-access-token': {
    expect: all('400 ACCOUNT_NOT_FOUND', {
      visitor: '401',
      member: '400 PROVIDER_NOT_SUPPORTED',
      halfRemoved: '400 ACCOUNT_NOT_FOUND',
    }),
    request: () => ({
      path: '/api/auth/get-access-token',
      body: { accountId: world.memberAccountId },
    }),
  },
  'POST /api/auth/refresh-token': {
    expect: all('400 ACCOUNT_NOT_FOUND', {
      visitor: '401',
      member: '400 PROVIDER_NOT_SUPPORTED',
      halfRemoved: '400 ACCOUNT_NOT_FOUND',
    }),
    request: () => ({
      path: '/api/auth/refresh-token',
      body: { accountId: world.memberAccountId },
    }),
  },
  'GET /api/auth/account-info': {
    expect: all('400 ACCOUNT_NOT_FOUND', {
      visitor: '401',
      member: '400 PROVIDER_NOT_CONFIGURED',
      halfRemoved: '400 ACCOUNT_NOT_FOUND',
    }),
    request: () => ({ path: `/api/auth/account-info?accountId=${world.memberAccountId}` }),
  },

  // --- better-auth: two-factor (enabled on the server; the web app offers no 2FA screens) ---
  'POST /api/auth/two-factor/enable': {
    state: 'identity',
    expect: withPassword,
    request: () => ({ path: '/api/auth/two-factor/enable', body: { password } }),
  },
  'POST /api/auth/two-factor/disable': {
    state: 'identity',
    expect: withPassword,
    request: () => ({ path: '/api/auth/two-factor/disable', body: { password } }),
  },
  'POST /api/auth/two-factor/get-totp-uri': {
    expect: authSignedIn('400 TOTP_NOT_ENABLED'),
    request: () => ({ path: '/api/auth/two-factor/get-totp-uri', body: { password } }),
  },
  'POST /api/auth/two-factor/generate-backup-codes': {
    expect: authSignedIn('400 TWO_FACTOR_NOT_ENABLED'),
    request: () => ({ path: '/api/auth/two-factor/generate-backup-codes', body: { password } }),
  },
  'POST /api/auth/two-factor/verify-totp': {
    expect: all('400 TOTP_NOT_ENABLED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({ path: '/api/auth/two-factor/verify-totp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/send-otp': {
    expect: all('400 OTP_NOT_CONFIGURED'),
    request: () => ({ path: '/api/auth/two-factor/send-otp', body: {} }),
  },
  'POST /api/auth/two-factor/verify-otp': {
    expect: all('400 OTP_HAS_EXPIRED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({ path: '/api/auth/two-factor/verify-otp', body: { code: '123456' } }),
  },
  'POST /api/auth/two-factor/verify-backup-code': {
    expect: all('400 BACKUP_CODES_NOT_ENABLED', { visitor: '401 INVALID_TWO_FACTOR_COOKIE' }),
    request: () => ({
      path: '/api/auth/two-factor/verify-backup-code',
      body: { code: 'abcde-fghij' },
    }),
  },
};
