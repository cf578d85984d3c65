import type { Kysely, Transaction } from 'kysely';
import {
  serialiseOrigins,
  withOrigin,
  type FieldOrigin,
  type FixtureFieldGroup,
} from '../../domain/fixtures';
import type { StoredFixture } from '../../domain/import-plan';
import type { DB } from '../db/types';
import { listFixtures } from '../fixtures/repository';

type Db = Kysely<DB> | Transaction<DB>;

/** One season of a competition's fixtures as the import compares them, with their round order. */
export const storedFixtures = async (db: Db, competitionId: string, season: string) =>
  (await listFixtures(db, competitionId, season)).map(
    (f): StoredFixture & { roundOrder: number } => ({
      id: f.id,
      round: f.round,
      roundOrder: f.roundOrder,
      kickoffAt: f.kickoffAt,
      timeConfirmed: f.timeConfirmed,
      homeTeam: f.homeTeam,
      awayTeam: f.awayTeam,
      status: f.status,
      homeScore: f.homeScore,
      awayScore: f.awayScore,
      firstGoalMinute: f.firstGoalMinute,
      externalId: f.externalId,
      origins: f.origins,
    }),
  );

export interface NewImportedFixture {
  id: string;
  competitionId: string;
  season: string;
  round: string;
  roundOrder: number;
  kickoffAt: string;
  timeConfirmed: boolean;
  status?: 'postponed' | 'cancelled' | undefined;
  homeTeam: string;
  awayTeam: string;
  venue: string | null;
  externalId: string;
}

/** Inserts an imported fixture, recording who set its facts. */
export const insertFixture = async (
  db: Db,
  f: NewImportedFixture,
  origin: FieldOrigin,
  at: string,
) => {
  const groups: FixtureFieldGroup[] = ['kickoff', 'teams', 'round', 'venue'];
  if (f.status) groups.push('status');
  const origins = withOrigin({}, groups, origin);
  await db
    .insertInto('fixtures')
    .values({
      id: f.id,
      competition_id: f.competitionId,
      season: f.season,
      round_label: f.round,
      round_order: f.roundOrder,
      kickoff_at: f.kickoffAt,
      time_confirmed: f.timeConfirmed ? 1 : 0,
      status: f.status ?? 'scheduled',
      home_team: f.homeTeam,
      away_team: f.awayTeam,
      venue: f.venue,
      external_id: f.externalId,
      field_origins: serialiseOrigins(origins),
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

/** The results sync's own key (`fd:<match id>`), which replaces any other. */
export const setSyncExternalId = async (db: Db, fixtureId: string, key: string) => {
  await db.updateTable('fixtures').set({ external_id: key }).where('id', '=', fixtureId).execute();
};

/** The competition an import targets: its time zone and default season. */
export const findCompetitionForImport = (db: Db, competitionId: string) =>
  db
    .selectFrom('competitions')
    .select(['id', 'time_zone', 'season_label'])
    .where('id', '=', competitionId)
    .executeTakeFirst();
