import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/auth';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { standingIn } from './repository';

/**
 * Every league-level decision in one place (issue 51, docs/design.md §5 'Who may do what in a
 * league'): who may read a league's live table, its members' picks and race, its feed, log and
 * stories; who may post, moderate, change the rules, manage teams and bonus questions, see the
 * invite code, and add a team. Services ask `authorize` (or `can`) with the viewer's standing
 * (`standingOf`) and never compare a user with the league's admin or scan its members themselves
 * (tests/security/access-rule.test.ts keeps it so). A player's own team checks (saving a pick for
 * a team of theirs) stay where they are.
 *
 * Membership has one definition: a member has at least one team in the league. A team the league
 * admin removed bars its owner from joining again or adding a team; an owner who still has
 * another team in the league stays a member through it, on every route.
 */

/** The viewer as a league sees them. */
export interface Standing {
  userId: string | null;
  /** The viewer's teams in the league, oldest first. */
  teams: { id: string; name: string }[];
  /** At least one team in the league. */
  member: boolean;
  /** Created the league or was handed the role. */
  leagueAdmin: boolean;
  /** The site's admin role (moderates every league's conversation). */
  siteAdmin: boolean;
  /** The league admin removed a team of theirs: they may not join again or add a team. */
  barred: boolean;
}

/** Every action the module decides (the authorization matrix covers each). */
export const leagueActions = [
  'readLiveTable',
  'readPicks',
  'readFeed',
  'post',
  'moderate',
  'administer',
  'manageBonus',
  'seeInviteCode',
  'addTeam',
  'join',
] as const satisfies readonly LeagueAction[];

export type LeagueAction =
  /** The live table's points and ranks while fixtures are in play (they tell picks). */
  | 'readLiveTable'
  /** Other teams' picks of a fixture once revealed, and its minute race. */
  | 'readPicks'
  /** The feed, the league's log and its stories (a site admin too). */
  | 'readFeed'
  /** Post, edit one's own messages, react. */
  | 'post'
  /** Remove others' messages, see report counts. */
  | 'moderate'
  /** Pin a story, change the rules, remove teams, lift bars, rename or delete the league. */
  | 'administer'
  /** Ask and settle bonus questions. */
  | 'manageBonus'
  /** See the invite code. */
  | 'seeInviteCode'
  /** Create another team in the league. */
  | 'addTeam'
  /** Join the league with a first team. */
  | 'join';

interface LeagueRef {
  id: string;
  adminUserId: string | null;
}

const nobody: Omit<Standing, 'siteAdmin'> = {
  userId: null,
  teams: [],
  member: false,
  leagueAdmin: false,
  barred: false,
};

/** Whether the viewer is the league's admin (no read: the league row names them). */
export const isLeagueAdmin = (
  league: Pick<LeagueRef, 'adminUserId'>,
  viewer: { id: string } | null,
) => viewer !== null && league.adminUserId === viewer.id;

/**
 * Whether the invite code is shown: to the league's members and its admin (`member` as the caller
 * knows it, from its own read of the league's members).
 */
export const seesInviteCode = (
  league: Pick<LeagueRef, 'adminUserId'>,
  viewer: { id: string } | null,
  member: boolean,
) => viewer !== null && showsCodeTo(member, isLeagueAdmin(league, viewer));

/** The invite code's one rule: the league's members and its admin. */
const showsCodeTo = (member: boolean, leagueAdmin: boolean) => member || leagueAdmin;

/** The viewer's standing in a league (one read of their teams and bar; none when signed out). */
export const standingOf = async (
  db: Kysely<DB>,
  league: LeagueRef,
  viewer: Pick<SessionUser, 'id' | 'role'> | null,
): Promise<Standing> => {
  if (!viewer) return { ...nobody, siteAdmin: false };
  const { teams, barred } = await standingIn(db, league.id, viewer.id);
  return {
    userId: viewer.id,
    teams,
    member: teams.length > 0,
    leagueAdmin: isLeagueAdmin(league, viewer),
    siteAdmin: viewer.role === 'admin',
    barred,
  };
};

/** The refusal of an action, or null when the standing allows it. One code per kind of refusal. */
const refusal = (s: Standing, action: LeagueAction): AppError | null => {
  if (s.userId === null) return new AppError('UNAUTHENTICATED');
  switch (action) {
    case 'readLiveTable':
    case 'readPicks':
    case 'post':
      return s.member ? null : new AppError('MEMBERS_ONLY');
    case 'readFeed':
      return s.member || s.siteAdmin ? null : new AppError('MEMBERS_ONLY');
    case 'moderate':
      return (s.member && s.leagueAdmin) || s.siteAdmin ? null : new AppError('NOT_LEAGUE_ADMIN');
    case 'administer':
    case 'manageBonus':
      return s.leagueAdmin ? null : new AppError('NOT_LEAGUE_ADMIN');
    case 'seeInviteCode':
      return showsCodeTo(s.member, s.leagueAdmin) ? null : new AppError('MEMBERS_ONLY');
    case 'addTeam':
      if (!s.member)
        return new AppError('MEMBERS_ONLY', 'Join this league before creating another team in it.');
      return s.barred ? new AppError('REMOVED_FROM_LEAGUE') : null;
    case 'join':
      return s.barred ? new AppError('REMOVED_FROM_LEAGUE') : null;
  }
};

/** Whether the standing allows the action. */
export const can = (s: Standing, action: LeagueAction) => refusal(s, action) === null;

/** Throws the action's refusal (401 signed out, 403 with its one code) unless allowed. */
export const authorize = (s: Standing, action: LeagueAction) => {
  const refused = refusal(s, action);
  if (refused) throw refused;
};

/** `standingOf` and `authorize` in one, for a route that needs the standing afterwards. */
export const requireStanding = async (
  db: Kysely<DB>,
  league: LeagueRef,
  viewer: Pick<SessionUser, 'id' | 'role'> | null,
  action: LeagueAction,
) => {
  const s = await standingOf(db, league, viewer);
  authorize(s, action);
  return s;
};
