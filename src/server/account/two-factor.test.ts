import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile, testBaseUrl } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { openDatabase } from '../db/database';

// Issue 51, item 6: better-auth allows a few wrong two-factor codes per challenge, and the password
// opens a new challenge each time. At most 10 wrong codes per account per 15 minutes, across its
// challenges, instances and guesses sent side by side; then 429 for the rest of the window, as for
// passwords. Production mode (the throttles are off under NODE_ENV=test); TRUST_PROXY lets each
// request come from an address of its own (better-auth limits two-factor requests per address).

let clock = new Date('2030-04-01T12:00:00Z');
const t = appPerFile({ now: () => clock, env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });
const password = 'correct-horse-9';

let addresses = 0;
const from = () => {
  addresses += 1;
  return { 'x-forwarded-for': `10.51.${addresses >> 8}.${addresses & 255}` };
};

type App = Pick<typeof t.app, 'request'>;

/** One request as a browser whose cookies are `cookie`; the answer and the cookies it set. */
const send = async (app: App, path: string, body: unknown, cookie = '') => {
  const res = await app.request(`${testBaseUrl}${path}`, {
    method: 'POST',
    headers: { origin: testBaseUrl, 'content-type': 'application/json', cookie, ...from() },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const set = res.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, set };
};

/** An account with an authenticator app: its TOTP secret and backup codes. */
const withTwoFactor = async (email: string) => {
  const signedUp = await send(t.app, '/api/auth/sign-up/email', { email, password, name: 'Tess' });
  expect(signedUp.status).toBe(200);
  const cookie = signedUp.set.join('; ');
  const enabled = await send(t.app, '/api/auth/two-factor/enable', { password }, cookie);
  expect(enabled.status).toBe(200);
  const secret = base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret') ?? '');
  const code = () => createOTP(secret).totp();
  const confirmed = await send(
    t.app,
    '/api/auth/two-factor/verify-totp',
    { code: await code() },
    cookie,
  );
  expect(confirmed.status).toBe(200);
  return { email, code, backupCodes: enabled.body.backupCodes as string[] };
};

/** A sign-in with the password: the two-factor challenge's cookie. */
const challenge = async (email: string, app: App = t.app) => {
  const res = await send(app, '/api/auth/sign-in/email', { email, password });
  expect([res.status, res.body.twoFactorRedirect]).toEqual([200, true]);
  const cookie = res.set.find((c) => c.includes('two_factor='));
  if (!cookie) throw new Error('no two-factor challenge');
  return cookie;
};

const totp = (cookie: string, code: string, app: App = t.app) =>
  send(app, '/api/auth/two-factor/verify-totp', { code }, cookie);
const answer = (res: { status: number; body: { error?: { code?: string } } | null }) =>
  `${res.status} ${res.body?.error?.code ?? 'ok'}`;
const wrong = '000000';

let tess: Awaited<ReturnType<typeof withTwoFactor>>;
beforeAll(async () => {
  tess = await withTwoFactor('tess@example.com');
});

describe('two-factor codes', () => {
  it('allow 10 wrong codes per account in 15 minutes, across challenges sent side by side', async () => {
    // One sign-in after the other (the password throttle counts sign-ins in flight), then the
    // guesses all at once.
    const challenges: string[] = [];
    for (let i = 0; i < 15; i += 1) challenges.push(await challenge(tess.email));
    const answers = await Promise.all(challenges.map((cookie) => totp(cookie, wrong)));
    expect(answers.map(answer).sort()).toEqual([
      ...Array<string>(10).fill('401 INVALID_CODE'),
      ...Array<string>(5).fill('429 TOO_MANY_TWO_FACTOR_CODES'),
    ]);
    const refused = answers.find((res) => res.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(refused?.body.error.requestId).toBe(refused?.headers.get('x-request-id'));

    // For the rest of the window even the right code or a backup code is refused.
    clock = new Date(clock.getTime() + 14 * 60_000);
    expect(answer(await totp(await challenge(tess.email), await tess.code()))).toBe(
      '429 TOO_MANY_TWO_FACTOR_CODES',
    );
    const backup = await send(
      t.app,
      '/api/auth/two-factor/verify-backup-code',
      { code: tess.backupCodes[0] },
      await challenge(tess.email),
    );
    expect(answer(backup)).toBe('429 TOO_MANY_TWO_FACTOR_CODES');

    // Another account is not affected; once the window is over the right code signs in.
    const other = await withTwoFactor('otto@example.com');
    expect(answer(await totp(await challenge(other.email), await other.code()))).toBe('200 ok');
    clock = new Date(clock.getTime() + 60_000);
    const signedIn = await totp(await challenge(tess.email), await tess.code());
    expect(answer(signedIn)).toBe('200 ok');
    expect(signedIn.set.some((c) => c.includes('session_token='))).toBe(true);
  });

  it('count wrong codes, not right ones, on every instance of the database', async () => {
    clock = new Date(clock.getTime() + 60 * 60_000);
    const database = openDatabase(t.services.env.database);
    const other = createApp(
      { ...t.services, database, auth: createAuth({ ...t.services, database }) },
      { serveWeb: false },
    );
    try {
      for (let i = 0; i < 5; i += 1)
        expect(answer(await totp(await challenge(tess.email), await tess.code()))).toBe('200 ok');
      const answers: string[] = [];
      for (let i = 0; i < 11; i += 1) {
        const app = i % 2 === 0 ? t.app : other;
        answers.push(answer(await totp(await challenge(tess.email, app), wrong, app)));
      }
      expect(answers).toEqual([
        ...Array<string>(10).fill('401 INVALID_CODE'),
        '429 TOO_MANY_TWO_FACTOR_CODES',
      ]);
      const right = await totp(await challenge(tess.email, other), await tess.code(), other);
      expect(answer(right)).toBe('429 TOO_MANY_TWO_FACTOR_CODES');
    } finally {
      await database.close();
    }
  });
});
