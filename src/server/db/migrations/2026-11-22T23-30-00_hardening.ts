import { sql, type Kysely } from 'kysely';

// Hardening (README 'Security'):
// - name_key on leagues and teams: the one key names are compared by (trimmed, NFKC, case
//   folded beyond ASCII), uniquely indexed in place of lower(name), which SQLite folds for ASCII
//   only. Nullable: a row inserted without it (a bulk load) stays valid and gets its key at the
//   next start. The function is frozen here: a later change of the app's key needs its own
//   migration.
// - league_bars: the owner of a team a league admin removed may not join that league again
//   until the admin lifts the bar.
// - throttles: fixed-window counters per key (client address or account), shared by every app
//   instance on one database.
// - team_totals.scored_predictions / scored_jokers: predictions and jokers on fixtures with a
//   result — what other players may see of a team's counts.

const nameKey = (name: string) => name.trim().normalize('NFKC').toUpperCase().toLowerCase();

/** Keys for every row of `table`; a later row whose key is taken gets ' (2)', ' (3)', … */
const backfill = async (db: Kysely<any>, table: 'leagues' | 'teams') => {
  const rows = (await db
    .selectFrom(table)
    .select(table === 'teams' ? ['id', 'name', 'league_id as scope'] : ['id', 'name'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as { id: string; name: string; scope?: string }[];
  const taken = new Set<string>();
  for (const row of rows) {
    let name = row.name;
    let key = `${row.scope ?? ''}\u0001${nameKey(name)}`;
    for (let n = 2; taken.has(key); n += 1) {
      name = `${row.name} (${n})`;
      key = `${row.scope ?? ''}\u0001${nameKey(name)}`;
    }
    taken.add(key);
    await db
      .updateTable(table)
      .set({ name, name_key: nameKey(name) })
      .where('id', '=', row.id)
      .execute();
  }
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('name_key', 'text').execute();
  await db.schema.alterTable('teams').addColumn('name_key', 'text').execute();
  await backfill(db, 'leagues');
  await backfill(db, 'teams');
  await db.schema.dropIndex('leagues_name_lower_uq').execute();
  await db.schema.dropIndex('teams_league_name_lower_uq').execute();
  await db.schema
    .createIndex('leagues_name_key_uq')
    .on('leagues')
    .unique()
    .column('name_key')
    .execute();
  await db.schema
    .createIndex('teams_name_key_uq')
    .on('teams')
    .unique()
    .columns(['league_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('league_bars')
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('barred_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_bars_pk', ['league_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttles_reset_idx').on('throttles').column('reset_at').execute();

  await db.schema
    .alterTable('team_totals')
    .addColumn('scored_predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('team_totals')
    .addColumn('scored_jokers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // What the tallies hold of predictions with points (scored fixtures).
  await sql`update team_totals set
      scored_predictions = (select count(*) from predictions p join fixtures f on f.id = p.fixture_id
        where p.team_id = team_totals.team_id and f.season = team_totals.season
          and p.tallied is not null and p.points is not null),
      scored_jokers = (select count(*) from predictions p join fixtures f on f.id = p.fixture_id
        where p.team_id = team_totals.team_id and f.season = team_totals.season
          and p.tallied is not null and p.points is not null and (p.tallied / 8) % 2 = 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_totals').dropColumn('scored_jokers').execute();
  await db.schema.alterTable('team_totals').dropColumn('scored_predictions').execute();
  await db.schema.dropTable('throttles').execute();
  await db.schema.dropTable('league_bars').execute();
  await db.schema.dropIndex('teams_name_key_uq').execute();
  await db.schema.dropIndex('leagues_name_key_uq').execute();
  await sql`create unique index leagues_name_lower_uq on leagues (lower(name))`.execute(db);
  await sql`create unique index teams_league_name_lower_uq on teams (league_id, lower(name))`.execute(
    db,
  );
  await db.schema.alterTable('teams').dropColumn('name_key').execute();
  await db.schema.alterTable('leagues').dropColumn('name_key').execute();
}
