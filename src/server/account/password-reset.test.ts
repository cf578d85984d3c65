import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile } from '../../../tests/setup/test-app';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({ env: { SMTP_URL: smtp.url } }));

const linkIn = (text: string): URL => {
  const match = /http:\/\/localhost:3000\/api\/auth\/reset-password\/[^\s"<>]+/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${text}`);
  return new URL(match[0]);
};

describe('password reset over a real SMTP server', () => {
  it('mails a link that resets the password; the old one stops working', async () => {
    const owner = t.agent();
    await owner.signUp('reset@example.com', 'old-password-1', 'Resetter');
    await owner.put('/api/account/locale', { locale: 'fr' });

    const visitor = t.agent();
    const asked = await visitor.post('/api/auth/request-password-reset', {
      email: 'reset@example.com',
      redirectTo: '/reset-password',
    });
    expect(asked.status).toBe(200);

    const mail = await smtp.waitFor('reset@example.com');
    expect(mail.decoded).toContain('Subject:');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    // The account chose French, so the mail is in French.
    expect(mail.decoded).toMatch(/Bonjour|mot de passe/i);

    const link = linkIn(mail.decoded);
    const landing = await visitor.get(`${link.pathname}${link.search}`);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location') ?? '', 'http://localhost:3000');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await visitor.post('/api/auth/reset-password', {
      newPassword: 'new-password-2',
      token,
    });
    expect(reset.status).toBe(200);

    expect((await t.agent().signIn('reset@example.com', 'old-password-1')).status).toBe(401);
    expect((await t.agent().signIn('reset@example.com', 'new-password-2')).status).toBe(200);
    // The token is single use.
    const again = await visitor.post('/api/auth/reset-password', {
      newPassword: 'x-password-3',
      token,
    });
    expect(again.status).toBe(400);
  });

  it('answers the same whether or not the address exists', async () => {
    const unknown = await t.agent().post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    await t.agent().signUp('known@example.com');
    const known = await t.agent().post('/api/auth/request-password-reset', {
      email: 'known@example.com',
      redirectTo: '/reset-password',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await smtp.waitFor('known@example.com');
    expect(smtp.mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });
});
