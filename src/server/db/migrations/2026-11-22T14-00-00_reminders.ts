import type { Kysely } from 'kysely';

// E-mail reminders: who opted in (with a token for the unsubscribe link), and which reminder
// mails went out. The primary key of reminder_sends makes "one mail per player per round" a
// database fact, so a second run (or a restart in between) cannot send twice.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('round_key', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'text')
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reminder_sends_pk', ['user_id', 'round_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reminder_sends').execute();
  await db.schema.dropTable('reminder_settings').execute();
}
