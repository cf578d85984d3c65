import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

// What a live run reads (live/service.ts, jobs/live.ts): the fixtures in their live windows, to
// come, or lacking a result, and the competitions a source covers.

type Db = Kysely<DB> | Transaction<DB>;

/** Kick-offs (and seasons) of a competition's fixtures between two instants, not settled. */
export const kickoffsInWindow = async (db: Db, competitionId: string, from: string, to: string) =>
  (
    await db
      .selectFrom('fixtures')
      .select(['kickoff_at', 'season'])
      .where('competition_id', '=', competitionId)
      .where('kickoff_at', '>=', from)
      .where('kickoff_at', '<=', to)
      .where('status', 'in', ['scheduled', 'live'])
      .execute()
  ).map((r) => ({ kickoffAt: r.kickoff_at, season: r.season }));

/** The competitions (among `ids`) with a fixture in play or about to be, right now. */
export const competitionsInWindow = async (
  db: Db,
  ids: readonly string[],
  from: string,
  to: string,
) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('fixtures')
          .select('competition_id')
          .distinct()
          .where('kickoff_at', '>=', from)
          .where('kickoff_at', '<=', to)
          .where('status', 'in', ['scheduled', 'live'])
          .where('competition_id', 'in', ids)
          .execute()
      ).map((r) => r.competition_id);

/**
 * A competition's fixtures to come in a period (their kick-offs may still move), a fixture live
 * before its kick-off among them (a source's word believed before issue 49: it goes back).
 */
export const fixturesToCome = async (db: Db, competitionId: string, from: string, to: string) =>
  (
    await db
      .selectFrom('fixtures')
      .select(['kickoff_at', 'season'])
      .where('competition_id', '=', competitionId)
      .where('kickoff_at', '>=', from)
      .where('kickoff_at', '<=', to)
      .where('status', 'in', ['scheduled', 'postponed', 'live'])
      .execute()
  ).map((r) => ({ kickoffAt: r.kickoff_at, season: r.season }));

/**
 * A competition's kicked-off fixtures of a season still lacking a confirmed result or a
 * first-goal minute; postponed and cancelled ones aside.
 */
export const fixturesLackingResult = async (
  db: Db,
  competitionId: string,
  now: string,
  season: string,
) =>
  (
    await db
      .selectFrom('fixtures')
      .select(['kickoff_at', 'season'])
      .where('competition_id', '=', competitionId)
      .where('season', '=', season)
      .where('kickoff_at', '<=', now)
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['scheduled', 'live']),
          eb.and([eb('status', '=', 'final'), eb('first_goal_minute', 'is', null)]),
        ]),
      )
      .execute()
  ).map((r) => ({ kickoffAt: r.kickoff_at, season: r.season }));

/** The competitions among `ids` that exist here. */
export const existingCompetitions = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (await db.selectFrom('competitions').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      );
