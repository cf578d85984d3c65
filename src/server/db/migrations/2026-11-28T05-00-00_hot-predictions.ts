import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL at SQLite's speed (issue 30): scoring a fixture rewrites its predictions' `points`
// and `tallied`, and a rebuild every prediction's. PostgreSQL can update a row in place on its
// page (a HOT update: no new entry in any index) only when no indexed column changes and the
// page has room. `tallied` sat in the predicate of the partial index `predictions_untallied_idx`,
// so every such update also wrote three index entries; and full pages left no room. On
// PostgreSQL the index goes (the one query that used it runs once at start-up, in the
// background, as a scan) and new pages keep a fifth free. Existing pages gain room when
// rewritten (`VACUUM FULL predictions` in a quiet hour). SQLite updates in place anyway.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop index if exists predictions_untallied_idx`.execute(db);
  await sql`alter table predictions set (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table predictions reset (fillfactor)`.execute(db);
  await sql`create index predictions_untallied_idx on predictions (fixture_id) where tallied is null`.execute(
    db,
  );
}
