import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The built-in competitions among `ids` that exist here, with what a sync needs of them. */
export const competitionsForSync = async (db: Kysely<DB>, ids: string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('competitions')
          .select(['id', 'name', 'time_zone', 'kind'])
          .where('id', 'in', ids)
          .execute()
      ).map((c) => ({ id: c.id, name: c.name, timeZone: c.time_zone, kind: c.kind }));

// The read log of the schedule sources (sync_status) belongs to the sources (issue 50: the
// competitions list says when a competition's source was last read).
export { lastSyncRuns, recordSyncRun } from '../sources/sync-status-repository';
