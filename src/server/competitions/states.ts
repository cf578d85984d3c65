import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface CompetitionState {
  fixtures: number;
  /** Fixtures not kicked off yet (open for predictions). */
  open: number;
  nextKickoff: string | null;
}

/** Per competition: how many fixtures it has and how many are still open, in one query. */
export const competitionStates = async (
  db: Kysely<DB>,
  now: Date,
): Promise<Map<string, CompetitionState>> => {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('fixtures')
    .select([
      'competition_id',
      sql<number>`count(*)`.as('fixtures'),
      sql<number>`coalesce(sum(case when kickoff_at > ${at} then 1 else 0 end), 0)`.as('open'),
      sql<string | null>`min(case when kickoff_at > ${at} then kickoff_at end)`.as('next_kickoff'),
    ])
    .groupBy('competition_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.competition_id,
      { fixtures: Number(r.fixtures), open: Number(r.open), nextKickoff: r.next_kickoff },
    ]),
  );
};
