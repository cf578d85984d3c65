import type { Kysely } from 'kysely';

// standings_versions: a counter per league that moves whenever what its table shows may have
// moved (totals of a fixture moved or rebuilt, a team joined or left, a manager renamed). The
// standings keep the league's ranked pages in memory under it, so a table read after a goal
// costs a search of one row instead of the ranking again (docs/decisions/012). A league without
// a row is at version 0.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standings_versions')
    .addColumn('league_id', 'text', (c) =>
      c.primaryKey().references('leagues.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('standings_versions').execute();
}
