import { sql, type Kysely } from 'kysely';

// Derived totals (docs/design.md §2 'Derived totals', §3 'Scoring'): standings read these, never the
// predictions of other leagues.
// - team_totals: per team and season (the league is the team's): points, exact first-goal
//   minutes, correct outcomes of scored predictions, predictions made and jokers placed. Ranked
//   straight off an index in the table's order (points, exact minutes, correct outcomes).
// - round_totals: per team, season and round: points, exact minutes and correct outcomes.
// - predictions.tallied: what the totals hold of this prediction (null: nothing yet, e.g. a row
//   from a bulk load). 1 = counted as made, + 2 correct outcome, + 4 exact minute, + 8 joker;
//   its points are the row's own `points`. Every write that changes what a prediction counts
//   moves the totals by the difference in the same transaction, so the totals always equal the
//   sum of the tallies, and re-running any step changes nothing.
// - team_key: the team's name lower-cased (its last tie-break), so a page of any table is read
//   straight off the rank index.
// - tally_runs: a fixture whose predictions are being (re)tallied in batches of leagues; the
//   cursor is the last league done, so a run interrupted by a restart resumes where it stopped.
// Nothing here is required of a row inserted into the four player tables by hand.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('predictions').addColumn('tallied', 'integer').execute();
  await sql`create index predictions_untallied_idx on predictions (fixture_id) where tallied is null`.execute(
    db,
  );
  await db.schema
    .createIndex('leagues_competition_idx')
    .on('leagues')
    .columns(['competition_id', 'id'])
    .execute();

  await db.schema
    .createTable('team_totals')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('team_key', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exact_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_outcomes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jokers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('team_totals_pk', ['team_id', 'season'])
    .execute();
  await sql`create index team_totals_rank_idx on team_totals (league_id, season, points desc, exact_minutes desc, correct_outcomes desc, team_key, team_id)`.execute(
    db,
  );

  await db.schema
    .createTable('round_totals')
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('round_label', 'text', (c) => c.notNull())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('team_key', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exact_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_outcomes', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('round_totals_pk', ['team_id', 'season', 'round_label'])
    .execute();
  await sql`create index round_totals_rank_idx on round_totals (league_id, season, round_label, points desc, exact_minutes desc, correct_outcomes desc, team_key, team_id)`.execute(
    db,
  );

  await db.schema
    .createTable('tally_runs')
    .addColumn('fixture_id', 'text', (c) =>
      c.primaryKey().references('fixtures.id').onDelete('cascade'),
    )
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('queued_at', 'text', (c) => c.notNull())
    .execute();

  // Predictions already stored are tallied by a run per fixture at the next start.
  const at = new Date().toISOString();
  await sql`insert into tally_runs (fixture_id, generation, cursor, queued_at)
    select distinct fixture_id, 1, '', ${at} from predictions`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tally_runs').execute();
  await db.schema.dropTable('round_totals').execute();
  await db.schema.dropTable('team_totals').execute();
  await db.schema.dropIndex('leagues_competition_idx').execute();
  await db.schema.dropIndex('predictions_untallied_idx').execute();
  await db.schema.alterTable('predictions').dropColumn('tallied').execute();
}
