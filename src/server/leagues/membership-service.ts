import { isLeagueAdmin, requireStanding, standingOf } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import { auditActorOf, writeAudit } from '../audit/repository';
import { inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import * as repo from './repository';
import { findLeague, type Deps } from './service';
import { leagueActorOf, writeLeagueLog } from '../league-log/league-log';

/**
 * Leaving a league and passing its admin role on. A league never stays without an admin while
 * it has members: when its admin's last team goes, the role passes to the member who joined
 * first (their oldest team), and a league left empty is deleted.
 */

/** An audit entry about a league, in the caller's transaction. */
const auditLeague = (
  trx: Parameters<typeof writeAudit>[0],
  user: SessionUser,
  entry: { action: string; leagueId: string; before: unknown; after: unknown },
  now: Date,
) =>
  writeAudit(
    trx,
    auditActorOf(user),
    {
      action: entry.action,
      entityType: 'league',
      entityId: entry.leagueId,
      before: entry.before,
      after: entry.after,
    },
    now,
  );

/** Who runs the league after its admin's last team left: the longest-standing member, or nobody. */
export const passAdminRole = async (
  trx: Parameters<typeof repo.deleteTeam>[0],
  league: repo.LeagueRow,
  leaving: string,
  now: Date,
) => {
  if (
    !isLeagueAdmin(league, { id: leaving }) ||
    (await standingOf(trx, league, { id: leaving, role: 'user' })).member
  )
    return { heir: null, deleted: false };
  const heir = await repo.longestStandingMember(trx, league.id);
  if (heir) {
    await repo.setLeagueAdmin(trx, league.id, heir.userId);
    await writeLeagueLog(
      trx,
      {
        leagueId: league.id,
        kind: 'admin_passed',
        actor: { kind: 'member', name: null },
        data: { to: heir.teamName },
      },
      now,
    );
    return { heir: heir.userId, deleted: false };
  }
  await repo.deleteLeague(trx, league.id);
  return { heir: null, deleted: true };
};

/** The player deletes one of their own teams in the league (its predictions go with it). */
export const leaveLeague = async (
  deps: Deps,
  user: SessionUser,
  { leagueId, teamId }: { leagueId: string; teamId: string },
  now: Date,
) => {
  const league = await findLeague(deps, { leagueId });
  const team = await repo.findTeam(deps.database.db, teamId);
  if (!team || team.leagueId !== league.id) throw new AppError('TEAM_NOT_FOUND');
  if (team.userId !== user.id) throw new AppError('NOT_YOUR_TEAM');
  return inTransaction(deps.database.db, async (trx) => {
    await repo.deleteTeam(trx, team.id);
    const passed = await passAdminRole(trx, league, user.id, now);
    await auditLeague(
      trx,
      user,
      {
        action: 'league.leave',
        leagueId: league.id,
        before: { teamId: team.id, teamName: team.name },
        after: { adminUserId: passed.heir ?? league.adminUserId, deleted: passed.deleted },
      },
      now,
    );
    return {
      leagueDeleted: passed.deleted,
      stillMember: (await standingOf(trx, league, user)).member,
    };
  });
};

/** The league admin hands the role to the owner of another team in the league. */
export const handOverAdmin = async (
  deps: Deps,
  user: SessionUser,
  { leagueId, teamId }: { leagueId: string; teamId: string },
  now: Date,
) => {
  const league = await findLeague(deps, { leagueId });
  await requireStanding(deps.database.db, league, user, 'administer');
  const team = await repo.findTeam(deps.database.db, teamId);
  if (!team || team.leagueId !== league.id) throw new AppError('TEAM_NOT_FOUND');
  if (team.userId === user.id) throw new AppError('ALREADY_LEAGUE_ADMIN');
  await inTransaction(deps.database.db, async (trx) => {
    await repo.setLeagueAdmin(trx, league.id, team.userId);
    await writeLeagueLog(
      trx,
      {
        leagueId: league.id,
        kind: 'admin_handed',
        actor: leagueActorOf(user, league),
        data: { to: team.name },
      },
      now,
    );
    await auditLeague(
      trx,
      user,
      {
        action: 'league.admin',
        leagueId: league.id,
        before: { adminUserId: user.id },
        after: { adminUserId: team.userId, teamId: team.id },
      },
      now,
    );
  });
  return (await repo.findLeagueById(deps.database.db, league.id)) ?? league;
};
