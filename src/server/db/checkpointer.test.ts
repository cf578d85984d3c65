import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openDatabase } from './database';
import { inTransaction } from './transaction';

const dir = mkdtempSync(join(tmpdir(), 'firstgoal-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite checkpointer', () => {
  it('leaves checkpoints out of the app connection’s commits', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir, 'app.sqlite') });
    try {
      const { rows } = await sql<{
        wal_autocheckpoint: number;
      }>`pragma wal_autocheckpoint`.execute(database.db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('copies the log into the database file in its worker', async () => {
    const path = join(dir, 'log.sqlite');
    const connection = new SQLite(path);
    connection.pragma('journal_mode = WAL');
    connection.pragma('wal_autocheckpoint = 0');
    connection.exec('create table t (id integer primary key, body text)');
    const insert = connection.prepare('insert into t (body) values (?)');
    connection.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(3000));
    })();
    const before = statSync(path).size;
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(5_000_000);
    const checkpointer = startCheckpointer(path);
    try {
      await checkpointer.checkpoint();
      expect(statSync(path).size).toBeGreaterThan(before + 5_000_000);
      // The app's connection reads the same rows afterwards and keeps writing.
      expect(connection.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
      insert.run('after');
      await checkpointer.checkpoint();
    } finally {
      await checkpointer.close();
      connection.close();
    }
    // A second close and a checkpoint after close are harmless.
    await checkpointer.close();
    await checkpointer.checkpoint();
  });

  it('brings the log back to its start while commits never pause', async () => {
    const path = join(dir, 'steady.sqlite');
    const database = openDatabase({ dialect: 'sqlite', path });
    // The log's header counts how often it started again from the top (its checkpoint sequence
    // number, bytes 12–15).
    const restarts = () => {
      const header = Buffer.alloc(16);
      const fd = openSync(`${path}-wal`, 'r');
      try {
        readSync(fd, header, 0, 16, 0);
      } finally {
        closeSync(fd);
      }
      return header.readUInt32BE(12);
    };
    try {
      await sql`create table t (id integer primary key, body text)`.execute(database.db);
      let commits = 0;
      const before = restarts();
      const until = performance.now() + 2500;
      // Kysely transactions and group commits back to back, never an idle turn between them.
      while (performance.now() < until) {
        await inTransaction(database.db, async (trx) => {
          for (let i = 0; i < 20; i += 1)
            await sql`insert into t (body) values (${'x'.repeat(5000)})`.execute(trx);
        });
        await database.direct?.transaction((s) =>
          s.run('insert into t (body) values (?)', 'y'.repeat(5000)),
        );
        commits += 1;
      }
      // Without holding writes the log never starts again (all of it, some 190,000 frames here, is
      // still in it); with it, it does several times a second.
      expect(commits).toBeGreaterThan(500);
      expect(restarts() - before).toBeGreaterThanOrEqual(2);
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(database.db);
      expect(rows[0]?.n).toBe(commits * 21);
    } finally {
      await database.close();
    }
  });
});
