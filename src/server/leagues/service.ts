import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  inviteCodeFromBytes,
  normaliseInviteCode,
  sameNameIgnoringCase,
  type CreateLeagueBody,
} from '../../domain/leagues';
import type { SessionUser } from '../auth';
import { writeAudit } from '../audit';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { resolveSeason } from '../fixtures/seasons';
import * as repo from './repository';
import { inTransaction } from '../db/transaction';
import { findCompetitionFacts } from '../competitions/repository';

export interface Clock {
  now: () => Date;
}

const newInviteCode = (): string => {
  for (;;) {
    const code = inviteCodeFromBytes(randomBytes(16));
    if (code) return code;
  }
};

/** A fresh code no league uses yet (retried on the unlikely collision). */
const freeInviteCode = async (db: Kysely<DB>): Promise<string> => {
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
  db: Kysely<DB>,
  user: SessionUser,
  body: Required<Pick<CreateLeagueBody, 'leagueName' | 'teamName' | 'competitionId'>> & {
    secondTeamName?: string | undefined;
  },
  clock: Clock,
): Promise<CreateResult> => {
  if (user.isAnonymous) throw new AppError('ACCOUNT_REQUIRED');
  const names = [body.teamName, body.secondTeamName].filter((n): n is string => Boolean(n));
  if (names.length === 2 && sameNameIgnoringCase(names[0] ?? '', names[1] ?? ''))
    throw new AppError('TEAM_NAMES_SAME');
  if (!(await findCompetitionFacts(db, body.competitionId)))
    throw new AppError('UNKNOWN_COMPETITION');

  const existing = await repo.findLeagueByName(db, body.leagueName);
  if (existing) {
    // The specification's "add the team to your existing league" path.
    if (!(await repo.isMember(db, existing.id, user.id))) throw new AppError('LEAGUE_NAME_TAKEN');
    if (await repo.isBarred(db, existing.id, user.id)) throw new AppError('REMOVED_FROM_LEAGUE');
    const teams = await inTransaction(db, async (trx) => {
      const added: repo.TeamRow[] = [];
      for (const name of names)
        added.push(await insertTeamOrConflict(trx, existing.id, user.id, name, clock.now()));
      return added;
    });
    return { kind: 'added', league: existing, teams };
  }

  const at = clock.now();
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
export const lookupLeague = async (
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
const refuseBarred = async (db: Kysely<DB>, leagueId: string, userId: string) => {
  if (await repo.isBarred(db, leagueId, userId)) throw new AppError('REMOVED_FROM_LEAGUE');
};

export const joinLeague = async (
  db: Kysely<DB>,
  user: SessionUser,
  codeOrName: string,
  teamName: string,
  clock: Clock,
) => {
  const found = await lookupLeague(db, { code: codeOrName });
  if (!found) throw new AppError('INVALID_LEAGUE');
  const { league } = found;
  await refuseBarred(db, league.id, user.id);
  const team = await insertTeamOrConflict(db, league.id, user.id, teamName, clock.now());
  return { league, team };
};

/**
 * Quick join by code (or by name, from an invite link by name, where the league allows it): a
 * team name already in the league is re-entered only by the session that owns it (DESIGN.md §4);
 * anyone else is refused.
 */
export const quickJoinCheck = async (
  db: Kysely<DB>,
  user: SessionUser | null,
  invite: { code?: string | undefined; league?: string | undefined },
  teamName: string,
) => {
  const byName = invite.code ? null : await repo.findLeagueByName(db, invite.league ?? '');
  const league = invite.code
    ? await repo.findLeagueByCode(db, invite.code)
    : byName?.joinByName
      ? byName
      : null;
  if (!league)
    throw new AppError('INVALID_LEAGUE', 'League not found. Please check your league code.');
  const existing = await repo.findTeamByName(db, league.id, teamName);
  if (existing && existing.userId !== user?.id) throw new AppError('TEAM_NAME_TAKEN');
  if (!existing && user) await refuseBarred(db, league.id, user.id);
  return { league, existing };
};

export const addTeam = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  teamName: string,
  clock: Clock,
) => {
  const league = await repo.findLeagueById(db, leagueId);
  if (!league) throw new AppError('LEAGUE_NOT_FOUND');
  if (!(await repo.isMember(db, leagueId, user.id)))
    throw new AppError('FORBIDDEN', 'Join this league before creating another team in it.');
  await refuseBarred(db, league.id, user.id);
  const team = await insertTeamOrConflict(db, league.id, user.id, teamName, clock.now());
  return { league, team };
};

const adminLeague = async (db: Kysely<DB>, user: SessionUser, leagueId: string) => {
  const league = await repo.findLeagueById(db, leagueId);
  if (!league) throw new AppError('LEAGUE_NOT_FOUND');
  if (league.adminUserId !== user.id) throw new AppError('NOT_LEAGUE_ADMIN');
  return league;
};

const audit = (
  db: Kysely<DB>,
  user: SessionUser,
  action: string,
  entityId: string,
  before: unknown,
  after: unknown,
  at: Date,
) =>
  writeAudit(
    db,
    {
      actorUserId: user.id,
      actorLabel: user.email,
      action,
      entityType: 'league',
      entityId,
      before,
      after,
    },
    at,
  );

export const updateLeagueSettings = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  change: { name?: string | undefined; joinByName?: boolean | undefined },
  clock: Clock,
) => {
  const league = await adminLeague(db, user, leagueId);
  const set: { name?: string; join_by_name?: number } = {};
  if (change.name !== undefined && change.name !== league.name) {
    const clash = await repo.findLeagueByName(db, change.name);
    if (clash && clash.id !== league.id) throw new AppError('LEAGUE_NAME_TAKEN');
    set.name = change.name;
  }
  if (change.joinByName !== undefined) set.join_by_name = change.joinByName ? 1 : 0;
  try {
    await repo.updateLeague(db, league.id, set, clock.now().toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('LEAGUE_NAME_TAKEN');
    throw error;
  }
  await audit(
    db,
    user,
    'league.update',
    league.id,
    { name: league.name, joinByName: league.joinByName },
    change,
    clock.now(),
  );
  return (await repo.findLeagueById(db, league.id)) ?? league;
};

export const regenerateInviteCode = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  clock: Clock,
) => {
  const league = await adminLeague(db, user, leagueId);
  const code = await freeInviteCode(db);
  await repo.updateLeague(db, league.id, { invite_code: code }, clock.now().toISOString());
  await audit(
    db,
    user,
    'league.invite_code',
    league.id,
    { inviteCode: league.inviteCode },
    { inviteCode: code },
    clock.now(),
  );
  return code;
};

export const removeTeam = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  teamId: string,
  clock: Clock,
) => {
  const league = await adminLeague(db, user, leagueId);
  const team = await repo.findTeam(db, teamId);
  if (!team || team.leagueId !== league.id) throw new AppError('TEAM_NOT_FOUND');
  const at = clock.now();
  await inTransaction(db, async (trx) => {
    await repo.deleteTeam(trx, team.id); // its predictions go with it (foreign key cascade)
    // Its owner stays out until the admin lifts the bar (not the admin's own team).
    if (team.userId !== user.id)
      await repo.insertBar(trx, {
        leagueId: league.id,
        userId: team.userId,
        teamName: team.name,
        at: at.toISOString(),
      });
  });
  await audit(db, user, 'league.remove_team', league.id, { team: team.name }, null, at);
};

/** The players the league admin removed, who may not rejoin (newest first). */
export const listBars = async (db: Kysely<DB>, user: SessionUser, leagueId: string) => {
  const league = await adminLeague(db, user, leagueId);
  return repo.listBars(db, league.id);
};

/** The league admin lets a removed player join again. */
export const liftBar = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  userId: string,
  clock: Clock,
) => {
  const league = await adminLeague(db, user, leagueId);
  if (!(await repo.deleteBar(db, league.id, userId))) throw new AppError('BAR_NOT_FOUND');
  await audit(db, user, 'league.lift_bar', league.id, { userId }, null, clock.now());
};

export const deleteLeague = async (
  db: Kysely<DB>,
  user: SessionUser,
  leagueId: string,
  confirmName: string,
  clock: Clock,
) => {
  const league = await adminLeague(db, user, leagueId);
  if (confirmName.trim() !== league.name) throw new AppError('CONFIRM_NAME_MISMATCH');
  await repo.deleteLeague(db, league.id);
  await audit(db, user, 'league.delete', league.id, { name: league.name }, null, clock.now());
};

/**
 * The season a league's standings count (DESIGN §2): the one asked for, else the competition's
 * current season; and the seasons the switcher offers — the current one and any in which the
 * league's teams predicted, latest first.
 */
export const standingsSeason = async (
  db: Kysely<DB>,
  league: repo.LeagueRow,
  asked: string | undefined,
  now: Date,
) => {
  const { season, current, spans } = await resolveSeason(db, league.competitionId, asked, now);
  const played = new Set(await repo.leagueSeasons(db, league.id));
  const seasons = spans
    .filter((s) => s.season === current || played.has(s.season))
    .map((s) => s.season);
  return { season, current, seasons };
};
