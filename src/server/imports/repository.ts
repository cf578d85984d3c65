import type { Kysely, Transaction } from 'kysely';
import type { FixtureStatus } from '../../domain/fixtures';
import type { StoredFixture } from '../../domain/import-plan';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

/** A competition's fixtures as the import compares them, with their round order. */
export const storedFixtures = async (db: Db, competitionId: string) =>
  (
    await db
      .selectFrom('fixtures')
      .select([
        'id',
        'round_label',
        'round_order',
        'kickoff_at',
        'home_team',
        'away_team',
        'status',
        'home_score',
        'away_score',
        'first_goal_minute',
        'external_id',
      ])
      .where('competition_id', '=', competitionId)
      .orderBy('id')
      .execute()
  ).map((r): StoredFixture & { roundOrder: number } => ({
    id: r.id,
    round: r.round_label,
    roundOrder: r.round_order,
    kickoffAt: r.kickoff_at,
    homeTeam: r.home_team,
    awayTeam: r.away_team,
    status: r.status as FixtureStatus,
    homeScore: r.home_score,
    awayScore: r.away_score,
    firstGoalMinute: r.first_goal_minute,
    externalId: r.external_id,
  }));

export interface NewImportedFixture {
  id: string;
  competitionId: string;
  round: string;
  roundOrder: number;
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
  venue: string | null;
  externalId: string;
}

export const insertFixture = async (db: Db, f: NewImportedFixture, at: string) => {
  await db
    .insertInto('fixtures')
    .values({
      id: f.id,
      competition_id: f.competitionId,
      round_label: f.round,
      round_order: f.roundOrder,
      kickoff_at: f.kickoffAt,
      home_team: f.homeTeam,
      away_team: f.awayTeam,
      venue: f.venue,
      external_id: f.externalId,
      created_at: at,
      updated_at: at,
    })
    .execute();
};

/**
 * Remembers the key a fixture was imported under. A key of the results sync (`fd:<id>`) is
 * kept: the import recognises fixtures by their columns as well.
 */
export const rememberExternalId = async (db: Db, fixtureId: string, key: string) => {
  await db
    .updateTable('fixtures')
    .set({ external_id: key })
    .where('id', '=', fixtureId)
    .where((eb) => eb.or([eb('external_id', 'is', null), eb('external_id', 'not like', 'fd:%')]))
    .execute();
};
