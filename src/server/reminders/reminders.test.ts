import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { runReminders } from './service';

const run = promisify(execFile);
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const start = new Date('2031-03-01T09:00:00Z');
const clock = start;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({ now: () => clock, env: { SMTP_URL: smtp.url } }));
beforeAll(async () => {
  // Round "Matchday 30" starts in 20 hours; "Matchday 31" in a week.
  await insertFixtures(t, [
    {
      id: 'rm_1',
      kickoffAt: hoursFrom(start, 20),
      round: 'Matchday 30',
      home: 'Arsenal FC',
      away: 'Chelsea FC',
    },
    {
      id: 'rm_2',
      kickoffAt: hoursFrom(start, 23),
      round: 'Matchday 30',
      home: 'Leeds United FC',
      away: 'Everton FC',
    },
    {
      id: 'rm_3',
      kickoffAt: hoursFrom(start, 168),
      round: 'Matchday 31',
      home: 'Fulham FC',
      away: 'Burnley FC',
    },
  ]);
});

const optIn = async (agent: Agent) =>
  expect((await agent.put('/api/reminders', { enabled: true })).body).toEqual({ enabled: true });

describe('reminders', () => {
  it('mail one player once (in their language) about missing predictions, never the one who predicted all, and never twice', async () => {
    const lazy = await player(t, 'Lazy');
    await lazy.put('/api/account/locale', { locale: 'de' });
    const { league, teams } = await createLeague(lazy, 'Reminder League', 'Lazy Lions', {
      secondTeamName: 'Lazy Tigers',
    });
    await optIn(lazy);
    await lazy.put('/api/predictions', {
      teamId: teams[0]?.id,
      predictions: [{ fixtureId: 'rm_1', outcome: '1' }],
    });

    const keen = await player(t, 'Keen');
    const joined = await keen.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'Keen Kites',
    });
    await optIn(keen);
    await keen.put('/api/predictions', {
      teamId: joined.body.team.id,
      predictions: [
        { fixtureId: 'rm_1', outcome: 'X' },
        { fixtureId: 'rm_2', outcome: '2' },
      ],
    });

    const silent = await player(t, 'Silent'); // never opted in
    await silent.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'Silent Seals',
    });

    expect(await runReminders(t.services, clock)).toEqual({ sent: 1 });
    const lazyEmail = (await lazy.get('/api/account/me')).body.user.email;
    const mail = await smtp.waitFor(lazyEmail);
    expect(mail.decoded).toMatch(/Fehlende Tipps: Premier League, Matchday 30/);
    expect(mail.decoded).toContain('Leeds United FC – Everton FC'); // Lazy Lions lack rm_2
    expect(mail.decoded).toContain('Lazy Tigers'); // the second team lacks both
    expect(mail.decoded).not.toContain('Fulham FC'); // next week's round is not due
    expect(mail.decoded).toContain('http://localhost:3000/premier-league');
    expect(smtp.mails).toHaveLength(1);

    // Again in this process, and in a fresh process on the same database: nothing more.
    expect(await runReminders(t.services, clock)).toEqual({ sent: 0 });
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'tests/setup/run-reminders.ts', clock.toISOString()],
      {
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: t.services.env.DATABASE_URL,
          AUTH_SECRET: t.services.env.authSecret,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(stdout).toContain('SENT 0');
    expect(smtp.mails).toHaveLength(1);

    // The unsubscribe link works signed out.
    const link =
      /http:\/\/localhost:3000(\/api\/reminders\/unsubscribe\?token=[\w-]+)/.exec(
        mail.decoded,
      )?.[1] ?? '';
    const page = await t.agent().get(link);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Erinnerungen ausgeschaltet');
    expect((await lazy.get('/api/reminders')).body).toEqual({ enabled: false });
    expect((await t.agent().get('/api/reminders/unsubscribe?token=forged')).status).toBe(404);
  });

  it('need an account (not a guest, not signed out)', async () => {
    expect((await t.agent().put('/api/reminders', { enabled: true })).status).toBe(401);
    const guest = t.agent();
    await guest.post('/api/auth/sign-in/anonymous');
    expect((await guest.put('/api/reminders', { enabled: true })).status).toBe(403);
  });
});
