import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';
import { unnamedPlayer } from '../../domain/leagues';

type Db = Kysely<DB> | Transaction<DB>;

export interface LeagueRow {
  id: string;
  name: string;
  inviteCode: string;
  competitionId: string;
  competitionName: string;
  competitionRoute: string;
  adminUserId: string | null;
  joinByName: boolean;
  createdAt: string;
}

export interface TeamRow {
  id: string;
  leagueId: string;
  userId: string;
  name: string;
}

const leagueSelect = (db: Db) =>
  db
    .selectFrom('leagues as l')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select([
      'l.id',
      'l.name',
      'l.invite_code',
      'l.competition_id',
      'c.name as competition_name',
      'c.route as competition_route',
      'l.admin_user_id',
      'l.join_by_name',
      'l.created_at',
    ]);

type LeagueSelectRow = Awaited<
  ReturnType<ReturnType<typeof leagueSelect>['executeTakeFirstOrThrow']>
>;

const toLeague = (r: LeagueSelectRow): LeagueRow => ({
  id: r.id,
  name: r.name,
  inviteCode: r.invite_code,
  competitionId: r.competition_id,
  competitionName: r.competition_name,
  competitionRoute: r.competition_route,
  adminUserId: r.admin_user_id,
  joinByName: Number(r.join_by_name) === 1,
  createdAt: r.created_at,
});

export const findLeagueById = async (db: Db, id: string) => {
  const row = await leagueSelect(db).where('l.id', '=', id).executeTakeFirst();
  return row ? toLeague(row) : null;
};

export const findLeagueByCode = async (db: Db, code: string) => {
  const row = await leagueSelect(db).where('l.invite_code', '=', code).executeTakeFirst();
  return row ? toLeague(row) : null;
};

export const findLeagueByName = async (db: Db, name: string) => {
  const row = await leagueSelect(db)
    .where(sql<string>`lower(l.name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  return row ? toLeague(row) : null;
};

export const inviteCodeExists = async (db: Db, code: string) =>
  (await db
    .selectFrom('leagues')
    .select('id')
    .where('invite_code', '=', code)
    .executeTakeFirst()) !== undefined;

export const insertLeague = (
  db: Db,
  v: {
    id: string;
    name: string;
    inviteCode: string;
    competitionId: string;
    adminUserId: string;
    at: string;
  },
) =>
  db
    .insertInto('leagues')
    .values({
      id: v.id,
      name: v.name,
      invite_code: v.inviteCode,
      competition_id: v.competitionId,
      admin_user_id: v.adminUserId,
      join_by_name: 1,
      created_at: v.at,
      updated_at: v.at,
    })
    .execute();

export const insertTeam = (db: Db, v: TeamRow & { at: string }) =>
  db
    .insertInto('teams')
    .values({ id: v.id, league_id: v.leagueId, user_id: v.userId, name: v.name, created_at: v.at })
    .execute();

export const findTeamByName = async (
  db: Db,
  leagueId: string,
  name: string,
): Promise<TeamRow | null> => {
  const row = await db
    .selectFrom('teams')
    .select(['id', 'league_id', 'user_id', 'name'])
    .where('league_id', '=', leagueId)
    .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  return row ? { id: row.id, leagueId: row.league_id, userId: row.user_id, name: row.name } : null;
};

export const findTeam = async (db: Db, teamId: string): Promise<TeamRow | null> => {
  const row = await db
    .selectFrom('teams')
    .select(['id', 'league_id', 'user_id', 'name'])
    .where('id', '=', teamId)
    .executeTakeFirst();
  return row ? { id: row.id, leagueId: row.league_id, userId: row.user_id, name: row.name } : null;
};

export const isMember = async (db: Db, leagueId: string, userId: string) =>
  (await db
    .selectFrom('teams')
    .select('id')
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

/** Every league the user has a team in, with the user's teams, oldest membership first. */
export const listUserLeagues = async (db: Db, userId: string) => {
  const teams = await db
    .selectFrom('teams')
    .select(['id', 'league_id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('name')
    .execute();
  const leagueIds = [...new Set(teams.map((t) => t.league_id))];
  if (leagueIds.length === 0) return [];
  const leagues = (await leagueSelect(db).where('l.id', 'in', leagueIds).execute()).map(toLeague);
  const byId = new Map(leagues.map((l) => [l.id, l]));
  return leagueIds.flatMap((id) => {
    const league = byId.get(id);
    if (!league) return [];
    const own = teams
      .filter((t) => t.league_id === id)
      .map((t) => ({ id: t.id, name: t.name, leagueId: id }));
    return [{ league, teams: own }];
  });
};

const managerName = (name: string | null) => (name && name.trim() !== '' ? name : unnamedPlayer);

export const listMembers = async (db: Db, leagueId: string) => {
  const rows = await db
    .selectFrom('teams as t')
    .innerJoin('user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.name', 'u.name as manager', 't.user_id'])
    .where('t.league_id', '=', leagueId)
    .execute();
  return rows
    .map((r) => ({
      teamId: r.id,
      teamName: r.name,
      manager: managerName(r.manager),
      userId: r.user_id,
    }))
    .sort((a, b) => a.teamName.localeCompare(b.teamName, 'en', { sensitivity: 'base' }));
};

/** The seasons in which the league's teams made predictions (for the season switcher). */
export const leagueSeasons = async (db: Db, leagueId: string) =>
  (
    await db
      .selectFrom('team_totals')
      .select('season')
      .distinct()
      .where('league_id', '=', leagueId)
      .where('predictions', '>', 0)
      .execute()
  ).map((r) => r.season);

export const updateLeague = (
  db: Db,
  id: string,
  set: { name?: string; invite_code?: string; join_by_name?: number },
  at: string,
) =>
  db
    .updateTable('leagues')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .execute();

export const deleteTeam = (db: Db, teamId: string) =>
  db.deleteFrom('teams').where('id', '=', teamId).execute();

export const deleteLeague = (db: Db, leagueId: string) =>
  db.deleteFrom('leagues').where('id', '=', leagueId).execute();
