import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keeper, startOidcProvider, type OidcProvider } from '../../../tests/setup/oidc-provider';
import { appPerFile, createTestApp, testBaseUrl, type Agent } from '../../../tests/setup/test-app';

// 'Continue with Google' against a real OpenID provider (oidc-provider on 127.0.0.1) standing in
// for Google: discovery, PKCE, the code exchange, ID token verification and userinfo all happen
// over HTTP exactly as they would with accounts.google.com.

// better-auth serves provider callbacks at /api/auth/callback/:providerId (this is the redirect
// URI to register in the Google Cloud console).
const redirectUri = `${testBaseUrl}/api/auth/callback/google`;

let op: OidcProvider;
beforeAll(async () => {
  op = await startOidcProvider({ redirectUri });
});
afterAll(() => op?.close());
const t = appPerFile(() => ({
  env: {
    GOOGLE_CLIENT_ID: op.clientId,
    GOOGLE_CLIENT_SECRET: op.clientSecret,
    GOOGLE_DISCOVERY_URL: op.discoveryUrl,
  },
}));

/** What the Google button does: ask our server for the provider's authorization URL. */
const startGoogleSignIn = async (agent: Agent): Promise<string> => {
  const res = await agent.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/dashboard',
    errorCallbackURL: '/?authError=google',
  });
  expect(res.status).toBe(200);
  expect(res.body.redirect).toBe(true);
  const url = new URL(res.body.url as string);
  expect(url.origin).toBe(op.issuer);
  expect(url.searchParams.get('client_id')).toBe(op.clientId);
  expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
  return url.href;
};

/** The provider's redirect back to us, sent through the agent (which holds our state cookie). */
const returnToApp = async (agent: Agent, redirect: URL) => {
  expect(redirect.origin).toBe(testBaseUrl);
  expect(redirect.pathname).toBe('/api/auth/callback/google');
  const res = await agent.get(`${redirect.pathname}${redirect.search}`);
  expect(res.status).toBe(302);
  return { res, location: new URL(res.headers.get('location') ?? '', testBaseUrl) };
};

describe('Continue with Google', () => {
  it('is offered only when the Google client is configured', async () => {
    expect((await t.agent().get('/api/account/me')).body.auth.google).toBe(true);
    const plain = await createTestApp();
    try {
      expect((await plain.agent().get('/api/account/me')).body.auth.google).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('signs a new user in after login and consent, and the same user again later', async () => {
    const agent = t.agent();
    const browser = op.browser();
    const redirect = await browser.authorize(await startGoogleSignIn(agent), 'approve');
    expect(browser.prompts).toEqual(['login', 'consent']);
    expect(redirect.searchParams.get('code')).toBeTruthy();
    expect(redirect.searchParams.get('iss')).toBe(op.issuer);

    const { res, location } = await returnToApp(agent, redirect);
    expect(location.pathname).toBe('/dashboard');
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);

    const me = (await agent.get('/api/account/me')).body.user;
    expect(me).toMatchObject({
      email: keeper.email,
      name: keeper.name,
      emailVerified: true,
      isAnonymous: false,
      role: 'user',
    });
    const { db } = t.services.database;
    const accounts = await db
      .selectFrom('account')
      .select(['providerId', 'accountId'])
      .where('userId', '=', me.id)
      .execute();
    expect(accounts).toEqual([{ providerId: 'google', accountId: keeper.sub }]);

    // Back another day on a fresh device: the provider remembers login and consent, and our
    // server finds the existing user instead of creating a second one.
    const later = t.agent();
    const again = await browser.authorize(await startGoogleSignIn(later), 'approve');
    expect(browser.prompts).toEqual(['login', 'consent']);
    expect((await returnToApp(later, again)).location.pathname).toBe('/dashboard');
    expect((await later.get('/api/account/me')).body.user.id).toBe(me.id);
    const users = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', keeper.email)
      .execute();
    expect(users).toHaveLength(1);
  });

  it('sends a refused sign-in to the error page without a session', async () => {
    const agent = t.agent();
    const browser = op.browser();
    const redirect = await browser.authorize(await startGoogleSignIn(agent), 'deny');
    expect(browser.prompts).toEqual(['login']);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('code')).toBeNull();

    const { res, location } = await returnToApp(agent, redirect);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('authError')).toBe('google');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
    expect((await agent.get('/api/account/me')).body.user).toBeNull();
  });
});
