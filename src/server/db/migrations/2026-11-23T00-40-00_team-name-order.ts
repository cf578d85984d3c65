import { sql, type Kysely } from 'kysely';

// A league's teams in name order (the round table's teams without points, the parts a large
// league's totals move in) are read off this index, as they were off the unique lower(name)
// index that name_key replaced.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index teams_league_name_order_idx on teams (league_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('teams_league_name_order_idx').execute();
}
