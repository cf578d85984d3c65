import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB>;

/**
 * What the access module reads of a user and a league (issue 51): the user's teams in it, oldest
 * first, and whether the league admin barred them (a removed team's owner). The only reader of
 * league membership for access decisions.
 */
export const standingIn = async (db: Db, leagueId: string, userId: string) => {
  const [teams, bar] = await Promise.all([
    db
      .selectFrom('teams')
      .select(['id', 'name'])
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('league_bars')
      .select('user_id')
      .where('league_id', '=', leagueId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { teams, barred: bar !== undefined };
};
