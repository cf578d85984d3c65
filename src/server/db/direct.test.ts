import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { groupCommit, type DirectStatements } from './direct';

const dir = mkdtempSync(join(tmpdir(), 'firstgoal-direct-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A bare connection in WAL mode whose log is never checkpointed, so its frames count commits. */
const bare = (name: string) => {
  const connection = new SQLite(join(dir, name));
  connection.pragma('journal_mode = WAL');
  connection.pragma('wal_autocheckpoint = 0');
  connection.exec('create table t (id integer primary key, body text not null)');
  const statements: DirectStatements = {
    all: <R>(text: string, ...params: unknown[]) => connection.prepare(text).all(...params) as R[],
    get: <R>(text: string, ...params: unknown[]) =>
      connection.prepare(text).get(...params) as R | undefined,
    run: (text, ...params) => connection.prepare(text).run(...params).changes,
  };
  const direct = groupCommit(connection, statements, async (run) => run());
  const frames = () =>
    (connection.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]?.log ?? 0;
  const bodies = () =>
    (connection.prepare('select body from t order by id').all() as { body: string }[]).map(
      (r) => r.body,
    );
  return { connection, direct, frames, bodies };
};

const insert = (body: string) => (s: DirectStatements) =>
  s.run('insert into t (body) values (?)', body);

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('group commit on SQLite', () => {
  it('commits the units asked for in one turn together', async () => {
    const { connection, direct, frames, bodies } = bare('group.sqlite');
    try {
      // The log is copied into the database file by a passive checkpoint above; only frames
      // written after it count.
      connection.pragma('wal_checkpoint(TRUNCATE)');
      await Promise.all(Array.from({ length: 20 }, (_, i) => direct.transaction(insert(`g${i}`))));
      const grouped = frames();
      connection.pragma('wal_checkpoint(TRUNCATE)');
      for (let i = 0; i < 20; i += 1) await direct.transaction(insert(`s${i}`));
      const oneByOne = frames();
      expect(bodies()).toHaveLength(40);
      // One commit writes the changed page once; twenty commits write it twenty times.
      expect(grouped).toBeLessThanOrEqual(2);
      expect(oneByOne).toBeGreaterThanOrEqual(20);
    } finally {
      connection.close();
    }
  });

  it('undoes only the unit that throws, and settles each with its own result', async () => {
    const { connection, direct, bodies } = bare('savepoints.sqlite');
    try {
      const results = await Promise.allSettled([
        direct.transaction((s) => insert('a')(s) + 10),
        direct.transaction((s) => {
          insert('b')(s);
          throw new Error('refused');
        }),
        direct.transaction(insert('c')),
      ]);
      expect(results[0]).toEqual({ status: 'fulfilled', value: 11 });
      expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
      expect(results[2]).toEqual({ status: 'fulfilled', value: 1 });
      expect(bodies()).toEqual(['a', 'c']);
      expect(connection.inTransaction).toBe(false);
    } finally {
      connection.close();
    }
  });

  it('lets timers run between groups when units take longer than a group’s budget', async () => {
    const { connection, direct, bodies } = bare('budget.sqlite');
    try {
      let done = 0;
      let doneWhenTimerRan = -1;
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          direct.transaction((s) => {
            // A timer due while the first group still runs (it takes at least 4 ms).
            if (i === 0)
              setTimeout(() => {
                doneWhenTimerRan = done;
              }, 0);
            busy(3);
            insert(`u${i}`)(s);
            done += 1;
          }),
        ),
      );
      expect(doneWhenTimerRan).toBeGreaterThan(0);
      expect(doneWhenTimerRan).toBeLessThan(10);
      // Order is kept across groups.
      expect(bodies()).toEqual(Array.from({ length: 10 }, (_, i) => `u${i}`));
    } finally {
      connection.close();
    }
  });

  it('never runs inside a Kysely transaction open on the same connection', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir, 'app.sqlite') });
    try {
      const { db, direct } = database;
      if (!direct) throw new Error('SQLite has a direct path');
      await sql`create table t (id integer primary key, body text not null)`.execute(db);
      const order: string[] = [];
      const spanning = db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into t (body) values ('rolled back')`.execute(trx);
          order.push('kysely wrote');
          await new Promise((resolve) => setTimeout(resolve, 30));
          order.push('kysely throws');
          throw new Error('undo');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const unit = direct.transaction((s) => {
        order.push('unit');
        return s.run("insert into t (body) values ('kept')");
      });
      await Promise.all([spanning, unit]);
      // The unit waited for the transaction to end; had it run inside, the rollback took it too.
      expect(order).toEqual(['kysely wrote', 'kysely throws', 'unit']);
      const { rows } = await sql<{ body: string }>`select body from t`.execute(db);
      expect(rows.map((r) => r.body)).toEqual(['kept']);
    } finally {
      await database.close();
    }
  });
});
