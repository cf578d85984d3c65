import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

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
});
