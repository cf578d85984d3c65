import type { Kysely } from 'kysely';

// The matchday story (issue 33).
//
// league_stories: a league's story of a finished round, kept as facts (JSON, worded in each
// reader's language when shown), never as text. `signature` fingerprints the round's fixtures
// (status, score, first-goal minute) when the facts were worked out: a correction changes it and
// the facts are worked out again; `updated_at` is set when they came out different ('updated').
// `facts_json` null: nobody in the league played the round (nothing to tell, nothing to redo).
//
// league_pins: the one message of its own a league admin pinned above the story.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('league_stories')
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('round_label', 'text', (c) => c.notNull())
    .addColumn('round_order', 'integer', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('facts_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .addPrimaryKeyConstraint('league_stories_pk', ['league_id', 'season', 'round_label'])
    .execute();
  await db.schema
    .createTable('league_pins')
    .addColumn('league_id', 'text', (c) =>
      c.primaryKey().references('leagues.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'text', (c) =>
      c.notNull().references('league_messages.id').onDelete('cascade'),
    )
    .addColumn('pinned_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('league_pins').execute();
  await db.schema.dropTable('league_stories').execute();
}
