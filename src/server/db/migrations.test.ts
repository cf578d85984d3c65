import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/test-app';
import { createMigrator } from './migrate';

describe('migrations', () => {
  it('go all the way down and up again on this dialect', async () => {
    const t = await createTestApp();
    try {
      const migrator = createMigrator(t.services.database.db);
      const before = await migrator.getMigrations();
      expect(before.every((m) => m.executedAt)).toBe(true);
      for (let i = 0; i < before.length; i += 1) {
        const { error } = await migrator.migrateDown();
        expect(error).toBeUndefined();
      }
      expect((await migrator.getMigrations()).some((m) => m.executedAt)).toBe(false);
      const { error, results } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((r) => r.status)).toEqual(before.map(() => 'Success'));
    } finally {
      await t.close();
    }
  });

  it('enforce case-insensitive unique league and team names in the database itself', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.services.database;
      const now = new Date().toISOString();
      const league = (id: string, name: string, code: string) => ({
        id,
        name,
        invite_code: code,
        competition_id: 'premier_league',
        admin_user_id: null,
        created_at: now,
        updated_at: now,
      });
      await db
        .insertInto('leagues')
        .values(league('l1', 'Saturday Club', 'AAAAAA'))
        .execute();
      await expect(
        db
          .insertInto('leagues')
          .values(league('l2', 'SATURDAY club', 'BBBBBB'))
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .insertInto('leagues')
          .values(league('l3', 'Other', 'AAAAAA'))
          .execute(),
      ).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
