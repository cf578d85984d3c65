import type { Kysely } from 'kysely';

// Live sources (issue 28). On fixtures: the match clock while live, who changed the fixture last
// (a source or 'admin') and when a source last did. Beside them:
// - live_links: a source's match paired with our fixture, remembered once made;
// - live_reports: each source's latest report of a fixture and since when it has said this full
//   time (a result is confirmed by two sources agreeing or one saying it for 10 minutes);
// - live_unmatched: matches no fixture could be paired with, for the admins' sync overview;
// - team_aliases: another spelling of one of our teams, learnt from a pairing or typed by an
//   admin linking a match by hand;
// - live_requests: requests per source and day, with the last success and error.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fixtures').addColumn('clock', 'text').execute();
  await db.schema.alterTable('fixtures').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('fixtures').addColumn('source_updated_at', 'text').execute();

  await db.schema
    .createTable('live_links')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('fixture_id', 'text', (c) =>
      c.notNull().references('fixtures.id').onDelete('cascade'),
    )
    .addColumn('linked_by', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_links_pk', ['source', 'match_id'])
    .execute();
  await db.schema
    .createIndex('live_links_fixture')
    .on('live_links')
    .columns(['fixture_id', 'source'])
    .execute();

  await db.schema
    .createTable('live_reports')
    .addColumn('fixture_id', 'text', (c) =>
      c.notNull().references('fixtures.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('report_json', 'text', (c) => c.notNull())
    .addColumn('full_time_since', 'text')
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('disagreement', 'text')
    .addPrimaryKeyConstraint('live_reports_pk', ['fixture_id', 'source'])
    .execute();

  await db.schema
    .createTable('live_unmatched')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('match_id', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('kickoff_at', 'text', (c) => c.notNull())
    .addColumn('home_team', 'text', (c) => c.notNull())
    .addColumn('away_team', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_unmatched_pk', ['source', 'match_id'])
    .execute();

  await db.schema
    .createTable('team_aliases')
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('learnt_from', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_aliases_pk', ['competition_id', 'alias'])
    .execute();

  await db.schema
    .createTable('live_requests')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_success_at', 'text')
    .addColumn('last_error_at', 'text')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('live_requests_pk', ['source', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_requests').execute();
  await db.schema.dropTable('team_aliases').execute();
  await db.schema.dropTable('live_unmatched').execute();
  await db.schema.dropTable('live_reports').execute();
  await db.schema.dropTable('live_links').execute();
  await db.schema.alterTable('fixtures').dropColumn('source_updated_at').execute();
  await db.schema.alterTable('fixtures').dropColumn('updated_by').execute();
  await db.schema.alterTable('fixtures').dropColumn('clock').execute();
}
