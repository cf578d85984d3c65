import type { Kysely } from 'kysely';

// league_rules: a league's own rules from a season on (docs/design.md §3 has the game's: 1 + 3 points,
// two jokers, picks close at kick-off). A league plays, in a season, the row of the latest season
// up to it, else the defaults: a change is written for the competition's current season, so
// finished seasons keep the rules they were played with and later seasons carry them on. Rows
// from a bulk load need none (no row: the defaults).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('league_rules')
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('outcome_points', 'integer', (c) => c.notNull())
    .addColumn('minute_points', 'integer', (c) => c.notNull())
    .addColumn('jokers', 'integer', (c) => c.notNull())
    .addColumn('lock_minutes', 'integer', (c) => c.notNull())
    .addColumn('near_miss_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('near_miss_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_rules_pk', ['league_id', 'season'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('league_rules').execute();
}
