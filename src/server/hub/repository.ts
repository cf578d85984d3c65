import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// The home hub's reads (issue 13) besides the competition's fixtures (fixtures/season-repository)
// and the player's picks (predictions-store/league-repository): each searches by index within one
// competition's fixtures or one league's totals; none reads another league's rows or predictions.

/** How many teams the league has (its teams index). */
export const leagueTeamCount = async (db: Db, leagueId: string) =>
  Number(
    (
      await db
        .selectFrom('teams')
        .select(sql<number>`count(*)`.as('n'))
        .where('league_id', '=', leagueId)
        .executeTakeFirstOrThrow()
    ).n,
  );
