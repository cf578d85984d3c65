import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

// What a live run reads (live/service.ts, jobs/live.ts) besides the fixtures (in their live
// windows, to come, or lacking a result: fixtures/live-repository.ts): the competitions a source
// covers.

type Db = Kysely<DB> | Transaction<DB>;

/** The competitions among `ids` that exist here. */
export const existingCompetitions = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (await db.selectFrom('competitions').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      );
