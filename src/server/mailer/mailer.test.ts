import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { createMailer } from './mailer';

const message = {
  kind: 'test',
  to: 'player@example.com',
  subject: 'Hello',
  text: 'Hi',
  html: '<p>Hi</p>',
};
const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});
const app = async (env: Record<string, string> = {}) => {
  const t = await createTestApp({ env });
  opened.push(t);
  return t;
};

describe('mailer', () => {
  it('without SMTP keeps every mail in the outbox and logs it', async () => {
    const t = await app();
    const id = await t.services.mailer.send(message);
    const row = await t.services.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'stored',
      to_address: 'player@example.com',
      subject: 'Hello',
    });
    expect(t.logs().some((l) => l.mailId === id && String(l.msg).includes('outbox'))).toBe(true);
  });

  it('retries with backoff while the SMTP server is down, then delivers', async () => {
    const t = await app();
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close(); // nothing listens on this port now
    let clock = new Date('2026-01-01T10:00:00Z');
    const mailer = createMailer({
      database: t.services.database,
      logger: t.services.logger,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'FirstGoal <no-reply@test>',
      now: () => clock,
      retryBaseMs: 60_000,
    });
    const { db } = t.services.database;
    const id = await mailer.send(message);
    await mailer.stop(); // waits for the first attempt
    let row = await db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    expect(row.next_attempt_at).toBe('2026-01-01T10:01:00.000Z');

    expect(await mailer.processDue()).toBe(0); // not due yet
    clock = new Date('2026-01-01T10:01:00Z');
    expect(await mailer.processDue()).toBe(0); // due, fails again; next wait doubles
    row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at).toBe('2026-01-01T10:03:00.000Z');

    // The server comes back on the same port; the next due run delivers the mail.
    const revived = await startSmtpServerOn(port);
    clock = new Date('2026-01-01T10:03:00Z');
    expect(await mailer.processDue()).toBe(1);
    row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(revived.mails).toHaveLength(1);
    await mailer.stop();
    await revived.close();
  });

  it('gives up after the last attempt and shows it to admins, who can retry', async () => {
    const t = await app({ ADMIN_EMAILS: 'admin@example.com' });
    const clock = new Date('2026-01-01T10:00:00Z');
    const mailer = createMailer({
      database: t.services.database,
      logger: t.services.logger,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@test',
      now: () => clock,
      retryBaseMs: 0,
      maxAttempts: 2,
    });
    const id = await mailer.send(message);
    await mailer.stop();
    await mailer.processDue();
    const row = await t.services.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');

    const anonymous = await t.agent().get('/api/admin/outbox');
    expect(anonymous.status).toBe(401);
    const player = t.agent();
    await player.signUp('player@example.com');
    const denied = await player.get('/api/admin/outbox');
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({
      code: 'ADMIN_ONLY',
      message: 'Access denied. This page is for administrators only.',
    });
    expect((await player.post(`/api/admin/outbox/${id}/retry`)).status).toBe(403);

    const admin = t.agent();
    await admin.signUp('admin@example.com');
    const list = await admin.get('/api/admin/outbox');
    expect(list.status).toBe(200);
    expect(list.body.mails.find((m: { id: string }) => m.id === id)).toMatchObject({
      status: 'failed',
      attempts: 2,
    });
    expect((await admin.post(`/api/admin/outbox/${id}/retry`)).status).toBe(200);
    expect((await admin.post(`/api/admin/outbox/not-a-uuid/retry`)).status).toBe(400);
  });
});

const startSmtpServerOn = async (port: number) => {
  const { SMTPServer } = await import('smtp-server');
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
