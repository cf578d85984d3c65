import type { Kysely } from 'kysely';

// When each scheduled job runs next (issue 26): a run claims its turn by moving `next_at` in one
// conditional statement, so with several instances, or after a restart, a job runs once per
// interval. `failures` counts the runs in a row that could not reach the job's source (backoff).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_schedule')
    .addColumn('job', 'text', (c) => c.primaryKey().notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedule').execute();
}
