import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague } from '../../../tests/setup/leagues';
import { browserKeys } from '../../../tests/setup/push-service';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { runPushReminders } from './service';

// Issue 51, finding 5: in production a push endpoint is https on port 443 of a public host name —
// no trailing dot, no address in any spelling, no localhost in any spelling — at subscribe and
// again at send time, where a stored endpoint that fails is never posted to and is forgotten.
// Production mode (tests otherwise take the local push service's http endpoint, see push.test.ts);
// TRUST_PROXY lets sign-ups come from addresses of their own.

const start = new Date('2031-05-01T09:00:00Z');
const t = appPerFile({ now: () => start, env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } });

/** A local port that counts the connections made to it (none may be). */
let trap: { port: number; connections: number; close: () => Promise<void> };
beforeAll(async () => {
  let connections = 0;
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  trap = {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
});
afterAll(() => trap.close());

let accounts = 0;
const player = async (name: string) => {
  accounts += 1;
  const agent = t.agent();
  const res = await agent.request(
    'POST',
    '/api/auth/sign-up/email',
    { email: `endpoints-${accounts}@example.com`, password: 'correct-horse-9', name },
    { 'x-forwarded-for': `10.51.0.${accounts}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return agent;
};
const subscribe = (agent: Agent, endpoint: string) =>
  agent.post('/api/push/subscriptions', { endpoint, keys: browserKeys().keys });

describe('push endpoints in production', () => {
  it('are refused at subscribe unless https on port 443 of a public host name', async () => {
    const someone = await player('Sam');
    const refused = [
      // Trailing dots, which name the same host.
      'https://localhost./send/a',
      'https://LOCALHOST./send/a',
      'https://fcm.googleapis.com./fcm/send/a',
      'https://fcm.googleapis.com.:443/fcm/send/a',
      // Localhost in any spelling: case, its subdomains, escapes, compatibility forms.
      'https://LocalHost/send/a',
      'https://push.localhost/send/a',
      'https://push.LOCALHOST./send/a',
      'https://localhost%2E/send/a',
      'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/send/a',
      'https://localhost.localdomain/send/a',
      // Names that are local by definition.
      'https://printer.local/send/a',
      'https://push.internal/send/a',
      'https://push.test/send/a',
      'https://router.home.arpa/send/a',
      // Addresses, however written.
      'https://127.0.0.1/send/a',
      'https://2130706433/send/a',
      'https://0x7f000001/send/a',
      'https://0177.0.0.1/send/a',
      'https://127.1/send/a',
      'https://8.8.8.8/send/a',
      'https://[::1]/send/a',
      'https://[::ffff:127.0.0.1]/send/a',
      'https://[fe80::1]/send/a',
      // Another port than 443, or not https, or not a host name.
      'https://fcm.googleapis.com:22/fcm/send/a',
      'https://fcm.googleapis.com:8443/fcm/send/a',
      'https://fcm.googleapis.com:0443x/fcm/send/a',
      'http://fcm.googleapis.com/fcm/send/a',
      'http://127.0.0.1:80/send/a',
      'https://user:secret@fcm.googleapis.com/fcm/send/a',
      'https://push/send/a',
      'https://push..example.com/send/a',
      'https://-push.example.com/send/a',
      'https://push_service.example.com/send/a',
    ];
    const answers: Record<string, string> = {};
    for (const endpoint of refused) {
      const res = await subscribe(someone, endpoint);
      answers[endpoint] =
        `${res.status} ${res.body.error?.code} ${typeof res.body.error?.requestId}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(refused.map((e) => [e, '400 PUSH_SUBSCRIPTION_INVALID string'])),
    );
    expect((await someone.get('/api/push')).body.devices).toBe(0);

    // The browsers' push services, on 443 implied or explicit.
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/abc123',
      'https://fcm.googleapis.com:443/fcm/send/def456',
      'https://updates.push.services.mozilla.com/wpush/v2/ghi789',
      'https://web.push.apple.com/QGuKd8Tq',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://FCM.GoogleAPIs.com/fcm/send/jkl012',
    ];
    const statuses = [];
    for (const endpoint of accepted) statuses.push((await subscribe(someone, endpoint)).status);
    expect(statuses).toEqual(accepted.map(() => 201));
    expect((await someone.get('/api/push')).body.devices).toBe(accepted.length);
    expect(trap.connections).toBe(0);
  });

  it('are checked again at send time: a stored one that fails is never posted to, and is forgotten', async () => {
    await insertFixtures(t, [
      { id: 'pe_1', kickoffAt: hoursFrom(start, 20), round: 'Matchday 33' },
    ]);
    const lazy = await player('Lazy');
    await createLeague(lazy, 'Endpoint League', 'Lazy Larks');
    const { user } = (await lazy.get('/api/auth/get-session')).body as { user: { id: string } };
    // Stored before the check was tightened (or behind its back): each would reach this machine.
    const stored = [
      `https://localhost.:${trap.port}/trailing-dot`,
      `https://LOCALHOST:${trap.port}/capitals`,
      `https://2130706433:${trap.port}/decimal`,
      `https://0x7f.0.0.1:${trap.port}/hex`,
      `https://127.0.0.1:${trap.port}/dotted`,
      'https://push.localhost./subdomain',
    ];
    const { db } = t.services.database;
    await db
      .insertInto('push_subscriptions')
      .values(
        stored.map((endpoint) => ({
          endpoint,
          user_id: user.id,
          ...browserKeys().keys,
          created_at: start.toISOString(),
        })),
      )
      .execute();

    expect(await runPushReminders(t.services, start)).toEqual({
      sent: 0,
      gone: stored.length,
      failed: 0,
    });
    expect(trap.connections).toBe(0);
    const left = await db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
    expect((await lazy.get('/api/push')).body.devices).toBe(0);
  });
});
