import { getMigrations } from 'better-auth/db/migration';
import { describe, expect, it } from 'vitest';
import { bulkLoad } from '../../../tests/setup/bulk';
import { appPerFile, createTestApp } from '../../../tests/setup/test-app';
import { setRole } from './roles';

const t = appPerFile({ env: { ADMIN_EMAILS: 'boss@example.com' } });

const insertTeamFor = async (userId: string, teamName: string) => {
  const { db } = t.services.database;
  const now = new Date().toISOString();
  const leagueId = crypto.randomUUID();
  const inviteCode = Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X');
  await bulkLoad(
    db,
    {
      leagues: [{ id: leagueId, name: `League of ${teamName}`, inviteCode, adminUserId: userId }],
      teams: [{ id: crypto.randomUUID(), leagueId, userId, name: teamName }],
    },
    now,
  );
  return leagueId;
};

describe('accounts', () => {
  it('signs up, reads the session, signs out and signs in again', async () => {
    const agent = t.agent();
    const signUp = await agent.signUp('ann@example.com', 'pass-word-1', 'Ann');
    const cookie = signUp.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);

    const me = await agent.get('/api/account/me');
    expect(me.body.user).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      role: 'user',
      isAnonymous: false,
    });

    expect((await agent.post('/api/auth/sign-out')).status).toBe(200);
    expect((await agent.get('/api/account/me')).body.user).toBeNull();

    expect((await agent.signIn('ann@example.com', 'pass-word-1')).status).toBe(200);
    expect((await agent.get('/api/account/me')).body.user.email).toBe('ann@example.com');
  });

  it('refuses a wrong password and a second account on the same e-mail', async () => {
    await t.agent().signUp('bob@example.com', 'pass-word-1');
    const wrong = await t.agent().signIn('bob@example.com', 'not-the-password');
    // Issue 26, item 8: better-auth's errors come in the app's envelope, with docs/design.md's statuses.
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: {
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: expect.any(String),
        requestId: wrong.headers.get('x-request-id'),
      },
    });
    const again = await t.agent().post('/api/auth/sign-up/email', {
      email: 'bob@example.com',
      password: 'pass-word-2',
      name: 'Bob 2',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: {
        code: expect.stringMatching(/^USER_ALREADY_EXISTS/),
        message: expect.any(String),
        requestId: again.headers.get('x-request-id'),
      },
    });
  });

  it('answers unknown auth paths and refused auth requests with the envelope', async () => {
    for (const method of ['GET', 'POST']) {
      const res = await t
        .agent()
        .request(method, '/api/auth/nope', method === 'POST' ? {} : undefined);
      expect(res.status, method).toBe(404);
      expect(res.body, method).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: expect.any(String),
          requestId: res.headers.get('x-request-id'),
        },
      });
    }
    // Not signed in: better-auth's 401 keeps its code; its cookies and headers pass through.
    const session = await t.agent().post('/api/auth/update-user', { name: 'Nobody' });
    expect(session.status).toBe(401);
    expect(session.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    // A body that is not JSON: better-auth's own validation answer, in the envelope.
    const broken = await t.agent().request('POST', '/api/auth/sign-up/email', '{not json', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
    // Successes are untouched.
    const ok = await t.agent().post('/api/auth/sign-up/email', {
      email: 'envelope-ok@example.com',
      password: 'pass-word-1',
      name: 'Fine',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('envelope-ok@example.com');
  });

  it('refuses cookie-carrying posts from a foreign origin', async () => {
    const agent = t.agent();
    await agent.signUp('origin@example.com');
    const res = await agent.request(
      'POST',
      '/api/auth/sign-out',
      {},
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it('cannot set its own role through sign-up', async () => {
    const agent = t.agent();
    await agent.post('/api/auth/sign-up/email', {
      email: 'sneaky@example.com',
      password: 'pass-word-1',
      name: 'Sneaky',
      role: 'admin',
    });
    expect((await agent.get('/api/account/me')).body.user?.role ?? 'user').toBe('user');
  });
});

describe('admin role', () => {
  it('comes from ADMIN_EMAILS once the address is confirmed', async () => {
    const agent = t.agent();
    // The harness's sign-up opens the link mailed to a listed address (admin-emails.test.ts).
    await agent.signUp('Boss@Example.com');
    expect((await agent.get('/api/account/me')).body.user.role).toBe('admin');
  });

  it('is granted and revoked (as the CLI does), each change audited', async () => {
    const agent = t.agent();
    await agent.signUp('ref@example.com');
    const { db } = t.services.database;
    const at = new Date();
    expect(
      await setRole(db, {
        email: 'REF@example.com',
        role: 'admin',
        actorUserId: null,
        actorLabel: 'cli',
        at,
      }),
    ).toBe(true);
    expect((await agent.get('/api/account/me')).body.user.role).toBe('admin');
    expect(
      await setRole(db, {
        email: 'ref@example.com',
        role: 'user',
        actorUserId: null,
        actorLabel: 'cli',
        at,
      }),
    ).toBe(true);
    expect((await agent.get('/api/account/me')).body.user.role).toBe('user');
    expect(
      await setRole(db, {
        email: 'ghost@example.com',
        role: 'admin',
        actorUserId: null,
        actorLabel: 'cli',
        at,
      }),
    ).toBe(false);

    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'ref@example.com')
      .executeTakeFirstOrThrow();
    const audit = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_label, a.before_json, a.after_json])).toEqual([
      ['role.grant', 'cli', '{"role":"user"}', '{"role":"admin"}'],
      ['role.revoke', 'cli', '{"role":"admin"}', '{"role":"user"}'],
    ]);
  });
});

describe('guests (anonymous sessions)', () => {
  it('keep their teams when they add an e-mail and password', async () => {
    const guest = t.agent();
    const anon = await guest.post('/api/auth/sign-in/anonymous');
    expect(anon.status).toBe(200);
    const me = (await guest.get('/api/account/me')).body.user;
    expect(me.isAnonymous).toBe(true);
    const leagueId = await insertTeamFor(me.id, 'Guest Eleven');

    expect((await guest.signUp('upgraded@example.com', 'pass-word-1', 'Upgraded')).status).toBe(
      200,
    );
    const after = (await guest.get('/api/account/me')).body.user;
    expect(after).toMatchObject({ email: 'upgraded@example.com', isAnonymous: false });
    const { db } = t.services.database;
    const teams = await db
      .selectFrom('teams')
      .select(['name', 'user_id'])
      .where('league_id', '=', leagueId)
      .execute();
    expect(teams).toEqual([{ name: 'Guest Eleven', user_id: after.id }]);
    const league = await db
      .selectFrom('leagues')
      .select('admin_user_id')
      .where('id', '=', leagueId)
      .executeTakeFirstOrThrow();
    expect(league.admin_user_id).toBe(after.id);
    const gone = await db
      .selectFrom('user')
      .select('id')
      .where('id', '=', me.id)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });
});

describe('schema', () => {
  it('holds every table and column better-auth expects (our frozen migration matches its own)', async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(t.services.auth.options);
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ env: { BASE_URL: 'https://fg.example.com' } });
    try {
      const res = await secure.agent().signUp('secure@example.com');
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
