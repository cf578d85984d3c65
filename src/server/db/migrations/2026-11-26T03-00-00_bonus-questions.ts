import type { Kysely } from 'kysely';

// Bonus questions of a league (docs/design.md §3, issue 14): the league admin asks (the season's champion,
// its top scorer, a relegated team, or a free question with options) with points and a deadline;
// each team answers once (changeable until the deadline); settling gives every answer its points.
// team_totals.bonus_points is the settled bonus of a team's season, already counted in its
// `points` (the table's order needs one stored total); rows from before are right with 0.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bonus_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text')
    .addColumn('options_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('correct_json', 'text')
    .addColumn('settled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bonus_questions_league_idx')
    .on('bonus_questions')
    .columns(['league_id', 'season', 'deadline_at'])
    .execute();
  await db.schema
    .createTable('bonus_answers')
    .addColumn('question_id', 'text', (c) =>
      c.notNull().references('bonus_questions.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    // The answer compared: lower-cased, accents and spacing folded (top scorers are typed).
    .addColumn('answer_key', 'text', (c) => c.notNull())
    .addColumn('points', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bonus_answers_pk', ['question_id', 'team_id'])
    .execute();
  await db.schema
    .createIndex('bonus_answers_key_idx')
    .on('bonus_answers')
    .columns(['question_id', 'answer_key'])
    .execute();
  await db.schema
    .createIndex('bonus_answers_team_idx')
    .on('bonus_answers')
    .column('team_id')
    .execute();
  await db.schema
    .alterTable('team_totals')
    .addColumn('bonus_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_totals').dropColumn('bonus_points').execute();
  await db.schema.dropTable('bonus_answers').execute();
  await db.schema.dropTable('bonus_questions').execute();
}
