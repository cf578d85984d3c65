import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague, player } from '../setup/leagues';
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
 * themselves) answers them 401 with the envelope — no 5xx, no 2xx — and writes nothing. The
 * routes come from the authorization matrix's tables, so a new write route is covered too.
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

beforeAll(startWorld);
afterAll(stopWorld);

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
    const teamId = joined.body.team.id as string;
    expect(
      (
        await first.put('/api/predictions', {
          teamId,
          predictions: [{ fixtureId: openFixture, outcome: '1', firstGoalMinute: 10 }],
        })
      ).status,
    ).toBe(200);

    // Another browser signs in to the same account; then the first deletes it.
    const other = t.agent();
    expect((await other.signIn(email, password)).status).toBe(200);
    const cookie = other.cookieHeader();
    expect((await first.delete('/api/account', { confirm: 'DELETE' })).status).toBe(200);
    const started = Date.now();

    const cell: Cell = {
      who: 'member',
      agent: other,
      scene: {
        ...world.scene,
        agents: { ...world.scene.agents, member: other },
        league: { id: league.id, name: league.name, inviteCode: league.inviteCode },
        memberTeamId: teamId,
        memberSecondTeamId: second.body.team.id as string,
      },
      n: 0,
    };
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
    // A read may still use the cache; a visitor's write is unaffected.
    const read = await t.agent().request('GET', '/api/leagues/mine', undefined, { cookie });
    expect(read.status).not.toBeGreaterThanOrEqual(500);
    const visitor = await player(t, 'Still here');
    expect((await visitor.put('/api/account/locale', { locale: 'de' })).status).toBe(200);
  });
});
