import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { browserKeys, decryptPush, startPushService } from '../../../tests/setup/push-service';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { runPushReminders } from './service';

// Issue 26, items 3 and 6: a key that is not a P-256 point is refused at subscribe, and one stored
// before that check fails its own delivery only; an endpoint another player holds is never moved.

let pushService: Awaited<ReturnType<typeof startPushService>>;
const start = new Date('2031-04-01T09:00:00Z');

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());
const t = appPerFile(() => ({ now: () => start }));
beforeAll(async () => {
  // Two rounds start within 24 hours: one of the Premier League, one of the Bundesliga.
  await insertFixtures(t, [
    { id: 'ph_1', kickoffAt: hoursFrom(start, 20), round: 'Matchday 30' },
    {
      id: 'ph_2',
      competitionId: 'bundesliga_2025',
      kickoffAt: hoursFrom(start, 21),
      round: 'Matchday 25',
    },
  ]);
});

const post = (agent: Agent, endpoint: string, keys: { p256dh: string; auth: string }) =>
  agent.post('/api/push/subscriptions', { endpoint, keys });

const subscribe = async (agent: Agent, path: string) => {
  const browser = browserKeys();
  const endpoint = `${pushService.url}${path}`;
  expect((await post(agent, endpoint, browser.keys)).status).toBe(201);
  return { ...browser, endpoint };
};

const devices = async (agent: Agent) => (await agent.get('/api/push')).body.devices as number;
const rowOf = (endpoint: string) =>
  t.services.database.db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirstOrThrow();

/** 65 bytes starting 0x04, as a browser's key is, but on no curve: all sevens. */
const offCurveKey = () => {
  const key = Buffer.alloc(65, 7);
  key[0] = 4;
  return key.toString('base64url');
};

/** A real key with its last byte changed: the point is no longer on P-256. */
const nudgedKey = () => {
  const key = Buffer.from(browserKeys().keys.p256dh, 'base64url');
  key[64] = (key[64] ?? 0) ^ 1;
  return key.toString('base64url');
};

describe('push keys', () => {
  it('refuse a p256dh of the right shape that is not a P-256 point', async () => {
    const someone = await player(t);
    for (const p256dh of [offCurveKey(), nudgedKey()]) {
      const res = await post(someone, `${pushService.url}/send/bad-key`, {
        ...browserKeys().keys,
        p256dh,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'PUSH_SUBSCRIPTION_INVALID' });
      expect(typeof res.body.error.requestId).toBe('string');
    }
    expect(await devices(someone)).toBe(0);
  });

  it('a bad key stored earlier fails alone: the others of its round and of another round get theirs', async () => {
    const broken = await player(t, 'Broken');
    const { league } = await createLeague(broken, 'Key League', 'Broken Boots');
    const fine = await player(t, 'Fine');
    await fine.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Fine Feet' });
    const elsewhere = await player(t, 'Elsewhere');
    await createLeague(elsewhere, 'Other Round League', 'Other Owls', {
      competitionId: 'bundesliga_2025',
    });
    // Two devices of one player whose keys were stored before subscriptions were checked.
    for (const path of ['/send/broken-phone', '/send/broken-laptop']) {
      const { endpoint } = await subscribe(broken, path);
      await t.services.database.db
        .updateTable('push_subscriptions')
        .set({ p256dh: path.endsWith('phone') ? offCurveKey() : nudgedKey() })
        .where('endpoint', '=', endpoint)
        .execute();
    }
    const fineDevice = await subscribe(fine, '/send/fine');
    const otherDevice = await subscribe(elsewhere, '/send/elsewhere');

    expect(await runPushReminders(t.services, start)).toEqual({ sent: 2, gone: 0, failed: 2 });
    const received = (path: string) => pushService.received.filter((r) => r.path === path);
    expect(received('/send/broken-phone')).toHaveLength(0);
    expect(received('/send/broken-laptop')).toHaveLength(0);
    const [toFine] = received('/send/fine');
    const [toOther] = received('/send/elsewhere');
    expect(decryptPush(toFine?.body ?? Buffer.alloc(0), fineDevice).title).toBe(
      'Premier League · Matchday 30',
    );
    expect(decryptPush(toOther?.body ?? Buffer.alloc(0), otherDevice).title).toMatch(
      /Matchday 25$/,
    );
    // Logged once for the run, not once per device.
    const failures = t.logs().filter((line) => line.msg === 'reminder pushes failed');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ failed: 2 });
  });
});

describe('push endpoints', () => {
  it("are never moved to another player: 409, and the owner's row stays as it was", async () => {
    const owner = await player(t, 'Owner');
    const mine = await subscribe(owner, '/send/owned');
    const before = await rowOf(mine.endpoint);
    const taker = await player(t, 'Taker');

    const res = await post(taker, mine.endpoint, browserKeys().keys);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'PUSH_ENDPOINT_TAKEN' });
    expect(typeof res.body.error.requestId).toBe('string');
    expect(await devices(owner)).toBe(1);
    expect(await devices(taker)).toBe(0);
    expect(await rowOf(mine.endpoint)).toEqual(before);

    // The owner's browser may renew its keys on the same endpoint.
    const renewed = browserKeys().keys;
    expect((await post(owner, mine.endpoint, renewed)).status).toBe(201);
    expect(await rowOf(mine.endpoint)).toEqual({ ...before, ...renewed });
    expect(await devices(owner)).toBe(1);
  });
});
