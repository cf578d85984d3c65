import type { Kysely } from 'kysely';

// Seasons and fair deadlines (DESIGN §2, §3):
// - fixtures.season: the season a fixture belongs to ('2026-27'; '' = one unnamed season). It
//   comes from the fixture's source, never from its date.
// - fixtures.time_confirmed: 0 while only the date is known (kick-off_at then holds an 11:00
//   local placeholder, so picks close before any real kick-off that day).
// - fixtures.field_origins: who last set each group of facts ({"kickoff":"admin"}). Absent means
//   the built-in catalogue. A catalogue re-load changes only facts still its own; the sync never
//   overwrites what an admin set.
// - sync_status: the last run of a fixture source per competition, for the admin area.

const adminOwned =
  '{"kickoff":"admin","status":"admin","teams":"admin","result":"admin","minute":"admin","round":"admin","venue":"admin"}';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('fixtures')
    .addColumn('season', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('fixtures')
    .addColumn('time_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('fixtures').addColumn('field_origins', 'text').execute();
  await db.schema
    .createIndex('fixtures_competition_season_kickoff_idx')
    .on('fixtures')
    .columns(['competition_id', 'season', 'kickoff_at'])
    .execute();
  // Fixtures an admin changed before origins were recorded: theirs, in every respect.
  await db
    .updateTable('fixtures')
    .set({ field_origins: adminOwned })
    .where(
      'id',
      'in',
      db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('entity_type', '=', 'fixture')
        .where('actor_user_id', 'is not', null),
    )
    .execute();

  await db.schema
    .createTable('sync_status')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('season', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('summary_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('error', 'text')
    .addColumn('last_success_at', 'text')
    .addPrimaryKeyConstraint('sync_status_pk', ['source', 'competition_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_status').execute();
  await db.schema.dropIndex('fixtures_competition_season_kickoff_idx').execute();
  await db.schema.alterTable('fixtures').dropColumn('field_origins').execute();
  await db.schema.alterTable('fixtures').dropColumn('time_confirmed').execute();
  await db.schema.alterTable('fixtures').dropColumn('season').execute();
}
