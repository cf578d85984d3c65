import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile } from '../../../tests/setup/test-app';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'true' } }));

describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('mails a confirmation link and refuses sign-in until it is followed', async () => {
    const agent = t.agent();
    const signUp = await agent.post('/api/auth/sign-up/email', {
      email: 'confirm@example.com',
      password: 'pass-word-1',
      name: 'Confirm',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.body.token).toBeNull(); // no session until confirmed
    expect((await t.agent().get('/api/account/me')).body.auth.emailVerificationRequired).toBe(true);

    const refused = await t.agent().signIn('confirm@example.com', 'pass-word-1');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await smtp.waitFor('confirm@example.com');
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<>]+/.exec(
      mail.decoded,
    )?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link ?? '');
    const visit = await t.agent().get(`${url.pathname}${url.search}`);
    expect([200, 302]).toContain(visit.status);

    expect((await t.agent().signIn('confirm@example.com', 'pass-word-1')).status).toBe(200);
  });
});
