import type { Kysely } from 'kysely';

// Goal alerts (issue 29): a player's choice per league (no row: on). Alerts go only to players
// whose teams have a pick on the fixture, so "on" is the default wherever they have picks. What
// was sent is a row of push_sends per player, fixture and team (round_key) and message (lead:
// goal:<minute>, undo:<minute>, ft), so no instance sends it twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('goal_alert_settings')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('goal_alert_settings_pk', ['user_id', 'league_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('goal_alert_settings').execute();
}
