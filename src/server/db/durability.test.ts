import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { inDerivedTransaction, inTransaction } from './transaction';

// Issue 26, item 5: an acknowledged save is durable. In WAL mode `synchronous = NORMAL` flushes
// the log only at checkpoints (kill -9 loses nothing, a power cut can); FULL flushes every commit
// before it returns, so a save's promise settles only once its group is on disk.

const dir = mkdtempSync(join(tmpdir(), 'firstgoal-durability-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite file', () => {
  it('is opened in WAL mode with synchronous = FULL', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir, 'durable.sqlite') });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
      expect(Number(sync.rows[0]?.synchronous)).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('lets only a transaction of derived data commit unflushed, and is FULL again after it', async () => {
    const database = openDatabase({ dialect: 'sqlite', path: join(dir, 'derived.sqlite') });
    const level = async () =>
      Number(
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db)).rows[0]
          ?.synchronous,
      );
    try {
      await sql`create table t (x integer)`.execute(database.db);
      await inDerivedTransaction(database, (trx) => sql`insert into t values (1)`.execute(trx));
      expect(await level()).toBe(2);
      // Also when the derived work fails (rolled back).
      await expect(
        inDerivedTransaction(database, async (trx) => {
          await sql`insert into t values (2)`.execute(trx);
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await level()).toBe(2);
      // A save's group commit and an ordinary transaction meanwhile commit at FULL.
      const [saved] = await Promise.all([
        database.direct?.transaction((s) => s.run('insert into t values (3)')),
        inDerivedTransaction(database, (trx) => sql`insert into t values (4)`.execute(trx)),
        inTransaction(database.db, (trx) => sql`insert into t values (5)`.execute(trx)),
      ]);
      expect(saved).toBe(1);
      expect(await level()).toBe(2);
      const rows = await sql<{ x: number }>`select x from t order by x`.execute(database.db);
      expect(rows.rows.map((r) => r.x)).toEqual([1, 3, 4, 5]);
    } finally {
      await database.close();
    }
  });
});
