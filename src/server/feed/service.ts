import { randomUUID } from 'node:crypto';
import {
  feedEmojis,
  feedPageSize,
  findMentions,
  mentionCandidates,
  type FeedEmoji,
} from '../../domain/feed-text';
import type { FeedMessage, FeedPage, PostMessageBody } from '../../domain/feed';
import { nameMaxLength } from '../../domain/league-names';
import type { SessionUser } from '../auth/auth';
import type { Services } from '../context';
import { can, requireStanding, type Standing } from '../access/league-access';
import { AppError } from '../errors';
import { findLeague } from '../leagues/service';
import { listUserLeagues, type LeagueRow } from '../leagues/repository';
import { takeAttempt, throttleRules } from '../throttle/throttle';
import { notifyFeed } from './notify';
import { fixtureNames } from '../fixtures/repository';
import * as repo from './repository';

/**
 * The league's banter (issue 32): members post as one of their teams, reply, react, edit and
 * delete their own; the league admin and site admins remove others' messages. The league's
 * event stream carries only a content-free 'feed' signal with a version: pages fetch messages
 * from these member-only routes.
 */

type Deps = Pick<Services, 'database' | 'bus' | 'env' | 'now' | 'logger'>;

interface Access {
  league: LeagueRow;
  /** The viewer's teams in the league, oldest first (empty: a site admin reading). */
  teams: { id: string; name: string }[];
  /** The viewer's standing in the league (access/league-access.ts). */
  standing: Standing;
  /** League admin or site admin: may remove others' messages, sees report counts. */
  moderator: boolean;
  siteAdmin: boolean;
}

/**
 * Members only (access/league-access.ts: a team in the league); site admins may read and moderate
 * any league. Signed out: 401; not a member: 403 MEMBERS_ONLY.
 */
const access = async (
  deps: Deps,
  user: SessionUser | null,
  leagueId: string,
  need: 'read' | 'post',
): Promise<Access> => {
  if (!user) throw new AppError('UNAUTHENTICATED');
  const league = await findLeague(deps, { leagueId });
  const standing = await requireStanding(
    deps.database.db,
    league,
    user,
    need === 'post' ? 'post' : 'readFeed',
  );
  return {
    league,
    teams: standing.teams,
    standing,
    moderator: can(standing, 'moderate'),
    siteAdmin: standing.siteAdmin,
  };
};

/** The league's 'feed' signal; its streams hear at most one a second (realtime/league-streams.ts). */
const publish = (deps: Deps, leagueId: string) =>
  deps.bus.publish({ type: 'feed', leagueId, version: deps.now().getTime() });

/** A message of this league, or 404. */
const messageIn = async (deps: Deps, leagueId: string, messageId: string) => {
  const message = await repo.findMessage(deps.database.db, messageId);
  if (!message || message.leagueId !== leagueId) throw new AppError('MESSAGE_NOT_FOUND');
  return message;
};

const mentionsIn = async (deps: Deps, leagueId: string, text: string) => {
  const keys = [...new Set(mentionCandidates(text, nameMaxLength).flat())];
  const byKey = await repo.teamsByKeys(deps.database.db, leagueId, keys);
  return findMentions(text, nameMaxLength, byKey);
};

const excerptLength = 80;
const excerpt = (text: string) => {
  const chars = [...text];
  return chars.length > excerptLength ? `${chars.slice(0, excerptLength).join('')}…` : text;
};

/** Messages as the viewer sees them: names of mentions, answered messages, fixtures, reactions. */
const present = async (
  deps: Deps,
  a: Access,
  viewer: SessionUser,
  rows: repo.MessageRow[],
): Promise<FeedMessage[]> => {
  const { db } = deps.database;
  const ids = rows.map((m) => m.id);
  const onPage = new Map(rows.map((m) => [m.id, m]));
  const answered = [...new Set(rows.flatMap((m) => (m.replyTo ? [m.replyTo] : [])))];
  const [others, fixtures, reactions, reports, mentioned] = await Promise.all([
    repo.messagesByIds(
      db,
      answered.filter((id) => !onPage.has(id)),
    ),
    fixtureNames(db, a.league.competitionId, [
      ...new Set(rows.flatMap((m) => (m.fixtureId ? [m.fixtureId] : []))),
    ]),
    repo.reactionsOf(db, ids, viewer.id),
    repo.reportsOf(db, ids, viewer.id),
    repo.teamOwners(db, [...new Set(rows.flatMap((m) => m.mentions))]),
  ]);
  const replied = new Map([...onPage, ...others.map((m) => [m.id, m] as const)]);
  const fixtureById = new Map(fixtures.map((f) => [f.id, f]));
  const names = new Map(
    mentioned.filter((t) => t.league_id === a.league.id).map((t) => [t.id, t.name]),
  );
  return rows.map((m) => {
    const answeredMessage = m.replyTo ? replied.get(m.replyTo) : undefined;
    const fixture = m.fixtureId ? fixtureById.get(m.fixtureId) : undefined;
    const report = reports.get(m.id);
    return {
      id: m.id,
      team: { id: m.teamId, name: m.teamName },
      state: m.deletedBy ?? 'shown',
      text: m.text,
      mentions: m.mentions.flatMap((teamId) => {
        const name = names.get(teamId);
        return name ? [{ teamId, name }] : [];
      }),
      replyTo:
        answeredMessage && answeredMessage.leagueId === a.league.id
          ? {
              id: answeredMessage.id,
              teamName: answeredMessage.teamName,
              excerpt: answeredMessage.text === null ? null : excerpt(answeredMessage.text),
            }
          : null,
      fixture: fixture
        ? { id: fixture.id, homeTeam: fixture.home_team, awayTeam: fixture.away_team }
        : null,
      createdAt: m.createdAt,
      editedAt: m.editedAt,
      reactions: reactions
        .filter((r) => r.messageId === m.id)
        .sort((x, y) => feedEmojis.indexOf(x.emoji) - feedEmojis.indexOf(y.emoji))
        .map(({ emoji, count, mine }) => ({ emoji, count, mine })),
      mine: m.userId !== null && m.userId === viewer.id,
      reported: report?.mine ?? false,
      reports: a.moderator ? (report?.count ?? 0) : null,
    };
  });
};

/** A page of the feed (newest first), or of one fixture's messages. */
export const listFeed = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; before?: string | undefined; fixtureId?: string | undefined },
): Promise<FeedPage> => {
  const version = deps.now().getTime();
  const a = await access(deps, user, input.leagueId, 'read');
  const viewer = user as SessionUser;
  const { db } = deps.database;
  let before: { createdAt: string; id: string } | undefined;
  if (input.before) {
    const from = await messageIn(deps, a.league.id, input.before);
    before = { createdAt: from.createdAt, id: from.id };
  }
  const [page, setting] = await Promise.all([
    repo.listMessages(db, {
      leagueId: a.league.id,
      before,
      fixtureId: input.fixtureId,
      limit: feedPageSize,
    }),
    repo.feedSettingOf(db, viewer.id, a.league.id),
  ]);
  return {
    messages: await present(deps, a, viewer, page.messages),
    nextBefore: page.more ? (page.messages.at(-1)?.id ?? null) : null,
    version,
    teams: a.teams,
    moderator: a.moderator,
    notify: setting.notify,
  };
};

export const postMessage = async (
  deps: Deps & Pick<Services, 'database'>,
  user: SessionUser | null,
  input: { leagueId: string } & PostMessageBody,
): Promise<FeedMessage> => {
  const a = await access(deps, user, input.leagueId, 'post');
  const viewer = user as SessionUser;
  const { db } = deps.database;
  const team = input.teamId ? a.teams.find((t) => t.id === input.teamId) : a.teams[0];
  if (!team) throw new AppError('NOT_YOUR_TEAM');
  const now = deps.now();
  await takeAttempt(db, throttleRules.leagueMessages, `${viewer.id}:${a.league.id}`, now);
  let replyTo: repo.MessageRow | null = null;
  if (input.replyTo) {
    replyTo = await messageIn(deps, a.league.id, input.replyTo);
    if (replyTo.deletedBy) throw new AppError('MESSAGE_GONE');
  }
  if (input.fixtureId) {
    const [fixture] = await fixtureNames(db, a.league.competitionId, [input.fixtureId]);
    if (!fixture) throw new AppError('UNKNOWN_FIXTURE');
  }
  const mentions = await mentionsIn(deps, a.league.id, input.text);
  const id = randomUUID();
  await repo.insertMessage(db, {
    id,
    leagueId: a.league.id,
    teamId: team.id,
    teamName: team.name,
    userId: viewer.id,
    text: input.text,
    replyTo: replyTo?.id ?? null,
    fixtureId: input.fixtureId ?? null,
    mentions,
    at: now.toISOString(),
  });
  await publish(deps, a.league.id);
  // Pushes go out after the answer; a failure is logged, never the poster's problem.
  void notifyFeed(deps, {
    league: a.league,
    from: viewer.id,
    teamName: team.name,
    text: input.text,
    messageId: id,
    replyToUser: replyTo?.userId ?? null,
    mentions,
  }).catch((err: unknown) => deps.logger.warn({ err }, 'feed notifications failed'));
  const saved = (await repo.findMessage(db, id)) as repo.MessageRow;
  const [shown] = await present(deps, a, viewer, [saved]);
  return shown as FeedMessage;
};

export const editMessage = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; messageId: string; text: string },
): Promise<FeedMessage> => {
  const a = await access(deps, user, input.leagueId, 'post');
  const viewer = user as SessionUser;
  const { db } = deps.database;
  // Counted as posts are: each edit is a 'feed' signal to every open stream of the league.
  await takeAttempt(db, throttleRules.leagueEdits, `${viewer.id}:${a.league.id}`, deps.now());
  const message = await messageIn(deps, a.league.id, input.messageId);
  if (message.userId !== viewer.id) throw new AppError('NOT_YOUR_MESSAGE');
  if (message.deletedBy) throw new AppError('MESSAGE_GONE');
  const mentions = await mentionsIn(deps, a.league.id, input.text);
  if (message.text !== input.text) {
    await repo.editMessage(db, message.id, input.text, mentions, deps.now().toISOString());
    await publish(deps, a.league.id);
  }
  const saved = (await repo.findMessage(db, message.id)) as repo.MessageRow;
  const [shown] = await present(deps, a, viewer, [saved]);
  return shown as FeedMessage;
};

/**
 * Its author deletes a message ('message deleted'); the league admin or a site admin removes
 * anyone's ('removed by the league admin'). Deleting a deleted message changes nothing.
 */
export const deleteMessage = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; messageId: string },
) => {
  const a = await access(deps, user, input.leagueId, 'read');
  const viewer = user as SessionUser;
  const message = await messageIn(deps, a.league.id, input.messageId);
  if (message.deletedBy) return;
  const own = message.userId === viewer.id && a.teams.length > 0;
  const by: repo.DeletedBy | null = own
    ? 'deleted'
    : a.standing.member && a.standing.leagueAdmin
      ? 'removed_by_admin'
      : a.siteAdmin
        ? 'removed_by_site_admin'
        : null;
  if (!by) throw new AppError('NOT_YOUR_MESSAGE');
  await repo.deleteMessage(deps.database.db, message.id, by, deps.now().toISOString());
  await publish(deps, a.league.id);
};

export const react = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; messageId: string; emoji: FeedEmoji; on: boolean },
) => {
  const a = await access(deps, user, input.leagueId, 'post');
  const viewer = user as SessionUser;
  const { db } = deps.database;
  const now = deps.now();
  await takeAttempt(db, throttleRules.leagueReactions, `${viewer.id}:${a.league.id}`, now);
  const message = await messageIn(deps, a.league.id, input.messageId);
  if (message.deletedBy) throw new AppError('MESSAGE_GONE');
  const reaction = { messageId: message.id, userId: viewer.id, emoji: input.emoji };
  if (input.on) await repo.putReaction(db, { ...reaction, at: now.toISOString() });
  else await repo.deleteReaction(db, reaction);
  await publish(deps, a.league.id);
};

/** A member reports someone else's message to the league admin and site admins. */
export const report = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; messageId: string },
) => {
  const a = await access(deps, user, input.leagueId, 'post');
  const viewer = user as SessionUser;
  const message = await messageIn(deps, a.league.id, input.messageId);
  if (message.deletedBy) throw new AppError('MESSAGE_GONE');
  if (message.userId === viewer.id)
    throw new AppError('FORBIDDEN', 'You cannot report your own message.');
  await repo.insertReport(deps.database.db, message.id, viewer.id, deps.now().toISOString());
};

/** The viewer has read the league's feed up to now (its unread count drops to 0). */
export const markRead = async (deps: Deps, user: SessionUser | null, leagueId: string) => {
  const a = await access(deps, user, leagueId, 'post');
  const at = deps.now().toISOString();
  await repo.saveFeedMember(
    deps.database.db,
    (user as SessionUser).id,
    a.league.id,
    { readAt: at },
    at,
  );
};

/** Push for replies and mentions in this league: on or off (off until asked for). */
export const setNotify = async (
  deps: Deps,
  user: SessionUser | null,
  input: { leagueId: string; notify: boolean },
) => {
  const a = await access(deps, user, input.leagueId, 'post');
  const at = deps.now().toISOString();
  await repo.saveFeedMember(
    deps.database.db,
    (user as SessionUser).id,
    a.league.id,
    { notify: input.notify },
    at,
  );
  return { notify: input.notify };
};

/** Reported messages still showing, for the site admins (newest report first). */
export const reportedMessages = (deps: Deps) => repo.reportedMessages(deps.database.db, 100);

export { access as feedAccess, present as presentMessages, publish as publishFeed };

/** The player's leagues and whether replies and mentions in each reach their devices (/team). */
export const feedNotifySettings = async (deps: Deps, user: SessionUser) => {
  const [leagues, on] = await Promise.all([
    listUserLeagues(deps.database.db, user.id),
    repo.notifyingLeagues(deps.database.db, user.id),
  ]);
  return {
    leagues: leagues.map(({ league }) => ({
      leagueId: league.id,
      leagueName: league.name,
      enabled: on.has(league.id),
    })),
  };
};
