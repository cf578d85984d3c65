import { afterEach, describe, expect, it, vi } from 'vitest';
import { appPerFile } from '../../../tests/setup/test-app';
import { sessionCacheSeconds } from '../auth';

// The session is read from a signed cookie for up to a minute (no database round trip on the
// save path); signing out elsewhere or a deleted account takes effect within that minute.
const t = appPerFile();
afterEach(() => {
  vi.useRealTimers();
});

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
});
