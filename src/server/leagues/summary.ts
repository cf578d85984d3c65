import { z } from 'zod';
import type { SessionUser } from '../auth';
import type { LeagueRow } from './repository';

export const leagueIdParam = z.object({ leagueId: z.string().min(1).max(64) });

/** A league as the API shows it to `viewer` (isAdmin: the viewer created it). */
export const summaryOf = (league: LeagueRow, viewer: SessionUser | null) => ({
  id: league.id,
  name: league.name,
  inviteCode: league.inviteCode,
  competitionId: league.competitionId,
  competitionName: league.competitionName,
  competitionRoute: league.competitionRoute,
  joinByName: league.joinByName,
  isAdmin: viewer !== null && league.adminUserId === viewer.id,
});
