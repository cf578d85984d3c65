import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../../tests/setup/database-url';
import { appPerFile } from '../../../tests/setup/test-app';
import { postgresGroups, type GroupStatements, type UnitOutcome } from './pg-group';

// PostgreSQL's group commit (decision 022) on its pipelined connections: a group's BEGIN goes out
// with its first statement and its COMMIT with its last. Whatever fails inside the transaction,
// nothing of the group is stored and each unit runs again on its own; the next group gets a
// connection that works.

const t = appPerFile({ now: () => new Date('2031-01-01T12:00:00Z') });
const available = postgresTestUrl() !== undefined;

interface Unit {
  id: string;
  /** The group's last statement fails (a duplicate key) when any unit asks for it. */
  breakLast?: boolean;
  /** No last statement: the group commits after its work. */
  noLast?: boolean;
  /** The group's two first statements leave together, and the first fails (a duplicate key). */
  breakFirst?: boolean;
}

const stored = async () =>
  (
    await sql<{ id: string; how: string }>`select id, how from group_probe order by id`.execute(
      t.services.database.db,
    )
  ).rows;

const runner = (alone: string[]) => {
  const { pipelined } = t.services.database;
  if (!pipelined) throw new Error('PostgreSQL only');
  return postgresGroups<Unit, string>(pipelined, {
    key: (unit) => unit.id,
    alone: async (unit) => {
      alone.push(unit.id);
      await sql`insert into group_probe (id, how) values (${unit.id}, 'alone')`.execute(
        t.services.database.db,
      );
      return `${unit.id} alone`;
    },
    work: async ({ query, queries, last }: GroupStatements, units) => {
      const ids = units.map((u) => u.id);
      if (units.some((u) => u.breakFirst))
        await queries([
          [
            `insert into group_probe (id, how) select unnest($1::text[]), 'group'`,
            [[...ids, ...ids]],
          ],
          ['select count(*)::int as n from group_probe', []],
        ]);
      const seen = await query<{ n: number }>('select count(*)::int as n from group_probe', []);
      await query(`insert into group_probe (id, how) select unnest($1::text[]), 'group'`, [ids]);
      const outcomes: UnitOutcome<string>[] = units.map((u) => ({
        ok: true,
        value: `${u.id} in a group after ${seen[0]?.n ?? -1}`,
      }));
      if (units.some((u) => u.noLast)) return outcomes;
      // The last statement: marks the group's rows, or repeats the first key when told to.
      const marked = units.some((u) => u.breakLast) ? [...ids, ids[0] ?? ''] : ids;
      await last(`insert into group_probe (id, how) select unnest($1::text[]) || '+', 'last'`, [
        marked,
      ]);
      return outcomes;
    },
  });
};

beforeAll(async () => {
  if (!available) return;
  await sql`create table group_probe (id text primary key, how text not null)`.execute(
    t.services.database.db,
  );
  await sql`create table group_lock (id text primary key)`.execute(t.services.database.db);
});

describe.skipIf(!available)('group commit on pipelined connections', () => {
  it('commits units asked for together in one group, with its last statement', async () => {
    const alone: string[] = [];
    const groups = runner(alone);
    const answers = await Promise.all(['a1', 'a2', 'a3'].map((id) => groups.run({ id })));
    expect(answers).toEqual([
      'a1 in a group after 0',
      'a2 in a group after 0',
      'a3 in a group after 0',
    ]);
    expect(groups.state()).toMatchObject({ groups: 1, units: 3, queued: 0, running: 0 });
    expect(alone).toEqual([]);
    expect(await stored()).toEqual([
      { id: 'a1', how: 'group' },
      { id: 'a1+', how: 'last' },
      { id: 'a2', how: 'group' },
      { id: 'a2+', how: 'last' },
      { id: 'a3', how: 'group' },
      { id: 'a3+', how: 'last' },
    ]);
  });

  it('stores nothing of a group whose last statement fails, runs each unit alone, and goes on', async () => {
    const alone: string[] = [];
    const groups = runner(alone);
    const answers = await Promise.all([
      groups.run({ id: 'b1', breakLast: true }),
      groups.run({ id: 'b2' }),
    ]);
    expect(answers).toEqual(['b1 alone', 'b2 alone']);
    expect(alone.sort()).toEqual(['b1', 'b2']);
    const rows = (await stored()).filter((r) => r.id.startsWith('b'));
    // The group's first insert went with the failed transaction: only the lone runs are kept.
    expect(rows).toEqual([
      { id: 'b1', how: 'alone' },
      { id: 'b2', how: 'alone' },
    ]);
    // Both of the pool's connections work afterwards (the failed one was closed, not pooled).
    const next = await Promise.all([groups.run({ id: 'c1' }), groups.run({ id: 'c2' })]);
    expect(next.every((answer) => answer.includes('in a group'))).toBe(true);
    const again = await groups.run({ id: 'c3' });
    expect(again).toContain('in a group');
    expect(alone.sort()).toEqual(['b1', 'b2']);
  });

  it('stores nothing of a group when one of the statements sent together fails', async () => {
    const alone: string[] = [];
    const groups = runner(alone);
    const answers = await Promise.all([
      groups.run({ id: 'e1', breakFirst: true }),
      groups.run({ id: 'e2' }),
    ]);
    expect(answers).toEqual(['e1 alone', 'e2 alone']);
    expect((await stored()).filter((r) => r.id.startsWith('e'))).toEqual([
      { id: 'e1', how: 'alone' },
      { id: 'e2', how: 'alone' },
    ]);
    expect(await groups.run({ id: 'e3' })).toContain('in a group');
  });

  it('runs statements sent together in order: the later sees what committed while the first waited', async () => {
    const { pipelined } = t.services.database;
    if (!pipelined) throw new Error('PostgreSQL only');
    await sql`insert into group_lock (id) values ('k')`.execute(t.services.database.db);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another writer holds the row and adds one of its own, committed only after the group sent.
    const writer = t.services.database.db.transaction().execute(async (trx) => {
      await sql`select id from group_lock where id = 'k' for update`.execute(trx);
      await sql`insert into group_probe (id, how) values ('w1', 'writer')`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    const groups = postgresGroups<string, number>(pipelined, {
      key: (unit) => unit,
      alone: async () => -1,
      work: async ({ queries }, units) => {
        const [, seen] = await queries<[unknown[], { n: number }[]]>([
          [`select id from group_lock where id = 'k' for no key update`, []],
          [`select count(*)::int as n from group_probe where id = 'w1'`, []],
        ]);
        return units.map(() => ({ ok: true, value: seen[0]?.n ?? -2 }));
      },
    });
    const answer = groups.run('f1');
    // The group waits for the row while the writer still holds it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(groups.state()).toMatchObject({ running: 1 });
    release();
    await writer;
    expect(await answer).toBe(1);
  });

  it('commits a group that asks for no last statement after its work', async () => {
    const alone: string[] = [];
    const groups = runner(alone);
    await Promise.all([groups.run({ id: 'd1', noLast: true }), groups.run({ id: 'd2' })]);
    expect((await stored()).filter((r) => r.id.startsWith('d'))).toEqual([
      { id: 'd1', how: 'group' },
      { id: 'd2', how: 'group' },
    ]);
    expect(alone).toEqual([]);
    // The transaction ended: another connection sees the rows and no lock is held.
    const open = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`.execute(
      t.services.database.db,
    );
    expect(open.rows[0]?.n).toBe(0);
  });
});
