import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { browserKeys, decryptPush, startPushService } from '../../../tests/setup/push-service';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';

// Replies and mentions as push (issue 32): off until a player switches them on for a league
// (My Teams); then a reply to their message or a mention of one of their teams reaches their
// devices in their language — never the poster's own, once for a reply that also mentions, and
// nothing once they mute the league or leave it.

let pushService: Awaited<ReturnType<typeof startPushService>>;
let clock = new Date('2031-11-01T12:00:00Z');
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(() => pushService.close());
const t = appPerFile(() => ({ now: () => clock }));

let ann: Agent;
let bob: Agent;
let leagueId = '';
const phones = {} as Record<'ann' | 'bob', ReturnType<typeof browserKeys>>;

const subscribe = async (agent: Agent, path: string) => {
  const browser = browserKeys();
  const res = await agent.post('/api/push/subscriptions', {
    endpoint: `${pushService.url}${path}`,
    keys: browser.keys,
  });
  expect(res.status).toBe(201);
  return browser;
};
const to = (path: string) => pushService.received.filter((r) => r.path === path);
const post = async (agent: Agent, body: object) => {
  clock = new Date(clock.getTime() + 10_000);
  const res = await agent.post(`/api/leagues/${leagueId}/messages`, body);
  expect(res.status).toBe(201);
  return res.body.message.id as string;
};
const settings = async (agent: Agent) =>
  (await agent.get('/api/push/feed-notifications')).body.leagues as {
    leagueId: string;
    enabled: boolean;
  }[];

beforeAll(async () => {
  ann = await player(t, 'Ann');
  bob = await player(t, 'Bob');
  await bob.put('/api/account/locale', { locale: 'fr' });
  const created = await createLeague(ann, 'Pushy League', 'Ann Albion');
  leagueId = created.league.id;
  await bob.post('/api/leagues/join', {
    codeOrName: created.league.inviteCode,
    teamName: 'Bob Borough',
  });
  phones.ann = await subscribe(ann, '/send/ann');
  phones.bob = await subscribe(bob, '/send/bob');
});

describe('replies and mentions', () => {
  it('stay quiet until the player switches them on for the league', async () => {
    expect(await settings(bob)).toEqual([{ leagueId, leagueName: 'Pushy League', enabled: false }]);
    const hello = await post(bob, { text: 'Hello' });
    await post(ann, { text: 'Hi @Bob Borough', replyTo: hello });
    // Give a wrongly sent push the time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect(to('/send/bob')).toEqual([]);
  });

  it('reach the devices of the one answered or mentioned, in their language', async () => {
    const on = await bob.put(`/api/leagues/${leagueId}/feed/settings`, { notify: true });
    expect(on.body).toEqual({ notify: true });
    expect((await settings(bob))[0]?.enabled).toBe(true);
    await ann.put(`/api/leagues/${leagueId}/feed/settings`, { notify: true });

    const bobs = await post(bob, { text: 'Who scores first on Sunday?' });
    await post(ann, { text: 'Not you, @Bob Borough!', replyTo: bobs });
    await vi.waitFor(() => expect(to('/send/bob')).toHaveLength(1));
    // A reply that also mentions tells once, as a reply.
    expect(decryptPush(to('/send/bob')[0]?.body ?? Buffer.alloc(0), phones.bob)).toEqual({
      title: 'Ann Albion vous a répondu dans Pushy League',
      body: 'Not you, @Bob Borough!',
      url: `/league/${leagueId}#feed`,
      tag: expect.stringMatching(/^feed-/),
      lang: 'fr-FR',
    });

    await post(bob, { text: '@Ann Albion wait and see' });
    await vi.waitFor(() => expect(to('/send/ann')).toHaveLength(1));
    expect(decryptPush(to('/send/ann')[0]?.body ?? Buffer.alloc(0), phones.ann)).toMatchObject({
      title: 'Bob Borough mentioned you in Pushy League',
    });
    // The poster hears nothing of their own message.
    expect(to('/send/bob')).toHaveLength(1);
  });

  it('stop when the player mutes the league', async () => {
    await bob.put(`/api/leagues/${leagueId}/feed/settings`, { notify: false });
    const before = to('/send/bob').length;
    await post(ann, { text: '@Bob Borough are you there?' });
    await new Promise((r) => setTimeout(r, 300));
    expect(to('/send/bob')).toHaveLength(before);
  });
});
