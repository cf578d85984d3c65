import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest } from '../../../tests/setup/leagues';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile } from '../../../tests/setup/test-app';

// Changing the e-mail address (issue 14): it changes when the link mailed to the new address
// is opened, not before.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({ env: { SMTP_URL: smtp.url } }));

describe('changing the e-mail address', () => {
  it('takes effect once the link mailed to the new address is opened', async () => {
    const agent = t.agent();
    await agent.signUp('old-address@example.com', 'correct-horse-9', 'Mover');
    const asked = await agent.post('/api/auth/change-email', {
      newEmail: 'new-address@example.com',
      callbackURL: '/account',
    });
    expect(asked.status).toBe(200);
    // Nothing changed yet.
    expect((await agent.get('/api/account/me')).body.user.email).toBe('old-address@example.com');

    const mail = await smtp.waitFor('new-address@example.com');
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<>]+/.exec(
      mail.decoded,
    )?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link ?? '');
    const visit = await agent.get(`${url.pathname}${url.search}`);
    expect([200, 302]).toContain(visit.status);

    expect((await agent.get('/api/account/me')).body.user.email).toBe('new-address@example.com');
    expect((await t.agent().signIn('new-address@example.com')).status).toBe(200);
    expect((await t.agent().signIn('old-address@example.com')).status).toBe(401);
  });

  it('is refused to guests (they sign up to add an address)', async () => {
    const visitor = await guest(t);
    const res = await visitor.post('/api/auth/change-email', { newEmail: 'guest@example.com' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ACCOUNT_REQUIRED');
  });
});
