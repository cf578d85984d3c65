import type { Kysely } from 'kysely';

// The league's own conversation and open log (issue 32).
//
// league_messages: a message is posted as one of the poster's teams; team_name keeps the name at
// the time (a removed team's messages stay under it), user_id who wrote it (null once the account
// is deleted). A deleted message keeps its row without text, `deleted_by` saying who removed it
// (author, league_admin, site_admin, account) so the feed can say so. Read newest first by
// (league_id, created_at, id); a fixture's messages by (fixture_id, created_at).
//
// league_log: what changed in a league and by whom, as member-safe facts (names at the time,
// never an e-mail or an invite code). fixture_log: confirmed results and kick-offs changed by a
// site admin or a source, per competition; a league's log merges its own rows with its
// competition's from the league's creation on, each read by index and paged.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('league_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('body', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('fixture_id', 'text')
    .addColumn('mentions_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema
    .createIndex('league_messages_league_idx')
    .on('league_messages')
    .columns(['league_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('league_messages_fixture_idx')
    .on('league_messages')
    .columns(['league_id', 'fixture_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('league_messages_user_idx')
    .on('league_messages')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('league_message_reactions')
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('league_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_message_reactions_pk', ['message_id', 'emoji', 'user_id'])
    .execute();
  await db.schema
    .createIndex('league_message_reactions_user_idx')
    .on('league_message_reactions')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('league_message_reports')
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('league_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_message_reports_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('league_message_reports_user_idx')
    .on('league_message_reports')
    .column('user_id')
    .execute();
  // A member's place in a league's feed (unread counts) and their notification choice (no row:
  // read nothing yet, notifications off).
  await db.schema
    .createTable('league_feed_members')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('read_at', 'text')
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_feed_members_pk', ['user_id', 'league_id'])
    .execute();
  await db.schema
    .createIndex('league_feed_members_league_idx')
    .on('league_feed_members')
    .columns(['league_id', 'notify'])
    .execute();
  await db.schema
    .createTable('league_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('league_log_league_idx')
    .on('league_log')
    .columns(['league_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('fixture_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) => c.notNull())
    .addColumn('fixture_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text')
    .addColumn('data_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fixture_log_competition_idx')
    .on('fixture_log')
    .columns(['competition_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'fixture_log',
    'league_log',
    'league_feed_members',
    'league_message_reports',
    'league_message_reactions',
    'league_messages',
  ])
    await db.schema.dropTable(table).execute();
}
