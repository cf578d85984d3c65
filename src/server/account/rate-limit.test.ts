import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../tests/setup/test-app';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { openDatabase } from '../db/database';

// Production mode turns better-auth's rate limits on; TRUST_PROXY lets the test pose as clients.
const t = appPerFile({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });

// A new account each time: this is the per-address limit (throttles.test.ts: per account).
let attempts = 0;
const attempt = (ip: string, extra: Record<string, string> = {}) =>
  t
    .agent()
    .request(
      'POST',
      '/api/auth/sign-in/email',
      { email: `nobody${++attempts}@example.com`, password: 'wrong-password' },
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

describe.runIf(postgresTestUrl())('rate limits across instances (PostgreSQL)', () => {
  it('are counted once for every instance on the database', async () => {
    // A second instance: its own pool, auth and app, the same database.
    const database = openDatabase(t.services.env.database);
    const services = {
      ...t.services,
      database,
      auth: createAuth({ ...t.services, database }),
    };
    const other = createApp(services, { serveWeb: false });
    try {
      const attemptOn = (app: typeof other) =>
        app.request('http://localhost:3000/api/auth/sign-in/email', {
          method: 'POST',
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            'x-forwarded-for': '10.2.0.1',
          },
          body: JSON.stringify({
            email: `nobody${++attempts}@example.com`,
            password: 'wrong-password',
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i += 1)
        statuses.push(
          i % 2 === 0 ? (await attempt('10.2.0.1')).status : (await attemptOn(other)).status,
        );
      expect(statuses.every((s) => s === 401)).toBe(true);
      // Ten attempts spread over two instances use up the one limit of ten.
      expect((await attemptOn(other)).status).toBe(429);
      expect((await attempt('10.2.0.1')).status).toBe(429);
    } finally {
      await database.close();
    }
  });
});
