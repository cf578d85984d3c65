import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The standings version of a league (`standings_versions`, 0 without a row): it moves, in the
 * transaction that makes the change, whenever what the league's table shows may move — a batch of
 * a tally run or a rebuild, a team that joins or leaves, a manager's new name. Prediction saves
 * do not move it: before kick-off a save changes only the saver's own counts, which the
 * standings read fresh (a version row per league would also make every save of a league wait on
 * one row at the kick-off rush).
 */

/** Moves the version of these leagues. */
export const markLeaguesChanged = async (db: Db, leagueIds: readonly string[]) => {
  if (leagueIds.length === 0) return;
  await sql`insert into standings_versions (league_id, version)
    select id, 1 from leagues where id in (${sql.join(leagueIds)})
    on conflict (league_id) do update set version = standings_versions.version + 1`.execute(db);
};

/** Moves the version of every league where the user holds a team (their name or teams moved). */
export const markUserLeaguesChanged = async (db: Db, userId: string) => {
  await sql`insert into standings_versions (league_id, version)
    select distinct league_id, 1 from teams where user_id = ${userId}
    on conflict (league_id) do update set version = standings_versions.version + 1`.execute(db);
};

export const standingsVersion = async (db: Db, leagueId: string) =>
  Number(
    (
      await db
        .selectFrom('standings_versions')
        .select('version')
        .where('league_id', '=', leagueId)
        .executeTakeFirst()
    )?.version ?? 0,
  );
