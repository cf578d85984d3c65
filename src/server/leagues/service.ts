import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { authorize, standingOf } from '../access/league-access';
import {
  inviteCodeFromBytes,
  normaliseInviteCode,
  sameNameIgnoringCase,
  type CreateLeagueBody,
  type QuickJoinBody,
} from '../../domain/leagues';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import * as repo from './repository';
import { inTransaction } from '../db/transaction';
import { findCompetitionFacts } from '../competitions/repository';

/** What league services need: the database. */
export type Deps = Pick<Services, 'database'>;

const newInviteCode = (): string => {
  for (;;) {
    const code = inviteCodeFromBytes(randomBytes(16));
    if (code) return code;
  }
};

/** A fresh code no league uses yet (retried on the unlikely collision). */
export const freeInviteCode = async (db: Kysely<DB>): Promise<string> => {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = newInviteCode();
    if (!(await repo.inviteCodeExists(db, code))) return code;
  }
  throw new Error('could not find a free invite code');
};

const teamConflict = async (db: Kysely<DB>, leagueId: string, name: string, userId: string) => {
  const existing = await repo.findTeamByName(db, leagueId, name);
  if (!existing) return null;
  return new AppError(existing.userId === userId ? 'OWN_TEAM_NAME_EXISTS' : 'TEAM_NAME_TAKEN');
};

const insertTeamOrConflict = async (
  db: Kysely<DB>,
  leagueId: string,
  userId: string,
  name: string,
  at: Date,
) => {
  const conflict = await teamConflict(db, leagueId, name, userId);
  if (conflict) throw conflict;
  const team = { id: randomUUID(), leagueId, userId, name };
  try {
    await repo.insertTeam(db, { ...team, at: at.toISOString() });
  } catch (error) {
    if (isUniqueViolation(error))
      throw (await teamConflict(db, leagueId, name, userId)) ?? new AppError('TEAM_NAME_TAKEN');
    throw error;
  }
  return team;
};

export type CreateResult =
  | { kind: 'created'; league: repo.LeagueRow; teams: repo.TeamRow[] }
  | { kind: 'added'; league: repo.LeagueRow; teams: repo.TeamRow[] };

export const createLeague = async (
  deps: Deps,
  user: SessionUser,
  body: Required<Pick<CreateLeagueBody, 'leagueName' | 'teamName' | 'competitionId'>> & {
    secondTeamName?: string | undefined;
  },
  now: Date,
): Promise<CreateResult> => {
  const { db } = deps.database;
  if (user.isAnonymous) throw new AppError('ACCOUNT_REQUIRED');
  const names = [body.teamName, body.secondTeamName].filter((n): n is string => Boolean(n));
  if (names.length === 2 && sameNameIgnoringCase(names[0] ?? '', names[1] ?? ''))
    throw new AppError('TEAM_NAMES_SAME');
  if (!(await findCompetitionFacts(db, body.competitionId)))
    throw new AppError('UNKNOWN_COMPETITION');
  const existing = await repo.findLeagueByName(db, body.leagueName);
  if (existing) return addToOwnLeague(db, existing, user, names, now);
  try {
    return await insertLeague(db, user, body, names, now);
  } catch (error) {
    // The same name was created a moment ago — by this player too (a double tap, parallel
    // requests): then this request adds its team to it, as if it had come second.
    if (!(error instanceof AppError && error.code === 'LEAGUE_NAME_TAKEN')) throw error;
    const created = await repo.findLeagueByName(db, body.leagueName);
    if (!created) throw error;
    return addToOwnLeague(db, created, user, names, now);
  }
};

/** The specification's "add the team to your existing league" path. */
const addToOwnLeague = async (
  db: Kysely<DB>,
  existing: repo.LeagueRow,
  user: SessionUser,
  names: string[],
  now: Date,
): Promise<CreateResult> => {
  const standing = await standingOf(db, existing, user);
  if (!standing.member) throw new AppError('LEAGUE_NAME_TAKEN');
  authorize(standing, 'addTeam');
  const teams = await inTransaction(db, async (trx) => {
    const added: repo.TeamRow[] = [];
    for (const name of names)
      added.push(await insertTeamOrConflict(trx, existing.id, user.id, name, now));
    return added;
  });
  return { kind: 'added', league: existing, teams };
};

/** A new league with the creator's team(s), in one transaction; LEAGUE_NAME_TAKEN on a race. */
const insertLeague = async (
  db: Kysely<DB>,
  user: SessionUser,
  body: { leagueName: string; competitionId: string },
  names: string[],
  at: Date,
): Promise<CreateResult> => {
  for (let attempt = 0; ; attempt += 1) {
    const leagueId = randomUUID();
    const inviteCode = await freeInviteCode(db);
    try {
      // One transaction: league and teams appear together or not at all.
      const teams = await inTransaction(db, async (trx) => {
        await repo.insertLeague(trx, {
          id: leagueId,
          name: body.leagueName,
          inviteCode,
          competitionId: body.competitionId,
          adminUserId: user.id,
          at: at.toISOString(),
        });
        const created: repo.TeamRow[] = [];
        for (const name of names) {
          const team = { id: randomUUID(), leagueId, userId: user.id, name };
          await repo.insertTeam(trx, { ...team, at: at.toISOString() });
          created.push(team);
        }
        return created;
      });
      const league = await repo.findLeagueById(db, leagueId);
      if (!league) throw new Error('league vanished after creation');
      return { kind: 'created', league, teams };
    } catch (error) {
      if (isUniqueViolation(error, 'invite_code') && attempt < 5) continue;
      if (
        isUniqueViolation(error, 'leagues_name_key_uq') ||
        isUniqueViolation(error, 'leagues.name_key')
      ) {
        throw new AppError('LEAGUE_NAME_TAKEN');
      }
      throw error;
    }
  }
};

/**
 * Code first (trimmed, upper-cased), then the name ignoring case unless the league forbids it.
 * `byCode`: the caller gave the league's code (and may see it).
 */
const findByCodeOrName = async (
  db: Kysely<DB>,
  query: { code?: string | undefined; name?: string | undefined },
): Promise<{ league: repo.LeagueRow; byCode: boolean } | null> => {
  const candidates = [query.code, query.name].filter((v): v is string => Boolean(v && v.trim()));
  for (const value of candidates) {
    const byCode = await repo.findLeagueByCode(db, normaliseInviteCode(value));
    if (byCode) return { league: byCode, byCode: true };
  }
  for (const value of candidates) {
    const byName = await repo.findLeagueByName(db, value);
    if (byName && byName.joinByName) return { league: byName, byCode: false };
  }
  return null;
};

/** A player whose team the league admin removed may not come back until the admin allows it. */
const refuseBarred = async (db: Kysely<DB>, league: repo.LeagueRow, user: SessionUser) =>
  authorize(await standingOf(db, league, user), 'join');

/** The /join look-up: the league of a code or name, and whether the viewer plays in it. */
export const lookupInvite = async (
  { database }: Deps,
  viewer: SessionUser | null,
  query: { code?: string | undefined; name?: string | undefined },
) => {
  const found = await findByCodeOrName(database.db, query);
  if (!found) throw new AppError('INVALID_LEAGUE');
  const { member } = await standingOf(database.db, found.league, viewer);
  return { ...found, member };
};

export const joinLeague = async (
  { database }: Deps,
  user: SessionUser,
  input: { codeOrName: string; teamName: string },
  now: Date,
) => {
  const { db } = database;
  const found = await findByCodeOrName(db, { code: input.codeOrName });
  if (!found) throw new AppError('INVALID_LEAGUE');
  return joinFound(db, found.league, user, input.teamName, now);
};

/** A new team of `user` in a league already found (a removed player stays out). */
const joinFound = async (
  db: Kysely<DB>,
  league: repo.LeagueRow,
  user: SessionUser,
  teamName: string,
  now: Date,
) => {
  await refuseBarred(db, league, user);
  const team = await insertTeamOrConflict(db, league.id, user.id, teamName, now);
  return { league, team };
};

/** A visitor's way to a guest session (started by the caller, which owns cookies and throttles). */
export interface GuestStarter {
  start: () => Promise<SessionUser>;
  /** Takes a started guest back when its join failed (it holds nothing). */
  discard: (guest: SessionUser) => Promise<void>;
}

/**
 * Quick join by code (or by name, from an invite link by name, where the league allows it): a
 * team name already in the league is re-entered only by the session that owns it (docs/design.md §4);
 * anyone else is refused. A visitor becomes a guest first; when the join then fails (a race for
 * the name), the guest is discarded.
 */
export const quickJoin = async (
  deps: Deps,
  visitor: SessionUser | null,
  input: QuickJoinBody,
  now: Date,
  guests: GuestStarter,
) => {
  const { db } = deps.database;
  const byName = input.code ? null : await repo.findLeagueByName(db, input.league ?? '');
  const league = input.code
    ? await repo.findLeagueByCode(db, input.code)
    : byName?.joinByName
      ? byName
      : null;
  if (!league)
    throw new AppError('INVALID_LEAGUE', 'League not found. Please check your league code.');
  const existing = await repo.findTeamByName(db, league.id, input.teamName);
  if (existing && existing.userId !== visitor?.id) throw new AppError('TEAM_NAME_TAKEN');
  if (existing) return { league, team: existing, user: visitor, reentered: true };
  // A removed player is refused before a guest would be started for nothing.
  if (visitor) await refuseBarred(db, league, visitor);
  const user = visitor ?? (await guests.start());
  try {
    const team = await insertTeamOrConflict(db, league.id, user.id, input.teamName, now);
    return { league, team, user, reentered: false };
  } catch (error) {
    if (!visitor) await guests.discard(user);
    throw error;
  }
};

export const addTeam = async (
  { database }: Deps,
  user: SessionUser,
  { leagueId, teamName }: { leagueId: string; teamName: string },
  now: Date,
) => {
  const { db } = database;
  const league = await findLeague({ database }, { leagueId });
  authorize(await standingOf(db, league, user), 'addTeam');
  const team = await insertTeamOrConflict(db, league.id, user.id, teamName, now);
  return { league, team };
};

/** The viewer's leagues with their teams in each (none when signed out). */
export const myLeagues = async ({ database }: Deps, viewer: SessionUser | null) =>
  viewer ? repo.listUserLeagues(database.db, viewer.id) : [];

/** Messages of others the viewer has not read in each of these leagues' chats (issue 32). */
export const unreadOf = ({ database }: Deps, userId: string, leagueIds: readonly string[]) =>
  repo.unreadCounts(database.db, userId, leagueIds);

/** A league by its id (LEAGUE_NOT_FOUND when there is none). */
export const findLeague = async ({ database }: Deps, { leagueId }: { leagueId: string }) => {
  const league = await repo.findLeagueById(database.db, leagueId);
  if (!league) throw new AppError('LEAGUE_NOT_FOUND');
  return league;
};

/** A league's page: the league and its members (whether the viewer is one of them). */
export const leagueDetail = async (
  { database }: Deps,
  viewer: SessionUser | null,
  { leagueId }: { leagueId: string },
) => {
  const league = await findLeague({ database }, { leagueId });
  const [members, standing] = await Promise.all([
    repo.listMembers(database.db, league.id),
    standingOf(database.db, league, viewer),
  ]);
  return { league, members, member: standing.member };
};
