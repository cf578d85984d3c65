import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

export interface BulkRows {
  users?: { id: string; name?: string }[];
  leagues?: {
    id: string;
    name: string;
    inviteCode: string;
    competitionId?: string;
    adminUserId?: string;
  }[];
  teams?: { id: string; leagueId: string; userId: string; name: string }[];
  predictions?: {
    teamId: string;
    fixtureId: string;
    outcome: '1' | 'X' | '2';
    firstGoalMinute?: number | null;
    joker?: boolean;
    /** Points as scoring stored them (a load of scored history). */
    points?: number | null;
  }[];
}

/**
 * Writes rows straight into `user`, `leagues`, `teams` and `predictions` with only the columns
 * a bulk load gives (the scale issue: every later column has a default or is derived), in that
 * order. Users get `<id>@example.com`; leagues play the Premier League unless told otherwise.
 */
export const bulkLoad = async (db: Kysely<DB>, rows: BulkRows, at = new Date().toISOString()) => {
  const { users = [], leagues = [], teams = [], predictions = [] } = rows;
  if (users.length > 0)
    await db
      .insertInto('user')
      .values(
        users.map((u) => ({
          id: u.id,
          name: u.name ?? u.id,
          email: `${u.id}@example.com`,
          emailVerified: 0,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
  if (leagues.length > 0)
    await db
      .insertInto('leagues')
      .values(
        leagues.map((l) => ({
          id: l.id,
          name: l.name,
          invite_code: l.inviteCode,
          competition_id: l.competitionId ?? 'premier_league',
          admin_user_id: l.adminUserId ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  if (teams.length > 0)
    await db
      .insertInto('teams')
      .values(
        teams.map((tm) => ({
          id: tm.id,
          league_id: tm.leagueId,
          user_id: tm.userId,
          name: tm.name,
          created_at: at,
        })),
      )
      .execute();
  // In slices: SQLite binds at most 32,766 values a statement.
  for (let i = 0; i < predictions.length; i += 2000)
    await db
      .insertInto('predictions')
      .values(
        predictions.slice(i, i + 2000).map((p) => ({
          team_id: p.teamId,
          fixture_id: p.fixtureId,
          outcome: p.outcome,
          first_goal_minute: p.firstGoalMinute ?? null,
          joker: p.joker ? 1 : 0,
          points: p.points ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
};

/** A final result written straight into a fixture (nothing scored: the test scores it). */
export const setFinal = (
  db: Kysely<DB>,
  fixtureId: string,
  r: { homeScore: number; awayScore: number; firstGoalMinute: number | null },
) =>
  db
    .updateTable('fixtures')
    .set({
      status: 'final',
      home_score: r.homeScore,
      away_score: r.awayScore,
      first_goal_minute: r.firstGoalMinute,
    })
    .where('id', '=', fixtureId)
    .execute();
