import type { Kysely } from 'kysely';

// What fixture sources said that was refused (issue 49): per source, reason and UTC day, how
// many reports or answers were refused, and the last one (the admins' sync overview; /metrics
// counts the same per process).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('source_refusals')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('refusals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('last_detail', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('source_refusals_pk', ['source', 'reason', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('source_refusals').execute();
}
