import type { Kysely } from 'kysely';

// better-auth's rate-limit counters in the database (its `rateLimit` model), so that every app
// instance on one PostgreSQL database counts against the same limit. SQLite (one process) keeps
// them in memory; the table exists on both so the schema is one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rateLimit').execute();
}
