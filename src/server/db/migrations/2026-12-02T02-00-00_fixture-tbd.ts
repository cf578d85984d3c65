import { sql, type Kysely } from 'kysely';

// Teams to be determined (issue 50): a fixture whose teams are not known yet (a knockout slot a
// source lists with placeholder competitors, or a team an admin named 'TBD') carries a flag of
// its own; predictions, the hub, reminders, the calendar and bonus questions read the flag, not
// the names. Fixtures stored before it are flagged by the old rule (a team named 'TBD').

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('fixtures')
    .addColumn('tbd', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update fixtures set tbd = 1
    where upper(trim(home_team)) = 'TBD' or upper(trim(away_team)) = 'TBD'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fixtures').dropColumn('tbd').execute();
}
