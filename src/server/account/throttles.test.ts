import { describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { createLeague } from '../../../tests/setup/leagues';
import { appPerFile, type TestApp } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { openDatabase } from '../db/database';

// Issue 11, items 3 and 10: the doors that can be guessed at are throttled, counted in the
// database. Production mode (tests otherwise run without throttles); TRUST_PROXY lets the test
// pose as clients at different addresses.

let clock = new Date('2026-11-22T12:00:00Z');
const t = appPerFile({
  now: () => clock,
  env: { NODE_ENV: 'production', TRUST_PROXY: 'true' },
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });

// Sign-ups from addresses of their own: better-auth limits sign-ups per address.
let accounts = 0;
const player = async (name: string, email?: string) => {
  accounts += 1;
  const agent = t.agent();
  const res = await agent.request(
    'POST',
    '/api/auth/sign-up/email',
    { email: email ?? `throttle-${accounts}@example.com`, password: 'correct-horse-9', name },
    from(`10.99.0.${accounts}`),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return agent;
};
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

describe('invite codes and league names', () => {
  it('allow 20 failed look-ups or joins per address in 10 minutes, then 429', async () => {
    const owner = await player('Throttle Owner');
    const { league } = await createLeague(owner, 'Throttled League', 'Owners');
    const guesser = t.agent();
    const lookup = async (code: string, ip = '10.3.0.1') =>
      (await guesser.request('GET', `/api/leagues/lookup?code=${code}`, undefined, from(ip)))
        .status;
    const guess = (i: number) => lookup(`ZZZ${String(i).padStart(3, '0')}`);
    const joiner = await player('Throttle Joiner');
    const join = async (codeOrName: string, teamName: string, ip = '10.3.0.1') =>
      (await joiner.request('POST', '/api/leagues/join', { codeOrName, teamName }, from(ip)))
        .status;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push(await guess(i));
    // Found leagues do not count.
    for (let i = 0; i < 5; i += 1) expect(await lookup(league.inviteCode)).toBe(200);
    for (let i = 0; i < 5; i += 1) statuses.push(await join(`No Such League ${i}`, 'Guessers'));
    expect(statuses).toEqual(Array(20).fill(404));
    const over = await guesser.request(
      'GET',
      '/api/leagues/lookup?code=ZZZ099',
      undefined,
      from('10.3.0.1'),
    );
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'TOO_MANY_INVITE_GUESSES' });
    expect(typeof over.body.error.requestId).toBe('string');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Over the limit even the right code waits; other addresses are not affected.
    expect(await lookup(league.inviteCode)).toBe(429);
    expect(await lookup('ZZZ999', '10.3.0.2')).toBe(404);
    // A team name taken is not a guess.
    expect(await join(league.inviteCode, 'Owners', '10.3.0.3')).toBe(409);
    minutes(11);
    expect(await guess(100)).toBe(404);
  });
});

describe('quick joins', () => {
  it('start at most 10 guests per address in an hour, then 429 without a new account', async () => {
    const owner = await player('Guest Host');
    const { league } = await createLeague(owner, 'Guest House', 'Hosts');
    const users = async () =>
      Number(
        (
          await t.services.database.db
            .selectFrom('user')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let i = 0; i < 10; i += 1) {
      const res = await t
        .agent()
        .request(
          'POST',
          '/api/leagues/quick-join',
          { code: league.inviteCode, teamName: `Guest ${i}` },
          from('10.4.0.1'),
        );
      expect(res.status).toBe(200);
    }
    const before = await users();
    const over = await t
      .agent()
      .request(
        'POST',
        '/api/leagues/quick-join',
        { code: league.inviteCode, teamName: 'Guest 10' },
        from('10.4.0.1'),
      );
    expect([over.status, over.body.error.code]).toEqual([429, 'TOO_MANY_GUESTS']);
    // Starting a guest straight through better-auth counts against the same limit.
    const direct = await t
      .agent()
      .request('POST', '/api/auth/sign-in/anonymous', {}, from('10.4.0.1'));
    expect(direct.status).toBe(429);
    expect(await users()).toBe(before);
    // A signed-in player's quick join starts no guest.
    const member = await player('Signed In Quick');
    expect(
      (
        await member.request(
          'POST',
          '/api/leagues/quick-join',
          { code: league.inviteCode, teamName: 'Signed In' },
          from('10.4.0.1'),
        )
      ).status,
    ).toBe(200);
    minutes(61);
    expect(
      (
        await t
          .agent()
          .request(
            'POST',
            '/api/leagues/quick-join',
            { code: league.inviteCode, teamName: 'Guest 11' },
            from('10.4.0.1'),
          )
      ).status,
    ).toBe(200);
  });
});

describe('e-mail sign-in', () => {
  const signIn = (app: TestApp['app'], email: string, password: string, ip: string) =>
    app.request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email, password }),
    });

  it('allows 10 failures per account in 15 minutes from any addresses, then 429', async () => {
    await player('Target', 'target@example.com');
    // A success forgets earlier failures.
    expect((await signIn(t.app, 'target@example.com', 'wrong-password', '10.5.0.99')).status).toBe(
      401,
    );
    expect((await signIn(t.app, 'target@example.com', 'correct-horse-9', '10.5.0.99')).status).toBe(
      200,
    );
    for (let i = 0; i < 10; i += 1)
      expect(
        (await signIn(t.app, 'Target@Example.com', 'wrong-password', `10.5.0.${i}`)).status,
      ).toBe(401);
    const over = await signIn(t.app, 'target@example.com', 'correct-horse-9', '10.5.1.1');
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe(
      'TOO_MANY_SIGN_INS',
    );
    // Another account is not affected.
    await player('Bystander', 'bystander@example.com');
    expect(
      (await signIn(t.app, 'bystander@example.com', 'correct-horse-9', '10.5.1.1')).status,
    ).toBe(200);
    minutes(16);
    expect((await signIn(t.app, 'target@example.com', 'correct-horse-9', '10.5.1.2')).status).toBe(
      200,
    );
  });

  it.runIf(postgresTestUrl())('counts one limit for every instance on the database', async () => {
    const database = openDatabase(t.services.env.database);
    const services = { ...t.services, database, auth: createAuth({ ...t.services, database }) };
    const other = createApp(services, { serveWeb: false });
    try {
      await player('Shared', 'shared@example.com');
      for (let i = 0; i < 10; i += 1)
        expect(
          (
            await signIn(
              i % 2 === 0 ? t.app : other,
              'shared@example.com',
              'nope-nope-1',
              `10.6.0.${i}`,
            )
          ).status,
        ).toBe(401);
      expect(
        (await signIn(other, 'shared@example.com', 'correct-horse-9', '10.6.1.1')).status,
      ).toBe(429);
      expect(
        (await signIn(t.app, 'shared@example.com', 'correct-horse-9', '10.6.1.2')).status,
      ).toBe(429);
    } finally {
      await database.close();
    }
  });

  // Issue 26, item 1: better-auth reads forms too, so the lock counts whatever the encoding.
  const signInAs = (
    encoding: 'form' | 'multipart',
    email: string,
    password: string,
    ip: string,
    contentType = 'application/x-www-form-urlencoded',
  ) => {
    const form = new FormData();
    form.set('email', email);
    form.set('password', password);
    return t.app.request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'x-forwarded-for': ip,
        // multipart/form-data gets its boundary from the body.
        ...(encoding === 'form' ? { 'content-type': contentType } : {}),
      },
      body: encoding === 'form' ? new URLSearchParams({ email, password }).toString() : form,
    });
  };

  it('counts failed sign-ins sent as a form: 429 from the 11th', async () => {
    await player('Form Target', 'form-target@example.com');
    const types = [
      'application/x-www-form-urlencoded',
      'Application/X-WWW-Form-URLEncoded; charset=UTF-8',
    ];
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 30; i += 1) {
      last = await signInAs(
        'form',
        'form-target@example.com',
        'wrong-password',
        `10.7.0.${i}`,
        types[i % 2],
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);
    expect(((await last?.json()) as { error: { code: string } }).error.code).toBe(
      'TOO_MANY_SIGN_INS',
    );
    expect(
      (await signIn(t.app, 'form-target@example.com', 'correct-horse-9', '10.7.1.1')).status,
    ).toBe(429);
    minutes(16);
    expect(
      (await signInAs('form', 'form-target@example.com', 'correct-horse-9', '10.7.1.2')).status,
    ).toBe(200);
  });

  it('keeps an account locked by JSON sign-ins locked in every encoding', async () => {
    await player('Json Locked', 'json-locked@example.com');
    expect(
      (await signInAs('form', 'json-locked@example.com', 'correct-horse-9', '10.7.2.99')).status,
    ).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect(
        (await signIn(t.app, 'json-locked@example.com', 'wrong-password', `10.7.2.${i}`)).status,
      ).toBe(401);
    const form = await signInAs('form', 'json-locked@example.com', 'correct-horse-9', '10.7.3.1');
    const multipart = await signInAs(
      'multipart',
      'Json-Locked@example.com',
      'correct-horse-9',
      '10.7.3.2',
    );
    for (const res of [form, multipart]) {
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'TOO_MANY_SIGN_INS',
      );
    }
  });

  it('refuses a sign-in whose e-mail it cannot read (400, the envelope)', async () => {
    for (const [type, body] of [
      ['text/plain', JSON.stringify({ email: 'x@example.com', password: 'wrong-password' })],
      ['application/json', JSON.stringify({ password: 'wrong-password' })],
      ['application/x-www-form-urlencoded', 'password=wrong-password'],
    ] as const) {
      const res = await t.app.request('http://localhost:3000/api/auth/sign-in/email', {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          'content-type': type,
          'x-forwarded-for': '10.7.4.1',
        },
        body,
      });
      expect(res.status, type).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code, type).toBe(
        'VALIDATION_FAILED',
      );
    }
  });
});

describe('password-reset mails', () => {
  const ask = async (email: string, ip: string) => {
    const res = await t.app.request('http://localhost:3000/api/auth/request-password-reset', {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email, redirectTo: '/reset-password' }),
    });
    return { status: res.status, text: await res.text() };
  };
  const mails = async (to: string) =>
    (
      await t.services.database.db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'reset-password')
        .where('to_address', '=', to)
        .execute()
    ).length;

  it('go out at most 3 times an hour per account; the 4th answer is that of an unknown address', async () => {
    await player('Forgetful', 'forgetful@example.com');
    const answers = [];
    for (const [i, email] of [
      'forgetful@example.com',
      'Forgetful@Example.com',
      'forgetful@example.com',
      'FORGETFUL@example.com',
    ].entries())
      answers.push(await ask(email, `10.8.0.${i}`));
    expect(await mails('forgetful@example.com')).toBe(3);
    const unknown = await ask('nobody-here@example.com', '10.8.1.1');
    expect(unknown.status).toBe(200);
    expect(answers[3]).toEqual(unknown);
    minutes(61);
    expect(await ask('forgetful@example.com', '10.8.2.1')).toEqual(unknown);
    expect(await mails('forgetful@example.com')).toBe(4);
  });
});
