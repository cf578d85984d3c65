import { nameKey } from '../../domain/leagues';
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

  it('enforce unique league names by their key (case and Unicode folded) in the database itself', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.services.database;
      const now = new Date().toISOString();
      const league = (id: string, name: string, code: string) => ({
        id,
        name,
        name_key: nameKey(name),
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
      await db
        .insertInto('leagues')
        .values(league('l4', 'Équipe Paris', 'CCCCCC'))
        .execute();
      await expect(
        db
          .insertInto('leagues')
          .values(league('l5', ' ÉQUIPE PARIS ', 'DDDDDD'))
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

describe('the seasons migration', () => {
  it('files stored fixtures under their competition’s season and reads origins from the audit trail', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.services.database;
      const user = (await t.agent().signUp('old-admin@example.com')).body.user.id as string;
      const migrator = createMigrator(db);
      expect((await migrator.migrateTo('2026-11-22T14-00-00_reminders')).error).toBeUndefined();
      // A database as it was before: the competition in 2025-26, an admin's and football-data's
      // changes in the audit trail.
      await db
        .updateTable('competitions')
        .set({ season_label: '2025-26' })
        .where('id', '=', 'premier_league')
        .execute();
      const audit = (
        id: string,
        actor: string | null,
        label: string,
        action: string,
        before: unknown,
        after: unknown,
      ) => ({
        id: `${id}-${label}-${action}`,
        actor_user_id: actor,
        actor_label: label,
        action,
        entity_type: 'fixture',
        entity_id: id,
        before_json: before === null ? null : JSON.stringify(before),
        after_json: JSON.stringify(after),
        created_at: '2026-01-01T00:00:00.000Z',
      });
      await db
        .insertInto('audit_log')
        .values([
          audit(
            'premier_league_1',
            user,
            'old-admin@example.com',
            'fixture.update',
            { kickoffAt: 'a', status: 'scheduled', homeScore: null },
            { kickoffAt: 'b', status: 'final', homeScore: 1 },
          ),
          audit(
            'premier_league_2',
            null,
            'football-data',
            'fixture.update',
            { homeScore: null, firstGoalMinute: null },
            { homeScore: 2, firstGoalMinute: 12 },
          ),
          audit(
            'premier_league_2',
            user,
            'old-admin@example.com',
            'fixture.update',
            {
              homeScore: 2,
            },
            { homeScore: 3 },
          ),
          audit(
            'premier_league_3',
            user,
            'import:old-admin@example.com',
            'fixture.create',
            null,
            {},
          ),
          audit(
            'premier_league_4',
            null,
            'demo',
            'fixture.update',
            { venue: null },
            { venue: 'x' },
          ),
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = new Map(
        (
          await db
            .selectFrom('fixtures')
            .select(['id', 'season', 'field_origins'])
            .where('competition_id', '=', 'premier_league')
            .execute()
        ).map((r) => [r.id, r]),
      );
      expect(new Set([...rows.values()].map((r) => r.season))).toEqual(new Set(['2025-26']));
      const origins = (id: string) => JSON.parse(rows.get(id)?.field_origins ?? '{}');
      expect(origins('premier_league_1')).toEqual({
        kickoff: 'admin',
        status: 'admin',
        result: 'admin',
      });
      expect(origins('premier_league_2')).toEqual({ result: 'admin', minute: 'football-data' });
      expect(origins('premier_league_3')).toEqual({
        kickoff: 'admin',
        teams: 'admin',
        round: 'admin',
        venue: 'admin',
      });
      expect(rows.get('premier_league_4')?.field_origins).toBeNull();
    } finally {
      await t.close();
    }
  });
});
