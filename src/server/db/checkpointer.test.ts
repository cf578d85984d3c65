import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openDatabase } from './database';

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
});
