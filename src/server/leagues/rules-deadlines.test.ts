import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { browserKeys, decryptPush, startPushService } from '../../../tests/setup/push-service';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { runPushReminders } from '../push/service';
import { runReminders } from '../reminders/service';

// A league that closes picks 90 minutes before kick-off moves its players' deadlines everywhere:
// the reminder mail, the push and the calendar feed come that much earlier.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let pushService: Awaited<ReturnType<typeof startPushService>>;
const clock = new Date('2031-03-01T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpServer();
  pushService = await startPushService();
});
afterAll(async () => {
  await smtp.close();
  await pushService.close();
});
const t = appPerFile(() => ({ now: () => clock, env: { SMTP_URL: smtp.url } }));

let early: Agent;
let onTime: Agent;
const earlyEmail = 'early-bird@example.com';

beforeAll(async () => {
  // The round's first kick-off is 25 hours away: 23.5 hours before a 90-minute deadline.
  await insertFixtures(t, [
    {
      id: 'dl_1',
      kickoffAt: hoursFrom(clock, 25),
      round: 'Matchday 30',
      season: '2030-31',
      home: 'Arsenal FC',
      away: 'Chelsea FC',
    },
  ]);
  early = t.agent();
  await early.signUp(earlyEmail, 'correct-horse-9', 'Early Bird');
  const { league } = await createLeague(early, 'Early League', 'Early Eagles');
  expect(
    (await early.patch(`/api/leagues/${league.id}`, { rules: { lockMinutesBefore: 90 } })).status,
  ).toBe(200);
  onTime = await player(t, 'On Time');
  await createLeague(onTime, 'On Time League', 'Punctual Pumas');
  for (const agent of [early, onTime])
    expect((await agent.put('/api/reminders', { enabled: true })).status).toBe(200);
});

describe('a league’s deadline before kick-off', () => {
  it('brings the reminder mail forward, naming the time picks close', async () => {
    // Only the early league's player is within 24 hours of a deadline.
    expect(await runReminders(t.services, clock)).toEqual({ sent: 1 });
    const mail = await smtp.waitFor(earlyEmail);
    expect(mail.decoded).toContain('Arsenal FC v Chelsea FC');
    expect(mail.decoded).toMatch(/Early Eagles, Early League: predictions close Sun 2 Mar, 08:30/);
    expect(smtp.mails).toHaveLength(1);
  });

  it('brings the push forward and names the deadline', async () => {
    const browser = browserKeys();
    const endpoint = `${pushService.url}/early`;
    expect(
      (await early.post('/api/push/subscriptions', { endpoint, keys: browser.keys })).status,
    ).toBe(201);
    const other = browserKeys();
    await onTime.post('/api/push/subscriptions', {
      endpoint: `${pushService.url}/on-time`,
      keys: other.keys,
    });
    const result = await runPushReminders(t.services, clock);
    expect(result).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [received] = pushService.received.filter((r) => r.path === '/early');
    expect(received).toBeDefined();
    const message = decryptPush(received?.body ?? Buffer.alloc(0), browser);
    expect(message.body).toBe('Predictions close {time}: 1 pick missing for Early Eagles.');
    expect(message.kickoffAt).toBe(hoursFrom(clock, 23.5).toISOString());
  });

  it('moves the deadline the home hub counts down to', async () => {
    const hubOf = async (agent: Agent) =>
      (await agent.get('/api/leagues/hub')).body.teams[0].nextRound.deadline as string;
    expect(await hubOf(early)).toBe(hoursFrom(clock, 23.5).toISOString());
    expect(await hubOf(onTime)).toBe(hoursFrom(clock, 25).toISOString());
  });

  it('moves the calendar’s deadline and its alarm', async () => {
    const { url } = (await early.post('/api/calendar')).body as { url: string };
    const feed = await t.agent().get(new URL(url).pathname);
    expect(feed.status).toBe(200);
    const text = String(feed.body).replace(/\r\n /g, '');
    expect(text).toContain('Predictions close 90 minutes before kick-off in Early League.');
    expect(text).toContain('TRIGGER:-PT150M');
    expect(text).toContain('predictions for Arsenal FC – Chelsea FC close in 1 hour');
  });
});
