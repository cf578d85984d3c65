import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerFile } from '../../../tests/setup/test-app';
import { sessionCacheSeconds } from '../auth/auth';

// The session is read from a signed cookie for up to a minute (no database round trip on the
// save path); signing out elsewhere takes effect within that minute (a deleted account at once:
// tests/security/deleted-account.test.ts).
const t = appPerFile();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const cookiesOf = (header: string) =>
  new Map(header.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
const minute = sessionCacheSeconds * 1000;

describe('the session cookie cache', () => {
  it('trusts the cache for at most a minute after the session ends elsewhere', async () => {
    expect(sessionCacheSeconds).toBeLessThanOrEqual(60);
    const agent = t.agent();
    await agent.signUp('cache@example.com');
    expect(agent.cookieHeader()).toMatch(/session_data=/);
    // Signed out everywhere else (the sessions are gone from the database).
    const { db } = t.services.database;
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'cache@example.com')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('session').where('userId', '=', user.id).execute();
    expect((await agent.put('/api/account/locale', { locale: 'fr' })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (sessionCacheSeconds + 1) * 1000 });
    const later = await agent.put('/api/account/locale', { locale: 'fr' });
    expect(later.status).toBe(401);
  });

  it('accepts a cache cookie only with its signature and its own session cookie', async () => {
    const agent = t.agent();
    await agent.signUp('forger@example.com');
    const other = t.agent();
    await other.signUp('victim@example.com');
    const { db } = t.services.database;
    // With the sessions gone from the database only the cache can let a request through.
    await db.deleteFrom('session').execute();
    const cookies = (a: typeof agent) =>
      new Map(
        a
          .cookieHeader()
          .split('; ')
          .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]),
      );
    const mine = cookies(agent);
    const theirs = cookies(other);
    const dataName = [...mine.keys()].find((k) => k.endsWith('session_data')) ?? '';
    const tokenName = [...mine.keys()].find((k) => k.endsWith('session_token')) ?? '';
    const as = (data: string, token: string) =>
      agent.request(
        'PUT',
        '/api/account/locale',
        { locale: 'it' },
        { cookie: `${dataName}=${data}; ${tokenName}=${token}` },
      );
    expect((await as(mine.get(dataName) ?? '', mine.get(tokenName) ?? '')).status).toBe(200);
    // Someone else's cache with my session cookie, or a cache whose content was changed: refused.
    expect((await as(theirs.get(dataName) ?? '', mine.get(tokenName) ?? '')).status).toBe(401);
    const payload = JSON.parse(Buffer.from(mine.get(dataName) ?? '', 'base64url').toString());
    payload.session.user.role = 'admin';
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64url');
    expect((await as(forged, mine.get(tokenName) ?? '')).status).toBe(401);
  });

  it('confirms a session whose cache cookie ran out with one look-up a minute, not better-auth', async () => {
    const agent = t.agent();
    await agent.signUp('confirm@example.com');
    const getSession = vi.spyOn(t.services.auth.api, 'getSession');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start + minute + 1000 });
    expect((await agent.get('/api/leagues/hub')).status).toBe(200);
    // Without the cache cookie at all, the signed session cookie is enough.
    const cookies = cookiesOf(agent.cookieHeader());
    const tokenName = [...cookies.keys()].find((k) => k.endsWith('session_token')) ?? '';
    const onlyToken = `${tokenName}=${cookies.get(tokenName)}`;
    const read = (cookie: string) =>
      agent.request('GET', '/api/leagues/hub', undefined, { cookie });
    expect((await read(onlyToken)).status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();
    // Signed out elsewhere: the session counts until a minute after it was confirmed, no longer.
    await t.services.database.db.deleteFrom('session').execute();
    vi.setSystemTime(start + 2 * minute);
    expect((await agent.get('/api/leagues/hub')).status).toBe(200);
    vi.setSystemTime(start + 2 * minute + 2000);
    expect((await agent.get('/api/leagues/hub')).status).toBe(401);
    expect(getSession).toHaveBeenCalled();
  });

  it('confirms only a session cookie signed with the secret', async () => {
    const agent = t.agent();
    await agent.signUp('signed@example.com');
    const cookies = cookiesOf(agent.cookieHeader());
    const tokenName = [...cookies.keys()].find((k) => k.endsWith('session_token')) ?? '';
    const signed = decodeURIComponent(cookies.get(tokenName) ?? '');
    const token = signed.slice(0, signed.lastIndexOf('.'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minute + 1000 });
    const put = (value: string) =>
      agent.request('GET', '/api/leagues/hub', undefined, {
        cookie: `${tokenName}=${encodeURIComponent(value)}`,
      });
    const otherSignature = `${token}.${Buffer.alloc(32, 7).toString('base64')}`;
    expect((await put(otherSignature)).status).toBe(401);
    expect((await put(token)).status).toBe(401);
    expect((await put(signed)).status).toBe(200);
  });

  it('leaves a session due to be extended to better-auth, which extends it', async () => {
    const agent = t.agent();
    await agent.signUp('extend@example.com');
    const { db } = t.services.database;
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'extend@example.com')
      .executeTakeFirstOrThrow();
    // Two days left of the week a session lasts: due to be extended (after a day).
    const due = new Date(Date.now() + 2 * 86_400_000);
    await db
      .updateTable('session')
      .set({ expiresAt: due.toISOString() })
      .where('userId', '=', user.id)
      .execute();
    const getSession = vi.spyOn(t.services.auth.api, 'getSession');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minute + 1000 });
    expect((await agent.get('/api/leagues/hub')).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    const row = await db
      .selectFrom('session')
      .select('expiresAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(due.getTime() + 86_400_000);
  });
});
