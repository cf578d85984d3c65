import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { sessionCacheSeconds } from '../auth';

// The session is read from a signed cookie for up to a minute (no database round trip on the
// save path); signing out elsewhere or a deleted account takes effect within that minute.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
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
});
