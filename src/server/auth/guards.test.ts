import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';
import { startServer } from '../server';

// Guards before any route reads its input (issue 11, items 1, 6, 7 and 8): each of these requests
// gave a 500, a stored 100 KB name or a cross-site write before.
const t = appPerFile();

const leagueCount = async () =>
  Number(
    (
      await t.services.database.db
        .selectFrom('leagues')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('U+0000 anywhere', () => {
  it('is a 400 with the envelope, on every database, and changes nothing', async () => {
    const visitor = t.agent();
    for (const path of [
      '/api/leagues/lookup?code=%00',
      '/api/leagues/%00',
      '/api/leagues/a%00b/standings',
    ]) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('BAD_REQUEST');
    }
    const owner = await player(t, 'Nul Owner');
    const before = await leagueCount();
    const res = await owner.post('/api/leagues', {
      leagueName: 'Nul\u0000League',
      teamName: 'Nul Team',
      competitionId: 'premier_league',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/NUL/);
    expect(await leagueCount()).toBe(before);
    const signIn = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'x'.repeat(10) });
    expect(signIn.status).toBe(400);
  });
});

describe('the sign-in and profile routes', () => {
  it('refuse bodies over 64 KB with 413', async () => {
    const res = await t.agent().post('/api/auth/sign-in/email', {
      email: 'big@example.com',
      password: 'x'.repeat(100 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuse a body by its declared length before reading it, and pass one within it', async () => {
    const declared = async (length: number, path: string) =>
      t.app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(length),
          origin: 'http://localhost:3000',
        },
        body: '{}',
      });
    const big = await declared(2 * 1024 * 1024 + 1, '/api/contact');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    expect((await declared(64 * 1024 + 1, '/api/auth/sign-in/email')).status).toBe(413);
    // Within the limit the route reads the body and answers on its own terms (a 4xx, never 413).
    const small = await declared(2, '/api/contact');
    expect(small.status).toBeGreaterThanOrEqual(400);
    expect(small.status).not.toBe(413);
  });

  it('keep display names trimmed and 1–50 characters', async () => {
    const tooLong = await t.agent().post('/api/auth/sign-up/email', {
      email: 'long-name@example.com',
      password: 'correct-horse-9',
      name: 'x'.repeat(51),
    });
    expect(tooLong.status).toBe(400);
    const agent = t.agent();
    await agent.signUp('named@example.com', 'correct-horse-9', '  Padded Name  ');
    expect((await agent.get('/api/account/me')).body.user.name).toBe('Padded Name');
    // The probe's 102,400-character name is over the body limit of the auth routes.
    expect((await agent.post('/api/auth/update-user', { name: 'y'.repeat(102_400) })).status).toBe(
      413,
    );
    for (const name of [null, '', '   ', 'y'.repeat(51), 42]) {
      const res = await agent.post('/api/auth/update-user', { name });
      expect(res.status, JSON.stringify(name).slice(0, 20)).toBe(400);
    }
    expect((await agent.post('/api/auth/update-user', { name: ' Renamed ' })).status).toBe(200);
    expect((await agent.get('/api/account/me')).body.user.name).toBe('Renamed');
  });
});

describe('cross-site requests', () => {
  it('are refused with 403 before the body is read, whatever the content type', async () => {
    const owner = await player(t, 'Origin Owner');
    const { league } = await createLeague(owner, 'Origin League', 'Origin Team');
    const evil = { origin: 'http://evil.example' };
    const form = await owner.request('POST', `/api/leagues/${league.id}/invite-code`, 'x=1', {
      ...evil,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(403);
    expect(form.body.error.code).toBe('FORBIDDEN');
    const json = await owner.request(
      'POST',
      '/api/leagues',
      { leagueName: 'Evil League', teamName: 'Evil', competitionId: 'premier_league' },
      evil,
    );
    expect(json.status).toBe(403);
    const fetchSite = await owner.request(
      'PUT',
      '/api/account/locale',
      { locale: 'de' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchSite.status).toBe(403);
    const code = (await owner.get(`/api/leagues/${league.id}`)).body.league.inviteCode;
    expect(code).toBe(league.inviteCode);
    // Our own pages (same origin) write as before.
    expect((await owner.post(`/api/leagues/${league.id}/invite-code`)).status).toBe(200);
  });
});

/** The app behind a real socket, and a raw HTTP exchange with it. */
const overSocket = async () => {
  const { server } = await startServer(t.services, t.app, { port: 0, host: '127.0.0.1' });
  const port = (server.address() as AddressInfo).port;
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
  const close = () => new Promise((done) => server.close(done));
  return { raw, close };
};

const errorCodeOf = (response: string) =>
  (JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { error: { code: string } })
    .error.code;

describe('bodies over a real connection', () => {
  it('are judged by their declared length, counted when streamed, and read for NUL', async () => {
    const { raw, close } = await overSocket();
    const head = (more: string) =>
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\n${more}\r\n`;
    try {
      const declared = await raw(head('Content-Length: 3000000\r\n'));
      expect(declared).toMatch(/^HTTP\/1\.1 413 /);
      expect(errorCodeOf(declared)).toBe('PAYLOAD_TOO_LARGE');
      const size = 2 * 1024 * 1024 + 10;
      const chunked = await raw(
        `${head('Transfer-Encoding: chunked\r\n')}${size.toString(16)}\r\n${'x'.repeat(size)}\r\n0\r\n\r\n`,
      );
      expect(chunked).toMatch(/^HTTP\/1\.1 413 /);
      const body = '{"name":"a\\u0000","email":"a@example.com","message":"hello there"}';
      const nul = await raw(`${head(`Content-Length: ${Buffer.byteLength(body)}\r\n`)}${body}`);
      expect(nul).toMatch(/^HTTP\/1\.1 400 /);
      expect(errorCodeOf(nul)).toBe('BAD_REQUEST');
    } finally {
      await close();
    }
  });
});

describe('requests Node refuses before the app', () => {
  it('get the error envelope: headers over the limit 431, broken HTTP 400', async () => {
    const { raw, close } = await overSocket();
    try {
      const big = await raw(
        `GET /api/competitions HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4));
      expect(body.error).toMatchObject({ code: 'HEADERS_TOO_LARGE' });
      expect(typeof body.error.requestId).toBe('string');
      const broken = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(broken).toMatch(/^HTTP\/1\.1 400 /);
      expect(errorCodeOf(broken)).toBe('BAD_REQUEST');
    } finally {
      await close();
    }
  });
});

describe('session cookies that cannot be decoded', () => {
  it('are no session: 4xx or an anonymous answer, never a 500', async () => {
    for (const cookie of [
      'better-auth.session_token=%E0%A4%A',
      'better-auth.session_data=%E0%A4%A; better-auth.session_token=abc',
    ]) {
      const me = await t.app.request('/api/account/me', { headers: { cookie } });
      expect([cookie, me.status]).toEqual([cookie, 200]);
      expect(((await me.json()) as { user: unknown }).user).toBeNull();
      const save = await t.app.request('/api/predictions', {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ teamId: 'x', predictions: [] }),
      });
      expect(save.status).toBeGreaterThanOrEqual(400);
      expect(save.status).toBeLessThan(500);
    }
  });
});

describe('deeply nested bodies', () => {
  it('are answered with a 4xx, not a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const res = await t.agent().request('POST', '/api/leagues', deep, {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
  });
});

describe('what the fuzz suite found', () => {
  it('a %00 beside an escape that cannot be decoded is still a NUL (400, nothing changed)', async () => {
    const owner = await player(t, 'Escape Owner');
    const before = await leagueCount();
    for (const path of [
      '/api/competitions?q=%00&x=%',
      '/api/leagues/%00?x=%',
      '/api/leagues/lookup?code=%00&x=%',
    ]) {
      const res = await owner.get(path);
      expect([path, res.status, res.body.error?.code]).toEqual([path, 400, 'BAD_REQUEST']);
    }
    const write = await owner.request('PUT', '/api/reminders?q=%00&x=%', { enabled: false });
    expect(write.status).toBe(400);
    const form = await owner.request('POST', '/api/contact', 'name=a%00&x=%', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
    expect(await leagueCount()).toBe(before);
  });

  it('profile bodies that are not objects, or hold a non-text image or locale, are a 400', async () => {
    const agent = await player(t, 'Body Shapes');
    for (const body of ['"x"', '5', '[1]', 'null'])
      expect((await agent.request('POST', '/api/auth/update-user', body)).status, body).toBe(400);
    expect((await t.agent().request('POST', '/api/auth/sign-up/email', '5')).status).toBe(400);
    for (const change of [{ image: ['x'] }, { image: { a: 1 } }, { image: true }, { locale: 5 }])
      expect(
        (await agent.post('/api/auth/update-user', change)).status,
        JSON.stringify(change),
      ).toBe(400);
    const signUp = await t.agent().post('/api/auth/sign-up/email', {
      name: 'Ann',
      email: 'newcomer@example.com',
      password: 'correct-horse-9',
      locale: 1.5,
    });
    expect(signUp.status).toBe(400);
    expect((await agent.post('/api/auth/update-user', { locale: 'de' })).status).toBe(200);
  });
});
