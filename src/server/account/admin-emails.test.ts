import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/setup/smtp';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';
import { closeServices, createServices } from '../bootstrap';

// Issue 51, item 7: an address listed in ADMIN_EMAILS makes its account a site admin only once its
// owner proved it — by opening the confirmation link mailed to it (sent on sign-up even with
// REQUIRE_EMAIL_VERIFICATION off), at every start only when verified, or through the CLI on the
// server. Whoever signs up first under a listed address need not own it.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const at = new Date('2030-03-01T12:00:00Z');
const listed = ['chief@example.com', 'deputy@example.com', 'squatted@example.com'];

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const t = appPerFile(() => ({
  now: () => at,
  env: {
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    ADMIN_EMAILS: listed.join(','),
  },
}));

/** A sign-up as a browser sends it (the test harness's `signUp` opens an admin's link itself). */
const signUp = async (email: string) => {
  const agent = t.agent();
  const res = await agent.post('/api/auth/sign-up/email', {
    email,
    password: 'correct-horse-9',
    name: 'Claimant',
  });
  expect(res.status).toBe(200);
  return agent;
};

const roleOf = async (agent: Agent) => (await agent.get('/api/account/me')).body.user?.role;

const linkIn = async (email: string) => {
  const mail = await smtp.waitFor(email);
  const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<>]+/.exec(
    mail.decoded,
  )?.[0];
  if (!link) throw new Error(`no confirmation link to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const auditOf = async (email: string) => {
  const { db } = t.services.database;
  return db
    .selectFrom('audit_log as a')
    .innerJoin('user as u', 'u.id', 'a.entity_id')
    .select(['a.action', 'a.actor_label'])
    .where('u.email', '=', email)
    .orderBy('a.created_at')
    .execute();
};

/** `npm run cli -- …` against the test's database. */
const cli = (...args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const { env } = t.services;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATABASE_URL:
          env.database.dialect === 'postgres' ? env.database.url : `file:${env.database.path}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

describe('ADMIN_EMAILS', () => {
  it('makes a sign-up under a listed address admin only once its mailed link is opened', async () => {
    const claimant = await signUp('Chief@Example.com');
    expect(await roleOf(claimant)).toBe('user');
    // The confirmation mail goes out although nobody else must confirm their address.
    const link = await linkIn('chief@example.com');
    const player = await signUp('player@example.com');
    expect(await roleOf(player)).toBe('user');
    expect(smtp.mails.some((m) => m.to.includes('player@example.com'))).toBe(false);
    // Nothing but the link grants the role: not signing in again, not a restart (below).
    const again = t.agent();
    expect((await again.signIn('chief@example.com')).status).toBe(200);
    expect(await roleOf(again)).toBe('user');

    expect((await claimant.get(link)).status).toBe(302);
    expect(await roleOf(claimant)).toBe('admin');
    expect((await claimant.get('/api/admin/audit')).status).toBe(200);
    expect(await auditOf('chief@example.com')).toEqual([
      { action: 'role.grant', actor_label: 'ADMIN_EMAILS' },
    ]);
  });

  it('grants at every start only to verified listed addresses; roles held stay', async () => {
    const squatter = await signUp('squatted@example.com');
    const deputy = await signUp('deputy@example.com');
    const { db } = t.services.database;
    // An account made admin before this rule (as the old start did) keeps its role.
    const held = await signUp('held@example.com');
    await db
      .updateTable('user')
      .set({ role: 'admin' })
      .where('email', '=', 'held@example.com')
      .execute();
    expect((await deputy.get(await linkIn('deputy@example.com'))).status).toBe(302);
    // The deputy's role came with the link; take it away to see the start give it back.
    await db
      .updateTable('user')
      .set({ role: 'user' })
      .where('email', '=', 'deputy@example.com')
      .execute();

    const restarted = await createServices(
      { ...t.services.env, ADMIN_EMAILS: [...listed, 'held@example.com'] },
      { logger: t.services.logger, now: () => at, prepared: true },
    );
    await closeServices(restarted);
    expect(await roleOf(squatter)).toBe('user');
    expect(await roleOf(deputy)).toBe('admin');
    expect(await roleOf(held)).toBe('admin');
  });

  it('is granted without a mail by the CLI on the server', async () => {
    const owner = await signUp('operator@example.com');
    const granted = await cli('admin', 'grant', 'Operator@Example.com');
    expect(granted.stderr).toBe('');
    expect([granted.code, granted.stdout]).toEqual([0, 'Operator@Example.com is now an admin.\n']);
    expect(await roleOf(owner)).toBe('admin');
    expect(await auditOf('operator@example.com')).toEqual([
      { action: 'role.grant', actor_label: 'cli' },
    ]);
    const unknown = await cli('admin', 'grant', 'nobody@example.com');
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      'No account with the e-mail nobody@example.com.\n',
    ]);
  }, 60_000);
});
