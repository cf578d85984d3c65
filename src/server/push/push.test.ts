import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import {
  browserKeys,
  decryptPush,
  startPushService,
  verifyVapid,
} from '../../../tests/setup/push-service';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { openDatabase } from '../db/database';
import { vapidKeys } from './keys';
import { runPushReminders } from './service';

let pushService: Awaited<ReturnType<typeof startPushService>>;
const start = new Date('2031-03-01T09:00:00Z');
let clock = start;

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());
const t = appPerFile(() => ({ now: () => clock }));
beforeAll(async () => {
  // Matchday 30 starts in 20 hours (two fixtures); Matchday 31 in a week.
  await insertFixtures(t, [
    {
      id: 'pu_1',
      kickoffAt: hoursFrom(start, 20),
      round: 'Matchday 30',
      home: 'Arsenal FC',
      away: 'Chelsea FC',
    },
    {
      id: 'pu_2',
      kickoffAt: hoursFrom(start, 23),
      round: 'Matchday 30',
      home: 'Leeds United FC',
      away: 'Everton FC',
    },
    {
      id: 'pu_3',
      kickoffAt: hoursFrom(start, 168),
      round: 'Matchday 31',
      home: 'Fulham FC',
      away: 'Burnley FC',
    },
  ]);
});

const subscribe = async (agent: Agent, path: string) => {
  const browser = browserKeys();
  const endpoint = `${pushService.url}${path}`;
  const res = await agent.post('/api/push/subscriptions', { endpoint, keys: browser.keys });
  expect(res.status).toBe(201);
  return { ...browser, endpoint };
};

const pushesTo = (path: string) => pushService.received.filter((r) => r.path === path);

describe('push reminders', () => {
  it('reach each device of a player with missing picks, encrypted and VAPID-signed, 24 hours and 1 hour before, once each', async () => {
    const lazy = await player(t, 'Lazy');
    await lazy.put('/api/account/locale', { locale: 'de' });
    const { league, teams } = await createLeague(lazy, 'Push League', 'Lazy Lions', {
      secondTeamName: 'Lazy Tigers',
    });
    await lazy.put('/api/predictions', {
      teamId: teams[0]?.id,
      predictions: [{ fixtureId: 'pu_1', outcome: '1' }],
    });
    const phone = await subscribe(lazy, '/send/lazy-phone');
    const laptop = await subscribe(lazy, '/send/lazy-laptop');
    const { publicKey, devices } = (await lazy.get('/api/push')).body;
    expect(devices).toBe(2);

    // Keen predicted everything; Quiet has a team but no subscription.
    const keen = await player(t, 'Keen');
    const joined = await keen.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'Keen Kites',
    });
    await keen.put('/api/predictions', {
      teamId: joined.body.team.id,
      predictions: [
        { fixtureId: 'pu_1', outcome: 'X' },
        { fixtureId: 'pu_2', outcome: '2' },
      ],
    });
    await subscribe(keen, '/send/keen');
    const quiet = await player(t, 'Quiet');
    await quiet.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'Quiet Quails',
    });

    expect(await runPushReminders(t.services, clock)).toEqual({ sent: 2, gone: 0, failed: 0 });
    expect(pushesTo('/send/keen')).toHaveLength(0);
    const [toPhone] = pushesTo('/send/lazy-phone');
    expect(pushesTo('/send/lazy-laptop')).toHaveLength(1);
    if (!toPhone) throw new Error('no push to the phone');

    // As the push service sees it: signed by the key the browser subscribed with, for its origin.
    const claims = verifyVapid(String(toPhone.headers.authorization), publicKey);
    expect(claims.aud).toBe(pushService.url);
    expect(claims.sub).toMatch(/^mailto:|^https:/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(toPhone.headers['content-encoding']).toBe('aes128gcm');
    // No use after the first kick-off (20 hours away).
    expect(Number(toPhone.headers.ttl)).toBe(20 * 3600);

    // As the browser sees it: the message in the player's language.
    const message = decryptPush(toPhone.body, phone);
    expect(message).toEqual({
      title: 'Premier League · Matchday 30',
      body: 'Erster Anstoß {time}: 3 Tipps fehlen für Lazy Lions und Lazy Tigers.',
      url: '/premier-league',
      tag: expect.stringMatching(/^round-/),
      lang: 'de-DE',
      kickoffAt: hoursFrom(start, 20).toISOString(),
    });
    expect(decryptPush(pushesTo('/send/lazy-laptop')[0]?.body ?? Buffer.alloc(0), laptop)).toEqual(
      message,
    );

    // Again: nothing. From another instance on the same database: nothing, same keys.
    expect(await runPushReminders(t.services, clock)).toEqual({ sent: 0, gone: 0, failed: 0 });
    const other = { ...t.services, database: openDatabase(t.services.env.database) };
    expect((await vapidKeys(other)).publicKey).toBe(publicKey);
    expect(await runPushReminders(other, clock)).toEqual({ sent: 0, gone: 0, failed: 0 });
    await other.database.close();

    // 40 minutes before kick-off, after another pick: the hour's push, with what is still missing.
    await lazy.put('/api/predictions', {
      teamId: teams[1]?.id,
      predictions: [{ fixtureId: 'pu_1', outcome: '2' }],
    });
    clock = new Date(hoursFrom(start, 20).getTime() - 40 * 60_000);
    expect(await runPushReminders(t.services, clock)).toEqual({ sent: 2, gone: 0, failed: 0 });
    const hour = decryptPush(pushesTo('/send/lazy-phone')[1]?.body ?? Buffer.alloc(0), phone);
    expect(hour.body).toBe(
      'Anstoß in weniger als einer Stunde ({time}): 2 Tipps fehlen für Lazy Lions und Lazy Tigers.',
    );
    expect(hour.tag).toBe(message.tag); // replaces the day's notification on the device
    expect(await runPushReminders(t.services, clock)).toEqual({ sent: 0, gone: 0, failed: 0 });
    clock = start;
  });

  it('forget a subscription the push service reports gone', async () => {
    const gone = await guest(t); // guests get pushes too: no e-mail needed
    const { league } = await createLeague(await player(t), 'Gone League', 'Owner Team');
    await gone.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Ghosts' });
    await subscribe(gone, '/gone/ghost');
    // The round's 24-hour push was claimed for the others already; a new player still gets it.
    const before = pushService.received.length;
    const result = await runPushReminders(t.services, clock);
    expect(result.gone).toBe(1);
    expect(pushService.received.length).toBeGreaterThan(before);
    expect((await gone.get('/api/push')).body.devices).toBe(0);
  });

  it('refuse what a browser would never send, and leave other players alone', async () => {
    const someone = await player(t);
    const before = (await someone.get('/api/push')).body.devices;
    for (const input of [
      { endpoint: 'not a url', keys: browserKeys().keys },
      { endpoint: 'ftp://push.example.com/x', keys: browserKeys().keys },
      { endpoint: `${pushService.url}/send/x`, keys: { p256dh: 'short', auth: 'short' } },
      { endpoint: `${pushService.url}/send/x`, keys: { ...browserKeys().keys, auth: 'AAAA' } },
    ]) {
      const res = await someone.post('/api/push/subscriptions', input);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PUSH_SUBSCRIPTION_INVALID');
    }
    expect((await someone.post('/api/push/subscriptions', { endpoint: 5 })).status).toBe(400);
    expect((await someone.get('/api/push')).body.devices).toBe(before);

    const mine = await subscribe(someone, '/send/mine');
    const stranger = await player(t);
    const res = await stranger.delete('/api/push/subscriptions', { endpoint: mine.endpoint });
    expect(res.status).toBe(200);
    expect((await someone.get('/api/push')).body.devices).toBe(1);
    expect(
      (await someone.delete('/api/push/subscriptions', { endpoint: mine.endpoint })).body,
    ).toEqual({
      subscribed: false,
      devices: 0,
    });

    for (const call of [
      t.agent().get('/api/push'),
      t
        .agent()
        .post('/api/push/subscriptions', { endpoint: mine.endpoint, keys: browserKeys().keys }),
    ]) {
      expect((await call).status).toBe(401);
    }
  });
});
