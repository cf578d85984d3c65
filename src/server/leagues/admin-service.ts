import { requireStanding } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import { auditActorOf, writeAudit } from '../audit/repository';
import { isUniqueViolation } from '../db/errors';
import { inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import * as repo from './repository';
import * as rules from './rules-repository';
import { cleanName } from '../../domain/league-names';
import { ruleKeys, scoringRulesOf, type LeagueRules } from '../../domain/league-rules';
import { resolveSeason } from '../fixtures/seasons';
import type { Services } from '../context';
import { findLeague, freeInviteCode, type Deps } from './service';
import { leagueActorOf, writeLeagueLog } from '../league-log/league-log';
import type { LogData, LogKind } from '../../domain/feed';

/** What only a league's admin (its creator) may do; every change is audited. */

const adminLeague = async (deps: Deps, user: SessionUser, leagueId: string) => {
  const league = await findLeague(deps, { leagueId });
  await requireStanding(deps.database.db, league, user, 'administer');
  return league;
};

const audit = (
  { database }: Deps,
  user: SessionUser,
  entry: { action: string; entityId: string; before: unknown; after?: unknown },
  at: Date,
) => writeAudit(database.db, auditActorOf(user), { ...entry, entityType: 'league' }, at);

/** The league's open log (issue 32): what members may read of the change. */
const log = (
  { database }: Deps,
  user: SessionUser,
  league: repo.LeagueRow,
  kind: LogKind,
  data: LogData,
  at: Date,
) =>
  writeLeagueLog(
    database.db,
    { leagueId: league.id, kind, actor: leagueActorOf(user, league), data },
    at,
  );

export const updateLeagueSettings = async (
  deps: Deps & Pick<Services, 'standings'>,
  user: SessionUser,
  input: {
    leagueId: string;
    name?: string | undefined;
    joinByName?: boolean | undefined;
    rules?: Partial<Record<keyof LeagueRules, number | undefined>> | undefined;
  },
  now: Date,
) => {
  const { db } = deps.database;
  const { leagueId, rules: rulesChange, ...change } = input;
  const league = await adminLeague(deps, user, leagueId);
  const set: { name?: string; join_by_name?: number } = {};
  if (change.name !== undefined && change.name !== league.name) {
    const clash = await repo.findLeagueByName(db, change.name);
    if (clash && clash.id !== league.id) throw new AppError('LEAGUE_NAME_TAKEN');
    set.name = change.name;
  }
  if (change.joinByName !== undefined) set.join_by_name = change.joinByName ? 1 : 0;
  try {
    if (Object.keys(set).length > 0) await repo.updateLeague(db, league.id, set, now.toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('LEAGUE_NAME_TAKEN');
    throw error;
  }
  if (change.name !== undefined || change.joinByName !== undefined) {
    const before = { name: league.name, joinByName: league.joinByName };
    await audit(
      deps,
      user,
      { action: 'league.update', entityId: league.id, before, after: change },
      now,
    );
    if (set.name !== undefined)
      await log(deps, user, league, 'renamed', { before: league.name, after: set.name }, now);
    if (change.joinByName !== undefined && change.joinByName !== league.joinByName)
      await log(deps, user, league, 'join_by_name', { after: change.joinByName }, now);
  }
  if (rulesChange) await changeRules(deps, user, league, rulesChange, now);
  return (await repo.findLeagueById(db, league.id)) ?? league;
};

/**
 * New rules for the competition's current season on (finished seasons keep theirs). Points
 * changed: the league's standings are derived afresh from its predictions before the answer.
 * A lower joker limit removes no joker already placed (saves refuse only to add one).
 */
const changeRules = async (
  deps: Deps & Pick<Services, 'standings'>,
  user: SessionUser,
  league: repo.LeagueRow,
  change: Partial<Record<keyof LeagueRules, number | undefined>>,
  now: Date,
) => {
  const { database, standings } = deps;
  const { current } = await resolveSeason(database.db, league.competitionId, undefined, now);
  const season = current ?? '';
  const before = await rules.rulesOfLeague(database.db, league.id, season);
  const after: LeagueRules = { ...before };
  for (const key of ruleKeys) {
    const value = change[key];
    if (value !== undefined) after[key] = value;
  }
  if (ruleKeys.every((key) => after[key] === before[key])) return;
  await inTransaction(database.db, async (trx) => {
    await rules.saveRules(trx, league.id, season, after, now.toISOString());
    await writeAudit(
      trx,
      auditActorOf(user),
      { action: 'league.rules', entityType: 'league', entityId: league.id, before, after },
      now,
    );
    const data: LogData = {};
    for (const key of ruleKeys)
      if (after[key] !== before[key]) {
        data[`${key}.before`] = before[key];
        data[`${key}.after`] = after[key];
      }
    await writeLeagueLog(
      trx,
      { leagueId: league.id, kind: 'rules', actor: leagueActorOf(user, league), data },
      now,
    );
  });
  const scoring = (r: LeagueRules) => JSON.stringify(scoringRulesOf(r));
  if (scoring(after) !== scoring(before)) await standings.rebuildLeague(league.id);
};

export const regenerateInviteCode = async (
  deps: Deps,
  user: SessionUser,
  { leagueId }: { leagueId: string },
  now: Date,
) => {
  const league = await adminLeague(deps, user, leagueId);
  const code = await freeInviteCode(deps.database.db);
  await repo.updateLeague(deps.database.db, league.id, { invite_code: code }, now.toISOString());
  await audit(
    deps,
    user,
    {
      action: 'league.invite_code',
      entityId: league.id,
      before: { inviteCode: league.inviteCode },
      after: { inviteCode: code },
    },
    now,
  );
  await log(deps, user, league, 'invite_code', {}, now);
  return code;
};

export const removeTeam = async (
  deps: Deps,
  user: SessionUser,
  { leagueId, teamId }: { leagueId: string; teamId: string },
  now: Date,
) => {
  const league = await adminLeague(deps, user, leagueId);
  const team = await repo.findTeam(deps.database.db, teamId);
  if (!team || team.leagueId !== league.id) throw new AppError('TEAM_NOT_FOUND');
  const barred = team.userId !== user.id;
  await inTransaction(deps.database.db, async (trx) => {
    await repo.deleteTeam(trx, team.id); // its predictions go with it (foreign key cascade)
    // Its owner stays out until the admin lifts the bar (not the admin's own team).
    if (barred)
      await repo.insertBar(trx, {
        leagueId: league.id,
        userId: team.userId,
        teamName: team.name,
        at: now.toISOString(),
      });
    await writeLeagueLog(
      trx,
      {
        leagueId: league.id,
        kind: 'team_removed',
        actor: leagueActorOf(user, league),
        data: { team: team.name, barred },
      },
      now,
    );
  });
  const entry = { action: 'league.remove_team', entityId: league.id, before: { team: team.name } };
  await audit(deps, user, entry, now);
};

/** The players the league admin removed, who may not rejoin (newest first). */
export const listBars = async (
  deps: Deps,
  user: SessionUser,
  { leagueId }: { leagueId: string },
) => {
  const league = await adminLeague(deps, user, leagueId);
  return repo.listBars(deps.database.db, league.id);
};

/** The league admin lets a removed player join again. */
export const liftBar = async (
  deps: Deps,
  user: SessionUser,
  { leagueId, userId }: { leagueId: string; userId: string },
  now: Date,
) => {
  const league = await adminLeague(deps, user, leagueId);
  const teamName = await repo.deleteBar(deps.database.db, league.id, userId);
  if (teamName === null) throw new AppError('BAR_NOT_FOUND');
  await log(deps, user, league, 'bar_lifted', { team: teamName }, now);
  await audit(
    deps,
    user,
    { action: 'league.lift_bar', entityId: league.id, before: { userId } },
    now,
  );
};

export const deleteLeague = async (
  deps: Deps,
  user: SessionUser,
  { leagueId, confirmName }: { leagueId: string; confirmName: string },
  now: Date,
) => {
  const league = await adminLeague(deps, user, leagueId);
  // Cleaned both sides: a name stored before decision 017 may hold a line break no field can take.
  if (cleanName(confirmName) !== cleanName(league.name))
    throw new AppError('CONFIRM_NAME_MISMATCH');
  await repo.deleteLeague(deps.database.db, league.id);
  const before = { name: league.name };
  await audit(deps, user, { action: 'league.delete', entityId: league.id, before }, now);
};
