import type { Kysely } from 'kysely';

// Web Push reminders and the private calendar feed.
// - app_keys: keys generated once and shared by every instance (the VAPID key pair), unless the
//   environment sets them.
// - push_subscriptions: one row per browser that opted in; the endpoint names it (a device that
//   changes hands moves to the player who subscribed last). Gone when the push service says so.
// - push_sends: "one push per player, round and lead time" as a database fact, like
//   reminder_sends, so a second run or a second instance sends nothing.
// - calendar_feeds: the secret token in a player's ICS address (reset by making a new one).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('push_sends')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('round_key', 'text', (c) => c.notNull())
    .addColumn('lead', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_sends_pk', ['user_id', 'round_key', 'lead'])
    .execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
  await db.schema.dropTable('push_sends').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('app_keys').execute();
}
