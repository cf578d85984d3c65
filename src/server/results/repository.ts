import { sql, type Kysely, type Transaction } from 'kysely';
import type { FixtureStatus } from '../../domain/fixtures';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export interface FixtureRow {
  id: string;
  competitionId: string;
  round: string;
  roundOrder: number;
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
  venue: string | null;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
  updatedAt: string;
}

const columns = [
  'id',
  'competition_id',
  'round_label',
  'round_order',
  'kickoff_at',
  'home_team',
  'away_team',
  'venue',
  'status',
  'home_score',
  'away_score',
  'first_goal_minute',
  'updated_at',
] as const;

type Raw = {
  id: string;
  competition_id: string;
  round_label: string;
  round_order: number;
  kickoff_at: string;
  home_team: string;
  away_team: string;
  venue: string | null;
  status: string;
  home_score: number | null;
  away_score: number | null;
  first_goal_minute: number | null;
  updated_at: string;
};

export const toFixture = (r: Raw): FixtureRow => ({
  id: r.id,
  competitionId: r.competition_id,
  round: r.round_label,
  roundOrder: r.round_order,
  kickoffAt: r.kickoff_at,
  homeTeam: r.home_team,
  awayTeam: r.away_team,
  venue: r.venue,
  status: r.status as FixtureStatus,
  homeScore: r.home_score,
  awayScore: r.away_score,
  firstGoalMinute: r.first_goal_minute,
  updatedAt: r.updated_at,
});

export const findFixture = async (db: Db, id: string) => {
  const row = await db
    .selectFrom('fixtures')
    .select(columns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toFixture(row) : null;
};

export const listFixtures = async (db: Db, competitionId: string) =>
  (
    await db
      .selectFrom('fixtures')
      .select(columns)
      .where('competition_id', '=', competitionId)
      .orderBy('round_order')
      .orderBy('kickoff_at')
      .orderBy('id')
      .execute()
  ).map(toFixture);

/**
 * Scores every prediction of a final fixture in one statement: 1 for the outcome, 3 for the exact
 * minute (only when known), doubled by a joker. Rows whose points do not change are not touched,
 * so re-running changes nothing.
 */
export const scoreFixture = async (
  db: Db,
  fixture: { id: string; homeScore: number; awayScore: number; firstGoalMinute: number | null },
  at: string,
) => {
  const outcome =
    fixture.homeScore > fixture.awayScore
      ? '1'
      : fixture.homeScore === fixture.awayScore
        ? 'X'
        : '2';
  const points = sql<number>`((case when outcome = cast(${outcome} as text) then 1 else 0 end) + (case when cast(${fixture.firstGoalMinute} as integer) is not null and first_goal_minute = cast(${fixture.firstGoalMinute} as integer) then 3 else 0 end)) * (case when joker = 1 then 2 else 1 end)`;
  const result = await db
    .updateTable('predictions')
    .set({ points, scored_at: at })
    .where('fixture_id', '=', fixture.id)
    .where((eb) => eb.or([eb('points', 'is', null), eb('points', '<>', points)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const clearFixturePoints = async (db: Db, fixtureId: string) => {
  const result = await db
    .updateTable('predictions')
    .set({ points: null, scored_at: null })
    .where('fixture_id', '=', fixtureId)
    .where('points', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

export const fixtureScoreCounts = async (db: Db, fixtureId: string) => {
  const row = await db
    .selectFrom('predictions')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when points > 0 then 1 else 0 end), 0)`.as('gained'),
    ])
    .where('fixture_id', '=', fixtureId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), gained: Number(row.gained) };
};
