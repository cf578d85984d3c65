import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

// A league's matchday stories and its pinned message (issue 33, decision 026).

export interface StoryRow {
  round: string;
  order: number;
  signature: string;
  factsJson: string | null;
  createdAt: string;
  updatedAt: string | null;
}

export const storiesOf = async (db: Db, leagueId: string, season: string): Promise<StoryRow[]> =>
  (
    await db
      .selectFrom('league_stories')
      .select(['round_label', 'round_order', 'signature', 'facts_json', 'created_at', 'updated_at'])
      .where('league_id', '=', leagueId)
      .where('season', '=', season)
      .execute()
  ).map((r) => ({
    round: r.round_label,
    order: Number(r.round_order),
    signature: r.signature,
    factsJson: r.facts_json,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));

/** A story told for the first time; another instance telling it at once keeps its own. */
export const insertStory = (
  db: Db,
  row: { leagueId: string; season: string } & Omit<StoryRow, 'updatedAt'>,
) =>
  db
    .insertInto('league_stories')
    .values({
      league_id: row.leagueId,
      season: row.season,
      round_label: row.round,
      round_order: row.order,
      signature: row.signature,
      facts_json: row.factsJson,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();

/** A story worked out again after its round's fixtures changed (`updatedAt` when it reads differently). */
export const updateStory = (
  db: Db,
  row: {
    leagueId: string;
    season: string;
    round: string;
    order: number;
    signature: string;
    factsJson: string | null;
    updatedAt: string | null;
  },
) =>
  db
    .updateTable('league_stories')
    .set({
      round_order: row.order,
      signature: row.signature,
      facts_json: row.factsJson,
      ...(row.updatedAt === null ? {} : { updated_at: row.updatedAt }),
    })
    .where('league_id', '=', row.leagueId)
    .where('season', '=', row.season)
    .where('round_label', '=', row.round)
    .execute();

/** The id of the league's pinned message, if any. */
export const pinOf = async (db: Db, leagueId: string) =>
  (
    await db
      .selectFrom('league_pins')
      .select('message_id')
      .where('league_id', '=', leagueId)
      .executeTakeFirst()
  )?.message_id ?? null;

export const putPin = (db: Db, leagueId: string, messageId: string, at: string) =>
  db
    .insertInto('league_pins')
    .values({ league_id: leagueId, message_id: messageId, pinned_at: at })
    .onConflict((oc) =>
      oc.column('league_id').doUpdateSet({ message_id: messageId, pinned_at: at }),
    )
    .execute();

export const deletePin = (db: Db, leagueId: string) =>
  db.deleteFrom('league_pins').where('league_id', '=', leagueId).execute();
