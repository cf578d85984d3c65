import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad } from '../../../tests/setup/bulk';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { Agent, appPerFile, testBaseUrl } from '../../../tests/setup/test-app';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { openDatabase, type Database } from '../db/database';
import { StandingsMemo } from './memo';

const clock = new Date('2026-11-22T12:00:00Z');
const season = '2026-27';
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'memo-admin@example.com' } });

describe('StandingsMemo', () => {
  it('computes a part once per version and drops a league’s parts when its version moves', async () => {
    const memo = new StandingsMemo(2, 2);
    let runs = 0;
    const compute = (value: string) => async () => {
      runs += 1;
      return value;
    };
    expect(await memo.part('a', 1, 'page', compute('a1'))).toBe('a1');
    expect(await memo.part('a', 1, 'page', compute('other'))).toBe('a1');
    expect(runs).toBe(1);
    expect(await memo.part('a', 2, 'page', compute('a2'))).toBe('a2');
    expect(runs).toBe(2);
    // A read still holding the old version gets its own computation, never the newer part.
    expect(await memo.part('a', 1, 'page', compute('a1 again'))).toBe('a1 again');
  });

  it('keeps the leagues and parts used most recently within its bounds', async () => {
    const memo = new StandingsMemo(2, 2);
    let runs = 0;
    const part = (league: string, key: string) =>
      memo.part(league, 1, key, async () => {
        runs += 1;
        return `${league}/${key}`;
      });
    await part('a', 'x');
    await part('a', 'y');
    await part('a', 'x'); // x used last: y goes first
    await part('a', 'z');
    expect(runs).toBe(3);
    await part('a', 'x');
    expect(runs).toBe(3);
    await part('a', 'y');
    expect(runs).toBe(4);
    await part('b', 'x');
    await part('c', 'x'); // a is the league used least recently
    await part('a', 'x');
    expect(runs).toBe(7);
  });
});

describe('kept standings', () => {
  // A second instance on the same database: its own connection, memo, auth and app.
  let database: Database;
  let other: Agent;
  let owner: Agent;
  let admin: Agent;
  let leagueId = '';
  let inviteCode = '';
  let owlsId = '';
  const table = async (agent: Agent) => {
    const res = await agent.get(`/api/leagues/${leagueId}/standings?season=${season}`);
    expect(res.status).toBe(200);
    return (res.body.rows as { teamName: string; manager: string; points: number }[]).map(
      (r) => `${r.teamName} (${r.manager}) ${r.points}`,
    );
  };

  beforeAll(async () => {
    database = openDatabase(t.services.env.database);
    const services = { ...t.services, database, auth: createAuth({ ...t.services, database }) };
    other = new Agent(createApp(services, { serveWeb: false }), testBaseUrl);
    admin = t.agent();
    await admin.signUp('memo-admin@example.com', 'correct-horse-9', 'Memo Admin');
    await insertFixtures(t, [
      { id: 'memo_1', kickoffAt: hoursFrom(clock, -24), season, round: 'Round 1' },
    ]);
    owner = t.agent();
    await owner.signUp('memo-owner@example.com', 'correct-horse-9', 'Olive');
    const created = await owner.post('/api/leagues', { leagueName: 'Kept', teamName: 'Owls' });
    expect(created.status).toBe(201);
    leagueId = created.body.league.id;
    inviteCode = created.body.league.inviteCode;
    owlsId = created.body.teams[0].id;
    await other.signIn('memo-owner@example.com');
  });
  afterAll(() => database.close());

  it('show every change made on any instance at the next read', async () => {
    expect(await table(owner)).toEqual(['Owls (Olive) 0']);
    expect(await table(other)).toEqual(['Owls (Olive) 0']);

    // A team joins on the first instance: the second lists it.
    const friend = t.agent();
    await friend.signUp('memo-friend@example.com', 'correct-horse-9', 'Fred');
    const joined = await friend.post('/api/leagues/join', {
      codeOrName: inviteCode,
      teamName: 'Foxes',
    });
    expect(joined.status).toBe(201);
    expect(await table(other)).toEqual(['Foxes (Fred) 0', 'Owls (Olive) 0']);

    // A result: its points reach both instances' tables.
    await bulkLoad(t.services.database.db, {
      predictions: [{ teamId: owlsId, fixtureId: 'memo_1', outcome: '1', firstGoalMinute: 30 }],
    });
    const final = await admin.patch('/api/admin/fixtures/memo_1', {
      status: 'final',
      homeScore: 2,
      awayScore: 0,
      firstGoalMinute: 30,
    });
    expect(final.status).toBe(200);
    expect(await table(other)).toEqual(['Owls (Olive) 4', 'Foxes (Fred) 0']);
    expect(await table(owner)).toEqual(['Owls (Olive) 4', 'Foxes (Fred) 0']);

    // A manager's new name.
    expect((await friend.post('/api/auth/update-user', { name: 'Freddie' })).status).toBe(200);
    expect(await table(other)).toEqual(['Owls (Olive) 4', 'Foxes (Freddie) 0']);

    // A team the league admin removes.
    const removed = await owner.delete(`/api/leagues/${leagueId}/teams/${joined.body.team.id}`);
    expect(removed.status).toBe(200);
    expect(await table(other)).toEqual(['Owls (Olive) 4']);
    expect(await table(owner)).toEqual(['Owls (Olive) 4']);
  });
});
