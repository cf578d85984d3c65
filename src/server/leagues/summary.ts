import { z } from 'zod';
import { isLeagueAdmin, seesInviteCode } from '../access/league-access';
import type { SessionUser } from '../auth/auth';
import type { LeagueRow } from './repository';

export const leagueIdParam = z.object({ leagueId: z.string().min(1).max(64) });

/**
 * A league as the API shows it to `viewer` (isAdmin: the viewer runs it). The invite code goes
 * only to whom the access module shows it (the league's members and admin), or to whoever just
 * gave it (`knowsCode`): a player removed from the league must not learn a code the admin changed.
 */
export const summaryOf = (
  league: LeagueRow,
  viewer: SessionUser | null,
  access: { member: boolean; knowsCode?: boolean },
) => ({
  id: league.id,
  name: league.name,
  inviteCode:
    access.knowsCode === true || seesInviteCode(league, viewer, access.member)
      ? league.inviteCode
      : null,
  competitionId: league.competitionId,
  competitionName: league.competitionName,
  competitionRoute: league.competitionRoute,
  joinByName: league.joinByName,
  isAdmin: isLeagueAdmin(league, viewer),
  rules: league.rules,
});

/** A team as the API shows it: no owner, no timestamps. */
export const teamSummaryOf = (team: { id: string; name: string; leagueId: string }) => ({
  id: team.id,
  name: team.name,
  leagueId: team.leagueId,
});
