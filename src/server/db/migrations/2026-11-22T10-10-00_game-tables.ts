import { sql, type Kysely } from 'kysely';

// Our tables. Instants are ISO-8601 UTC text (same ordering and meaning on SQLite and
// PostgreSQL); flags are integers 0/1 because better-sqlite3 cannot bind booleans.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('competitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('route', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('flag', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('season_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_key', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(1000))
    .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fixtures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('round_label', 'text', (c) => c.notNull())
    .addColumn('round_order', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('kickoff_at', 'text', (c) => c.notNull())
    .addColumn('home_team', 'text', (c) => c.notNull())
    .addColumn('away_team', 'text', (c) => c.notNull())
    .addColumn('venue', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    .addColumn('home_score', 'integer')
    .addColumn('away_score', 'integer')
    .addColumn('first_goal_minute', 'integer')
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fixtures_competition_kickoff_idx')
    .on('fixtures')
    .columns(['competition_id', 'kickoff_at'])
    .execute();

  await db.schema
    .createTable('leagues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('competition_id', 'text', (c) => c.notNull().references('competitions.id'))
    .addColumn('admin_user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('join_by_name', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('leagues_name_lower_uq')
    .on('leagues')
    .unique()
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('teams_league_name_lower_uq')
    .on('teams')
    .unique()
    .expression(sql`league_id, lower(name)`)
    .execute();
  await db.schema.createIndex('teams_user_idx').on('teams').column('user_id').execute();

  await db.schema
    .createTable('predictions')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('fixture_id', 'text', (c) =>
      c.notNull().references('fixtures.id').onDelete('cascade'),
    )
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('first_goal_minute', 'integer')
    .addColumn('joker', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer')
    .addColumn('scored_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('predictions_pk', ['team_id', 'fixture_id'])
    .execute();
  await db.schema
    .createIndex('predictions_fixture_idx')
    .on('predictions')
    .column('fixture_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['predictions', 'teams', 'leagues', 'fixtures', 'competitions']) {
    await db.schema.dropTable(table).execute();
  }
}
