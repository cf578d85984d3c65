import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  // Production mode turns better-auth's rate limits on; TRUST_PROXY lets the test pose as clients.
  t = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

const attempt = (ip: string, extra: Record<string, string> = {}) =>
  t
    .agent()
    .request(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'nobody@example.com', password: 'wrong-password' },
      { 'x-forwarded-for': ip, ...extra },
    );

describe('sign-in rate limit', () => {
  it('counts per client address, and a client cannot pick its own address', async () => {
    const statuses: number[] = [];
    // The forged header is replaced by the address the app determined.
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await attempt('10.1.0.1', { 'x-firstgoal-client-address': `10.9.9.${i}` })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await attempt('10.1.0.2')).status).toBe(401); // another client is not affected
  });
});
