import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile, createTestApp } from '../../../tests/setup/test-app';

const message = {
  name: 'Ann',
  email: 'ann@example.com',
  subject: 'feature',
  message: 'Please add a cup mode!',
};
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({
  env: {
    SMTP_URL: smtp.url,
    CONTACT_TO: 'team@firstgoal.test',
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: 'boss@example.com',
  },
}));

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('contact', () => {
  it('stores the message and mails it to CONTACT_TO', async () => {
    const res = await t.agent().request('POST', '/api/contact', message, from('10.0.0.1'));
    expect(res.status).toBe(201);
    const row = await t.services.database.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'feature',
      client_ip: '10.0.0.1',
    });
    const mail = await smtp.waitFor('team@firstgoal.test');
    expect(mail.decoded).toContain('Please add a cup mode!');
  });

  it.each([
    [{ ...message, email: 'not-an-email' }, 'Please enter a valid e-mail address.'],
    [{ ...message, name: ' ' }, 'Please enter your name.'],
    [{ ...message, subject: 'spam' }, 'Please choose a subject.'],
    [{ ...message, message: '' }, 'Please enter a message.'],
  ])('validates %j', async (body, text) => {
    const res = await t.agent().request('POST', '/api/contact', body, from('10.0.0.2'));
    expect([res.status, res.body.error.message]).toEqual([400, text]);
  });

  it('allows 5 messages per hour per client address', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(
        (await t.agent().request('POST', '/api/contact', message, from('10.0.0.3'))).status,
      ).toBe(201);
    const sixth = await t.agent().request('POST', '/api/contact', message, from('10.0.0.3'));
    expect([sixth.status, sixth.body.error.code]).toEqual([429, 'CONTACT_RATE_LIMITED']);
    expect(
      (await t.agent().request('POST', '/api/contact', message, from('10.0.0.4'))).status,
    ).toBe(201);
  });

  it('holds the limit when 20 messages arrive at once (count and insert are one step)', async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        async () =>
          (await t.agent().request('POST', '/api/contact', message, from('10.0.0.9'))).status,
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('shows messages to admins only, who can mark them handled', async () => {
    expect((await t.agent().get('/api/admin/contact')).status).toBe(401);
    const admin = t.agent();
    await admin.signUp('boss@example.com');
    const inbox = await admin.get('/api/admin/contact');
    expect(inbox.body.messages.length).toBeGreaterThan(5);
    const id = inbox.body.messages[0].id;
    expect((await admin.put(`/api/admin/contact/${id}/handled`, { handled: true })).body).toEqual({
      handled: true,
    });
    expect(
      (await admin.get('/api/admin/contact')).body.messages.find((m: { id: string }) => m.id === id)
        .handled,
    ).toBe(true);
  });
});

describe('contact with SMTP down', () => {
  it('keeps the mail in the outbox to be retried', async () => {
    const down = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:1', CONTACT_TO: 'team@firstgoal.test' },
    });
    try {
      expect((await down.agent().post('/api/contact', message)).status).toBe(201);
      await down.services.mailer.stop(); // let the first attempt finish
      const row = await down.services.database.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'contact')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 1,
        to_address: 'team@firstgoal.test',
      });
      expect(row.next_attempt_at).not.toBeNull();
    } finally {
      await down.close();
    }
  });
});
