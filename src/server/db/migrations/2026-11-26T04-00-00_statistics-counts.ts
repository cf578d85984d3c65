import { sql, type Kysely } from 'kysely';

// Counts the league statistics read (issue 14), kept by the tally statements like the other
// totals, over scored predictions only (a final fixture with a result: what others may see):
// - team_totals.scored_draws: a team's scored predictions of a draw ('X') in a season.
// - minute_counts (league, season, minute): the league's scored predictions naming that
//   first-goal minute (0: no goal), upserted with differences grouped by league and minute.
// - predictions.tallied records what these counts hold of a prediction, as it does for the rest:
//   16 when counted as a scored draw, plus 32 × (minute + 1) when counted under a minute (bits 1
//   to 8 are unchanged), so a later run moves the counts by (new − old) whatever was saved since.
//
// Backfill: rows already scored (a bulk load counted by an earlier run) get their marks and the
// counts here, in this migration, so the statistics are right at the first start; rows not
// tallied yet are counted by their run like any other.

const scoredRow = sql`tallied is not null and points is not null`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('team_totals')
    .addColumn('scored_draws', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('minute_counts')
    .addColumn('league_id', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('season', 'text', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('predictions', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('minute_counts_pk', ['league_id', 'season', 'minute'])
    .execute();

  // Marks first (from the picks as stored), then the counts from the marks.
  await sql`update predictions set tallied = tallied % 16
      + (case when outcome = 'X' then 16 else 0 end)
      + (case when first_goal_minute is null then 0 else 32 * (first_goal_minute + 1) end)
    where ${scoredRow}`.execute(db);
  await sql`update team_totals set scored_draws = (select count(*) from predictions p
      join fixtures f on f.id = p.fixture_id
      where p.team_id = team_totals.team_id and f.season = team_totals.season
        and p.tallied is not null and p.points is not null and (p.tallied / 16) % 2 = 1)`.execute(
    db,
  );
  await sql`insert into minute_counts (league_id, season, minute, predictions)
    select t.league_id, f.season, p.tallied / 32 - 1, count(*)
    from predictions p join teams t on t.id = p.team_id join fixtures f on f.id = p.fixture_id
    where p.tallied >= 32
    group by t.league_id, f.season, p.tallied / 32 - 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update predictions set tallied = tallied % 16 where tallied >= 16`.execute(db);
  await db.schema.dropTable('minute_counts').execute();
  await db.schema.alterTable('team_totals').dropColumn('scored_draws').execute();
}
