import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { fixtureHasPredictions } from '../predictions-store/fixture-repository';

type Db = Kysely<DB> | Transaction<DB>;

// The `tally_runs` queue (one row per fixture whose totals are moving) and the small reads the
// tally worker makes around it; the statements that move totals are in tally-sql.ts. The runs
// behind a league (`runsBehindLeague`, fixtures/season-repository.ts) and the fixtures with
// untallied picks (`fixturesWithUntallied`, predictions-store/fixture-repository.ts) are read by
// the tables' data units.

/** Queues (or restarts) the fixture's run when it has predictions; false when it has none. */
export const queueRun = async (db: Db, fixtureId: string, at: string) => {
  if (!(await fixtureHasPredictions(db, fixtureId))) return false;
  await db
    .insertInto('tally_runs')
    .values({ fixture_id: fixtureId, generation: 1, cursor: '', queued_at: at })
    .onConflict((oc) =>
      oc.column('fixture_id').doUpdateSet((eb) => ({
        generation: sql<number>`${eb.ref('tally_runs.generation')} + 1`,
        cursor: '',
        queued_at: eb.ref('excluded.queued_at'),
      })),
    )
    .execute();
  return true;
};

/** Fixtures with a queued run, oldest first. */
export const queuedFixtures = async (db: Db) =>
  (await db.selectFrom('tally_runs').select('fixture_id').orderBy('queued_at').execute()).map(
    (r) => r.fixture_id,
  );

/** The fixture's run: its generation (a later change restarts it) and the last league done. */
export const findRun = async (db: Db, fixtureId: string) =>
  (await db
    .selectFrom('tally_runs')
    .select(['generation', 'cursor'])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirst()) ?? null;

/**
 * Records how far a run of this generation has moved: the last league done, never back (two
 * batches of a run may commit in either order).
 */
export const advanceRun = async (db: Db, fixtureId: string, generation: number, cursor: string) => {
  await db
    .updateTable('tally_runs')
    .set({ cursor: sql<string>`case when cursor < ${cursor} then ${cursor} else cursor end` })
    .where('fixture_id', '=', fixtureId)
    .where('generation', '=', generation)
    .execute();
};

/** Ends a run, unless a later change restarted it meanwhile. */
export const finishRun = async (db: Db, fixtureId: string, generation: number) => {
  await db
    .deleteFrom('tally_runs')
    .where('fixture_id', '=', fixtureId)
    .where('generation', '=', generation)
    .execute();
};

export const teamCount = async (db: Db, leagueId: string) =>
  Number(
    (
      await db
        .selectFrom('teams')
        .select(sql<number>`count(*)`.as('n'))
        .where('league_id', '=', leagueId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
