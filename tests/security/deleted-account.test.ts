import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createAuth } from '../../src/server/auth/auth';
import { openDatabase } from '../../src/server/db/database';
import { createLeague, player } from '../setup/leagues';
import { testBaseUrl } from '../setup/test-app';
import { send } from './authorization-requests';
import { joinTables, type Row } from './authorization-rows';
import { accountTable } from './authorization-table-account';
import { adminTable } from './authorization-table-admin';
import { credentialsTable } from './authorization-table-credentials';
import { leaguesTable } from './authorization-table-leagues';
import { feedTable } from './authorization-table-feed';
import { sessionsTable } from './authorization-table-sessions';
import {
  next,
  openFixture,
  password,
  startWorld,
  stopWorld,
  t,
  world,
  type Cell,
} from './authorization-world';

/*
 * Issue 26, item 4: a deleted account's other sessions live on in their signed cookie cache for up
 * to a minute (auth.ts). Every write under /api (better-auth's own routes check the session
 * themselves) answers them 401 with the envelope — no 5xx, no 2xx — and writes nothing. Issue 51,
 * item 3: so does every read, better-auth's routes answer them as they answer a visitor, and
 * get-session names nobody — on every instance, from the moment of the deletion. The routes come
 * from the authorization matrix's tables, so a new route is covered too.
 */

const table = joinTables(
  accountTable,
  leaguesTable,
  feedTable,
  adminTable,
  sessionsTable,
  credentialsTable,
);
const writes = Object.entries(table).filter(([key]) =>
  /^(POST|PUT|PATCH|DELETE) \/api\/(?!auth\/)/.test(key),
);
// /me answers a gone session as it answers a visitor (no user), like better-auth's get-session.
const reads = Object.entries(table).filter(
  ([key]) => /^GET \/api\/(?!auth\/)/.test(key) && key !== 'GET /api/account/me',
);
/** better-auth's routes that need a session: a visitor gets its 401. */
const authRoutes = Object.entries(table).filter(
  ([key, row]) => key.includes(' /api/auth/') && row.expect.visitor === '401 UNAUTHORIZED',
);

beforeAll(startWorld);
afterAll(stopWorld);

/** A new account with two teams in a league (it runs none), signed in in a second browser too. */
const leavingPlayer = async () => {
  const email = `leaving-${next()}@authz.test`;
  const first = t.agent();
  await first.signUp(email, password, 'Leaving');
  const { league } = await createLeague(world.scene.agents.leagueAdmin, `Left ${next()}`, 'Stay');
  const joined = await first.post('/api/leagues/join', {
    codeOrName: league.inviteCode,
    teamName: 'Leaving FC',
  });
  const second = await first.post(`/api/leagues/${league.id}/teams`, { teamName: 'Leaving II' });
  expect([joined.status, second.status]).toEqual([201, 201]);
  const other = t.agent();
  expect((await other.signIn(email, password)).status).toBe(200);
  const cell: Cell = {
    who: 'member',
    agent: other,
    scene: {
      ...world.scene,
      agents: { ...world.scene.agents, member: other },
      league: { id: league.id, name: league.name, inviteCode: league.inviteCode },
      memberTeamId: joined.body.team.id as string,
      memberSecondTeamId: second.body.team.id as string,
    },
    n: 0,
  };
  return { email, first, other, cell };
};

/** Every table's row count, in one statement. */
const counts = async () => {
  const { db } = t.services.database;
  const names = (await db.introspection.getTables()).map((table) => table.name).sort();
  const selects = names.map(
    (name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.id(name)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(selects)}`.execute(db);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
};

describe("a deleted account's other sessions", () => {
  it('are refused every write with 401 (nothing written) while their cookie cache lasts', async () => {
    expect(writes.length).toBeGreaterThan(30);
    // The player runs nothing, has two teams in a league and picks for one of them.
    const { first, other, cell } = await leavingPlayer();
    expect(
      (
        await first.put('/api/predictions', {
          teamId: cell.scene.memberTeamId,
          predictions: [{ fixtureId: openFixture, outcome: '1', firstGoalMinute: 10 }],
        })
      ).status,
    ).toBe(200);

    // The other browser's cookies; then the first deletes the account.
    const cookie = other.cookieHeader();
    expect((await first.delete('/api/account', { confirm: 'DELETE' })).status).toBe(200);
    const started = Date.now();

    const answers: string[] = [];
    for (const [key, row] of writes) {
      // The row's request may seed what it acts on: only what the request does is judged.
      const probe = await row.request({ ...cell, n: next() });
      const before = await counts();
      // The stale session's cookies every time (a refusal clears them in the browser).
      const fixed: Row = {
        ...row,
        request: () => ({ ...probe, headers: { ...probe.headers, cookie } }),
      };
      const res = await send(key, fixed, { ...cell, agent: t.agent() });
      answers.push(`${key}: ${res.status} ${String(res.body?.error?.code)}`);
      expect.soft(await counts(), `${key} wrote`).toEqual(before);
      if (key === 'PUT /api/account/locale') {
        // The refusal ends the stale session in the browser too.
        const cleared = res.headers.getSetCookie().filter((c) => /max-age=0/i.test(c));
        expect(cleared.join('\n')).toMatch(/session_token=/);
      }
    }
    expect(answers).toEqual(writes.map(([key]) => `${key}: 401 UNAUTHENTICATED`));
    // The cookie cache (60 s) outlived every request: the refusals were the app's, not a lapse.
    expect(Date.now() - started).toBeLessThan(55_000);
    // A read is refused too (below); a visitor's write is unaffected.
    const read = await t.agent().request('GET', '/api/leagues/mine', undefined, { cookie });
    expect(read.status).toBe(401);
    const visitor = await player(t, 'Still here');
    expect((await visitor.put('/api/account/locale', { locale: 'de' })).status).toBe(200);
  });

  it('are refused every read and named by no get-session, on every instance at once', async () => {
    expect(reads.length).toBeGreaterThan(30);
    expect(authRoutes.length).toBeGreaterThan(10);
    const { email, first, other, cell } = await leavingPlayer();
    const cookie = other.cookieHeader();
    // A second instance on the same database, which has verified the session's cache cookie and
    // confirmed the session in the database before the deletion.
    const database = openDatabase(t.services.env.database);
    const instance = createApp(
      { ...t.services, database, auth: createAuth({ ...t.services, database }) },
      { serveWeb: false },
    );
    const get = async (app: Pick<typeof t.app, 'request'>, path: string) => {
      const res = await app.request(`${testBaseUrl}${path}`, {
        headers: { origin: testBaseUrl, cookie },
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    };
    try {
      for (const app of [t.app, instance]) {
        expect((await get(app, '/api/auth/get-session')).body.user.email).toBe(email);
        expect((await get(app, '/api/account/export')).status).toBe(200);
        const stripped = cookie.replace(/[^;]*session_data=[^;]*;?\s*/, '');
        expect(stripped).not.toMatch(/session_data=/);
        const confirmed = await app.request(`${testBaseUrl}/api/leagues/hub`, {
          headers: { origin: testBaseUrl, cookie: stripped },
        });
        expect(confirmed.status).toBe(200);
      }

      expect((await first.delete('/api/account', { confirm: 'DELETE' })).status).toBe(200);
      const started = Date.now();

      for (const app of [t.app, instance]) {
        const session = await get(app, '/api/auth/get-session');
        expect(session.status).toBe(200);
        expect(session.body).toBeNull();
        expect(session.headers.getSetCookie().join('\n')).toMatch(/session_token=;?.*max-age=0/i);
        const exported = await get(app, '/api/account/export');
        expect([exported.status, exported.body?.error?.code]).toEqual([401, 'UNAUTHENTICATED']);
        expect(exported.body.error.requestId).toBe(exported.headers.get('x-request-id'));
        expect(exported.headers.getSetCookie().join('\n')).toMatch(/session_token=/);
        const me = await get(app, '/api/account/me');
        expect([me.status, me.body.user]).toEqual([200, null]);
      }

      const answers: string[] = [];
      for (const [key, row] of [...reads, ...authRoutes]) {
        const probe = await row.request({ ...cell, n: next() });
        const before = await counts();
        const fixed: Row = {
          ...row,
          request: () => ({ ...probe, headers: { ...probe.headers, cookie } }),
        };
        const res = await send(key, fixed, { ...cell, agent: t.agent() });
        answers.push(`${key}: ${res.status} ${String(res.body?.error?.code)}`);
        expect.soft(await counts(), `${key} wrote`).toEqual(before);
      }
      expect(answers).toEqual([
        ...reads.map(([key]) => `${key}: 401 UNAUTHENTICATED`),
        ...authRoutes.map(([key]) => `${key}: 401 UNAUTHORIZED`),
      ]);
      // The cookie cache (60 s) outlived every request: the refusals were the app's, not a lapse.
      expect(Date.now() - started).toBeLessThan(55_000);
    } finally {
      await database.close();
    }
  });
});
