import { sql, type Kysely, type Transaction } from 'kysely';
import type { FixtureStatus } from '../../domain/fixtures';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export type { StoredFixtureRow as FixtureRow } from '../fixtures/repository';
export { findFixture, listFixtures } from '../fixtures/repository';

export interface FixtureSet {
  home_score?: number | null;
  away_score?: number | null;
  first_goal_minute?: number | null;
  status?: FixtureStatus;
  kickoff_at?: string;
  time_confirmed?: number;
  home_team?: string;
  away_team?: string;
  round_label?: string;
  round_order?: number;
  venue?: string | null;
  field_origins?: string | null;
  updated_at: string;
}

export const updateFixture = (db: Db, id: string, set: FixtureSet) =>
  db.updateTable('fixtures').set(set).where('id', '=', id).execute();

/** A cancelled fixture gives its jokers back: the teams may place them elsewhere. */
export const returnFixtureJokers = async (db: Db, fixtureId: string) => {
  const result = await db
    .updateTable('predictions')
    .set({ joker: 0 })
    .where('fixture_id', '=', fixtureId)
    .where('joker', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const fixtureScoreCounts = async (db: Db, fixtureId: string) => {
  const row = await db
    .selectFrom('predictions')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when points > 0 then 1 else 0 end), 0)`.as('gained'),
    ])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), gained: Number(row.gained) };
};

/** How many predictions each of these fixtures holds (the admin's fixture list). */
export const predictionCounts = async (db: Db, ids: string[]) => {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('predictions')
    .select(['fixture_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('fixture_id', 'in', ids)
    .groupBy('fixture_id')
    .execute();
  return new Map(rows.map((r) => [r.fixture_id, Number(r.n)]));
};
