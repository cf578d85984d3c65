import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import { toRules, type RulesColumns } from './rules-repository';
import { leaguesChanged, teamLeaving } from '../standings/standings';
import { defaultLeagueRules, type LeagueRules } from '../../domain/league-rules';
import { nameKey, unnamedPlayer } from '../../domain/leagues';

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
  /** The rules it plays from now on (its latest rules row, else the game's). */
  rules: LeagueRules;
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
    // The league's latest rules row (a handful per league, searched by its key).
    .leftJoin('league_rules as lr', (join) =>
      join
        .onRef('lr.league_id', '=', 'l.id')
        .on(
          sql<boolean>`lr.season = (select max(x.season) from league_rules x where x.league_id = l.id)`,
        ),
    )
    .select([
      'lr.outcome_points',
      'lr.minute_points',
      'lr.jokers',
      'lr.lock_minutes',
      'lr.near_miss_points',
      'lr.near_miss_minutes',
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
  rules: r.outcome_points === null ? { ...defaultLeagueRules } : toRules(r as RulesColumns),
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
  const row = await leagueSelect(db).where('l.name_key', '=', nameKey(name)).executeTakeFirst();
  return row ? toLeague(row) : null;
};

/** The leagues a user runs, as the league services read them. */
export const leaguesRunByUser = async (db: Db, userId: string) =>
  (await leagueSelect(db).where('l.admin_user_id', '=', userId).execute()).map(toLeague);

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
      name_key: nameKey(v.name),
      invite_code: v.inviteCode,
      competition_id: v.competitionId,
      admin_user_id: v.adminUserId,
      join_by_name: 1,
      created_at: v.at,
      updated_at: v.at,
    })
    .execute();

/** A new team, in its league's table from now (the league's standings version moves). */
export const insertTeam = async (db: Db, v: TeamRow & { at: string }) => {
  await db
    .insertInto('teams')
    .values({
      id: v.id,
      league_id: v.leagueId,
      user_id: v.userId,
      name: v.name,
      name_key: nameKey(v.name),
      created_at: v.at,
    })
    .execute();
  await leaguesChanged(db, [v.leagueId]);
};

export const findTeamByName = async (
  db: Db,
  leagueId: string,
  name: string,
): Promise<TeamRow | null> => {
  const row = await db
    .selectFrom('teams')
    .select(['id', 'league_id', 'user_id', 'name'])
    .where('league_id', '=', leagueId)
    .where('name_key', '=', nameKey(name))
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

/** One collator: `localeCompare` with options builds one per call (0.7 s for 10,000 teams). */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

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
    .sort((a, b) => byName.compare(a.teamName, b.teamName));
};

/** The seasons in which the league's teams made predictions (for the season switcher). */
/**
 * Which of these seasons the league's teams predicted in: per season one search that stops at
 * the first team with a prediction (never a walk of a large league's rows).
 */
export const seasonsPlayed = async (db: Db, leagueId: string, seasons: readonly string[]) =>
  (
    await Promise.all(
      seasons.map(async (season) =>
        (await db
          .selectFrom('team_totals')
          .select('season')
          .where('league_id', '=', leagueId)
          .where('season', '=', season)
          .where('predictions', '>', 0)
          .limit(1)
          .executeTakeFirst())
          ? [season]
          : [],
      ),
    )
  ).flat();

export const updateLeague = (
  db: Db,
  id: string,
  set: { name?: string; invite_code?: string; join_by_name?: number },
  at: string,
) =>
  db
    .updateTable('leagues')
    .set({
      ...set,
      ...(set.name === undefined ? {} : { name_key: nameKey(set.name) }),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();

/**
 * Removes a team (its predictions and totals cascade; its picks leave the league's minute counts)
 * and moves its league's standings version.
 */
export const deleteTeam = async (db: Db, teamId: string) => {
  const team = await db
    .selectFrom('teams')
    .select('league_id')
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) return;
  await teamLeaving(db, { id: teamId, leagueId: team.league_id });
  await db.deleteFrom('teams').where('id', '=', teamId).execute();
};

/** The owner of the league's oldest team among other players (who runs it next), or null. */
export const longestStandingMember = async (db: Db, leagueId: string) => {
  const row = await db
    .selectFrom('teams')
    .select(['user_id', 'name'])
    .where('league_id', '=', leagueId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { userId: row.user_id, teamName: row.name } : null;
};

export const setLeagueAdmin = async (db: Db, leagueId: string, userId: string) => {
  await db
    .updateTable('leagues')
    .set({ admin_user_id: userId })
    .where('id', '=', leagueId)
    .execute();
};

export const deleteLeague = (db: Db, leagueId: string) =>
  db.deleteFrom('leagues').where('id', '=', leagueId).execute();

/**
 * Gives every league and team without a name key (rows a bulk load inserted) its key, at start.
 * A name whose key another row of its scope already holds becomes 'Name (2)', 'Name (3)', …
 * Returns how many rows got a key.
 */
export const fillNameKeys = async (db: Kysely<DB>, dialect: Dialect): Promise<number> => {
  let filled = 0;
  for (const table of ['leagues', 'teams'] as const) {
    // Names of printable ASCII without a run of spaces (nearly all): their key is
    // lower(trim(name)) in SQL, 20,000 rows a statement. A chunk holding two names of one key, and
    // every other name, go through nameKey (which also folds runs of spaces and drops controls).
    const ascii = dialect === 'sqlite' ? sql`name not glob '*[^ -~]*'` : sql`name !~ '[^ -~]'`;
    for (;;) {
      try {
        const result = await sql`update ${sql.table(table)} set name_key = lower(trim(name))
          where id in (select id from ${sql.table(table)} where name_key is null and ${ascii} and name not like '%  %' limit 20000)`.execute(
          db,
        );
        const changed = Number(result.numAffectedRows ?? 0n);
        if (changed === 0) break;
        filled += changed;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        break;
      }
    }
    for (;;) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('name_key', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      // A batch in one transaction (one commit); a key already taken sends it row by row.
      try {
        await db.transaction().execute(async (trx) => {
          for (const row of rows)
            await trx
              .updateTable(table)
              .set({ name_key: nameKey(row.name) })
              .where('id', '=', row.id)
              .execute();
        });
        filled += rows.length;
        continue;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      for (const row of rows) {
        for (let n = 1; ; n += 1) {
          const name = n === 1 ? row.name : `${row.name} (${n})`;
          try {
            await db
              .updateTable(table)
              .set({ name, name_key: nameKey(name) })
              .where('id', '=', row.id)
              .execute();
            break;
          } catch (error) {
            if (!isUniqueViolation(error) || n > 1000) throw error;
          }
        }
        filled += 1;
      }
    }
  }
  // PostgreSQL: the fill rewrote every row a bulk load inserted, so a league's teams were counted
  // from the table's pages, not its index alone (a 10,000-team league's count took 1.6 ms, not
  // 0.9; the summary of every table read holds one), until autovacuum came by, if it is on.
  if (filled > 0 && dialect === 'postgres') await sql`vacuum (analyze) teams, leagues`.execute(db);
  return filled;
};

/** Bars a player from rejoining (again: the latest removed team's name is kept). */
export const insertBar = (
  db: Db,
  v: { leagueId: string; userId: string; teamName: string; at: string },
) =>
  db
    .insertInto('league_bars')
    .values({ league_id: v.leagueId, user_id: v.userId, team_name: v.teamName, barred_at: v.at })
    .onConflict((oc) =>
      oc.columns(['league_id', 'user_id']).doUpdateSet({ team_name: v.teamName, barred_at: v.at }),
    )
    .execute();

export const listBars = async (db: Db, leagueId: string) =>
  (
    await db
      .selectFrom('league_bars as b')
      .innerJoin('user as u', 'u.id', 'b.user_id')
      .select(['b.user_id', 'u.name', 'b.team_name', 'b.barred_at'])
      .where('b.league_id', '=', leagueId)
      .orderBy('b.barred_at', 'desc')
      .orderBy('b.user_id')
      .execute()
  ).map((r) => ({
    userId: r.user_id,
    manager: managerName(r.name),
    teamName: r.team_name,
    barredAt: r.barred_at,
  }));

/** Lifts a bar; the name of the team that was removed, or null when there was no bar. */
export const deleteBar = async (db: Db, leagueId: string, userId: string) => {
  const rows = await db
    .deleteFrom('league_bars')
    .where('league_id', '=', leagueId)
    .where('user_id', '=', userId)
    .returning('team_name')
    .execute();
  return rows[0]?.team_name ?? null;
};

/** Unread messages of a league's chat (issue 32) counted at most to this ('99+'). */
export const unreadCap = 100;

/**
 * Messages of others the user has not seen in each league (since they last read its feed, else
 * since they joined), at most `unreadCap` each: one indexed range per league.
 */
export const unreadCounts = async (db: Db, userId: string, leagueIds: readonly string[]) => {
  const counts = await Promise.all(
    leagueIds.map(async (leagueId) => {
      const since = db
        .selectFrom('league_feed_members')
        .select('read_at')
        .where('user_id', '=', userId)
        .where('league_id', '=', leagueId);
      const joined = db
        .selectFrom('teams')
        .select((eb) => eb.fn.min('created_at').as('joined'))
        .where('league_id', '=', leagueId)
        .where('user_id', '=', userId);
      const row = await db
        .selectFrom(
          db
            .selectFrom('league_messages as m')
            .select('m.id')
            .where('m.league_id', '=', leagueId)
            .where('m.deleted_by', 'is', null)
            .where((eb) => eb.or([eb('m.user_id', 'is', null), eb('m.user_id', '!=', userId)]))
            .where('m.created_at', '>', sql<string>`coalesce((${since}), (${joined}), '')`)
            .limit(unreadCap)
            .as('x'),
        )
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return [leagueId, Number(row?.n ?? 0)] as const;
    }),
  );
  return new Map(counts);
};
