import { sql, type Kysely } from 'kysely';

// Seasons and fair deadlines (docs/design.md §2, §3):
// - fixtures.season: the season a fixture belongs to ('2026-27'; '' = one unnamed season). It
//   comes from the fixture's source, never from its date.
// - fixtures.time_confirmed: 0 while only the date is known (kick-off_at then holds an 11:00
//   local placeholder, so picks close before any real kick-off that day).
// - fixtures.field_origins: who last set each group of facts ({"kickoff":"admin"}). Absent means
//   the built-in catalogue. A catalogue re-load changes only facts still its own; the sync never
//   overwrites what an admin set.
// - sync_status: the last run of a fixture source per competition, for the admin area.

// Frozen copy of the field groups (migrations never import app code): audit fields → group.
const groupOfField: Record<string, string> = {
  kickoffAt: 'kickoff',
  status: 'status',
  homeTeam: 'teams',
  awayTeam: 'teams',
  homeScore: 'result',
  awayScore: 'result',
  firstGoalMinute: 'minute',
  round: 'round',
  roundOrder: 'round',
  venue: 'venue',
};
const rank: Record<string, number> = { 'football-data': 2, admin: 3 };

/**
 * Who set what before origins were recorded, read back from the audit trail: an admin's edits
 * and imports (an actor user) own the groups they changed, a fixture an admin created its
 * schedule; football-data's edits the groups they changed.
 */
const originsFromAudit = async (db: Kysely<any>) => {
  const rows = (await db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', 'actor_user_id', 'actor_label', 'before_json', 'after_json'])
    .where('entity_type', '=', 'fixture')
    .where('action', 'in', ['fixture.update', 'fixture.create'])
    .execute()) as {
    entity_id: string;
    action: string;
    actor_user_id: string | null;
    actor_label: string;
    before_json: string | null;
    after_json: string | null;
  }[];
  const owners = new Map<string, Record<string, string>>();
  const parse = (json: string | null): Record<string, unknown> => {
    try {
      return json ? (JSON.parse(json) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  for (const row of rows) {
    const origin = row.actor_user_id
      ? 'admin'
      : row.actor_label === 'football-data'
        ? 'football-data'
        : null;
    if (!origin) continue;
    const before = parse(row.before_json);
    const after = parse(row.after_json);
    const groups =
      row.action === 'fixture.create'
        ? ['kickoff', 'teams', 'round', 'venue']
        : Object.entries(groupOfField)
            .filter(([field]) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
            .map(([, group]) => group);
    const owner = owners.get(row.entity_id) ?? {};
    for (const group of groups)
      if ((rank[owner[group] ?? ''] ?? 0) < (rank[origin] ?? 0)) owner[group] = origin;
    owners.set(row.entity_id, owner);
  }
  return owners;
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('fixtures')
    .addColumn('season', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('fixtures')
    .addColumn('time_confirmed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('fixtures').addColumn('field_origins', 'text').execute();
  await db.schema
    .createIndex('fixtures_competition_season_kickoff_idx')
    .on('fixtures')
    .columns(['competition_id', 'season', 'kickoff_at'])
    .execute();
  // Fixtures stored so far belong to the season their competition was in.
  await sql`update fixtures set season = coalesce((select c.season_label from competitions c where c.id = fixtures.competition_id), '')`.execute(
    db,
  );
  for (const [id, owner] of await originsFromAudit(db))
    if (Object.keys(owner).length > 0)
      await db
        .updateTable('fixtures')
        .set({ field_origins: JSON.stringify(owner) })
        .where('id', '=', id)
        .execute();

  await db.schema
    .createTable('sync_status')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('competition_id', 'text', (c) =>
      c.notNull().references('competitions.id').onDelete('cascade'),
    )
    .addColumn('season', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('summary_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('error', 'text')
    .addColumn('last_success_at', 'text')
    .addPrimaryKeyConstraint('sync_status_pk', ['source', 'competition_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sync_status').execute();
  await db.schema.dropIndex('fixtures_competition_season_kickoff_idx').execute();
  await db.schema.alterTable('fixtures').dropColumn('field_origins').execute();
  await db.schema.alterTable('fixtures').dropColumn('time_confirmed').execute();
  await db.schema.alterTable('fixtures').dropColumn('season').execute();
}
