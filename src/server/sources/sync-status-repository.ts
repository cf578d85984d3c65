import type { Kysely } from 'kysely';
import {
  storedSyncSummary,
  type SyncCompetitionResult,
  type SyncLastRun,
} from '../../domain/openfootball';
import type { DB } from '../db/schema';

// sync_status: each schedule read of a competition by a source (openfootball's file, ESPN's
// list of a season), its outcome and counts; the only reader and writer of the table.

/**
 * Records the run of one competition. A failed run keeps the time of the last success; the
 * first run of a competition inserts its row.
 */
export const recordSyncRun = async (
  db: Kysely<DB>,
  source: string,
  result: SyncCompetitionResult,
  ranAt: string,
) => {
  const ok = result.outcome === 'applied';
  await db
    .insertInto('sync_status')
    .values({
      source,
      competition_id: result.competitionId,
      season: result.season,
      ran_at: ranAt,
      ok: ok ? 1 : 0,
      summary_json: JSON.stringify({ outcome: result.outcome, counts: result.counts }),
      error: result.error,
      last_success_at: ok ? ranAt : null,
    })
    .onConflict((oc) =>
      oc.columns(['source', 'competition_id']).doUpdateSet((eb) => ({
        season: eb.ref('excluded.season'),
        ran_at: eb.ref('excluded.ran_at'),
        ok: eb.ref('excluded.ok'),
        summary_json: eb.ref('excluded.summary_json'),
        error: eb.ref('excluded.error'),
        ...(ok ? { last_success_at: eb.ref('excluded.last_success_at') } : {}),
      })),
    )
    .execute();
};

const readSummary = (text: string) => {
  try {
    return storedSyncSummary.parse(JSON.parse(text));
  } catch {
    return { outcome: 'failed' as const, counts: null };
  }
};

/** The last run of each competition of a source, by competition id. */
export const lastSyncRuns = async (
  db: Kysely<DB>,
  source: string,
): Promise<Map<string, SyncLastRun>> => {
  const rows = await db
    .selectFrom('sync_status')
    .selectAll()
    .where('source', '=', source)
    .execute();
  return new Map(
    rows.map((r) => {
      const summary = readSummary(r.summary_json);
      return [
        r.competition_id,
        {
          ranAt: r.ran_at,
          season: r.season,
          ok: Number(r.ok) === 1,
          outcome: summary.outcome,
          counts: summary.counts,
          error: r.error,
          lastSuccessAt: r.last_success_at,
        },
      ];
    }),
  );
};
