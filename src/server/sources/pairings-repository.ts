import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// A season's pairings (match id → fixture id) are read with the fixtures, in
// fixtures/live-repository.ts (`pairingsOfSeason`).

/**
 * Remembers what sources call fixtures the catalogue holds (issue 50: ESPN's event ids of the
 * schedules built from its lists), 500 a statement; a pairing already made (by a source's poll
 * or an admin's link) stays as it is.
 */
export const rememberPairings = async (
  db: Db,
  pairings: readonly { source: string; matchId: string; fixtureId: string }[],
  at: string,
  by = 'catalogue',
) => {
  for (let i = 0; i < pairings.length; i += 500)
    await db
      .insertInto('live_links')
      .values(
        pairings.slice(i, i + 500).map((p) => ({
          source: p.source,
          match_id: p.matchId,
          fixture_id: p.fixtureId,
          linked_by: by,
          linked_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['source', 'match_id']).doNothing())
      .execute();
};
