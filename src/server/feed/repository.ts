import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { FeedEmoji } from '../../domain/feed-text';
import type { MessageState } from '../../domain/feed';

// A league's messages, reactions, reports and each member's place in the feed (issue 32). Every
// read goes by the league's index and a page's ids: never a walk of the league's whole feed.

type Db = Kysely<DB> | Transaction<DB>;

export type DeletedBy = Exclude<MessageState, 'shown'>;

export interface MessageRow {
  id: string;
  leagueId: string;
  teamId: string | null;
  /** The team's name now, or at the time when the team is gone. */
  teamName: string;
  userId: string | null;
  text: string | null;
  replyTo: string | null;
  fixtureId: string | null;
  mentions: string[];
  createdAt: string;
  editedAt: string | null;
  deletedBy: DeletedBy | null;
}

const messageSelect = (db: Db) =>
  db
    .selectFrom('league_messages as m')
    .leftJoin('teams as t', 't.id', 'm.team_id')
    .select([
      'm.id',
      'm.league_id',
      'm.team_id',
      'm.team_name',
      't.name as current_name',
      'm.user_id',
      'm.body',
      'm.reply_to',
      'm.fixture_id',
      'm.mentions_json',
      'm.created_at',
      'm.edited_at',
      'm.deleted_by',
    ]);

type SelectedMessage = Awaited<ReturnType<ReturnType<typeof messageSelect>['execute']>>[number];

const toMessage = (r: SelectedMessage): MessageRow => ({
  id: r.id,
  leagueId: r.league_id,
  teamId: r.team_id,
  teamName: r.current_name ?? r.team_name,
  userId: r.user_id,
  text: r.deleted_by ? null : r.body,
  replyTo: r.reply_to,
  fixtureId: r.fixture_id,
  mentions: JSON.parse(r.mentions_json) as string[],
  createdAt: r.created_at,
  editedAt: r.edited_at,
  deletedBy: (r.deleted_by as DeletedBy | null) ?? null,
});

export const insertMessage = async (
  db: Db,
  m: {
    id: string;
    leagueId: string;
    teamId: string;
    teamName: string;
    userId: string;
    text: string;
    replyTo: string | null;
    fixtureId: string | null;
    mentions: string[];
    at: string;
  },
) => {
  await db
    .insertInto('league_messages')
    .values({
      id: m.id,
      league_id: m.leagueId,
      team_id: m.teamId,
      team_name: m.teamName,
      user_id: m.userId,
      body: m.text,
      reply_to: m.replyTo,
      fixture_id: m.fixtureId,
      mentions_json: JSON.stringify(m.mentions),
      created_at: m.at,
    })
    .execute();
};

export const findMessage = async (db: Db, id: string): Promise<MessageRow | null> => {
  const row = await messageSelect(db).where('m.id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : null;
};

/** Messages by id (the ones a page answers), whatever their league: the caller checks it. */
export const messagesByIds = async (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await messageSelect(db)
          .where('m.id', 'in', [...ids])
          .execute()
      ).map(toMessage);

/**
 * One page of a league's feed, newest first: before a message (by its time, then id), and only
 * a fixture's messages when one is named. One more than asked tells whether older ones exist.
 */
export const listMessages = async (
  db: Db,
  q: {
    leagueId: string;
    before?: { createdAt: string; id: string } | undefined;
    fixtureId?: string | undefined;
    limit: number;
  },
) => {
  let query = messageSelect(db).where('m.league_id', '=', q.leagueId);
  if (q.fixtureId) query = query.where('m.fixture_id', '=', q.fixtureId);
  const before = q.before;
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('m.created_at', '<', before.createdAt),
        eb.and([eb('m.created_at', '=', before.createdAt), eb('m.id', '<', before.id)]),
      ]),
    );
  const rows = await query
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(q.limit + 1)
    .execute();
  return { messages: rows.slice(0, q.limit).map(toMessage), more: rows.length > q.limit };
};

export const editMessage = async (
  db: Db,
  id: string,
  text: string,
  mentions: string[],
  at: string,
) =>
  db
    .updateTable('league_messages')
    .set({ body: text, mentions_json: JSON.stringify(mentions), edited_at: at })
    .where('id', '=', id)
    .where('deleted_by', 'is', null)
    .executeTakeFirst();

/** The text goes; the row stays so replies and the feed can say what became of it. */
export const deleteMessage = async (db: Db, id: string, by: DeletedBy, at: string) => {
  await db
    .updateTable('league_messages')
    .set({ body: null, mentions_json: '[]', deleted_at: at, deleted_by: by })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('league_message_reactions').where('message_id', '=', id).execute();
};

export interface ReactionCount {
  messageId: string;
  emoji: FeedEmoji;
  count: number;
  mine: boolean;
}

/** The reactions of a page's messages, counted, with whether the viewer gave each. */
export const reactionsOf = async (
  db: Db,
  messageIds: readonly string[],
  viewerId: string,
): Promise<ReactionCount[]> => {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectFrom('league_message_reactions')
    .select([
      'message_id',
      'emoji',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`sum(case when user_id = ${viewerId} then 1 else 0 end)`.as('mine'),
    ])
    .where('message_id', 'in', [...messageIds])
    .groupBy(['message_id', 'emoji'])
    .execute();
  return rows.map((r) => ({
    messageId: r.message_id,
    emoji: r.emoji as FeedEmoji,
    count: Number(r.n),
    mine: Number(r.mine) > 0,
  }));
};

export const putReaction = async (
  db: Db,
  r: { messageId: string; userId: string; emoji: FeedEmoji; at: string },
) => {
  await db
    .insertInto('league_message_reactions')
    .values({ message_id: r.messageId, user_id: r.userId, emoji: r.emoji, created_at: r.at })
    .onConflict((oc) => oc.columns(['message_id', 'emoji', 'user_id']).doNothing())
    .execute();
};

export const deleteReaction = async (
  db: Db,
  r: { messageId: string; userId: string; emoji: FeedEmoji },
) => {
  await db
    .deleteFrom('league_message_reactions')
    .where('message_id', '=', r.messageId)
    .where('emoji', '=', r.emoji)
    .where('user_id', '=', r.userId)
    .execute();
};

export const insertReport = async (db: Db, messageId: string, userId: string, at: string) => {
  await db
    .insertInto('league_message_reports')
    .values({ message_id: messageId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
    .execute();
};

/** Per message of a page: how many reported it and whether the viewer did. */
export const reportsOf = async (db: Db, messageIds: readonly string[], viewerId: string) => {
  if (messageIds.length === 0) return new Map<string, { count: number; mine: boolean }>();
  const rows = await db
    .selectFrom('league_message_reports')
    .select([
      'message_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`sum(case when user_id = ${viewerId} then 1 else 0 end)`.as('mine'),
    ])
    .where('message_id', 'in', [...messageIds])
    .groupBy('message_id')
    .execute();
  return new Map(rows.map((r) => [r.message_id, { count: Number(r.n), mine: Number(r.mine) > 0 }]));
};

/** Reported messages still showing, newest report first (the site admin's list). */
export const reportedMessages = async (db: Db, limit: number) => {
  const rows = await db
    .selectFrom('league_message_reports as r')
    .innerJoin('league_messages as m', 'm.id', 'r.message_id')
    .innerJoin('leagues as l', 'l.id', 'm.league_id')
    .select([
      'm.id',
      'm.league_id',
      'l.name as league_name',
      'm.team_name',
      'm.body',
      'm.created_at',
      (eb) => eb.fn.countAll<number | string>().as('reports'),
      (eb) => eb.fn.max('r.created_at').as('last_report'),
    ])
    .where('m.deleted_by', 'is', null)
    .groupBy(['m.id', 'm.league_id', 'l.name', 'm.team_name', 'm.body', 'm.created_at'])
    .orderBy('last_report', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leagueId: r.league_id,
    leagueName: r.league_name,
    teamName: r.team_name,
    text: r.body ?? '',
    createdAt: r.created_at,
    reports: Number(r.reports),
  }));
};

/** The league's teams whose name key is one of these (mention candidates), by key. */
export const teamsByKeys = async (db: Db, leagueId: string, keys: readonly string[]) => {
  if (keys.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name_key'])
    .where('league_id', '=', leagueId)
    .where('name_key', 'in', [...keys])
    .execute();
  return new Map(rows.flatMap((r) => (r.name_key ? [[r.name_key, r.id] as const] : [])));
};

/** Teams by id with their owners (who a reply or a mention notifies). */
export const teamOwners = async (db: Db, teamIds: readonly string[]) =>
  teamIds.length === 0
    ? []
    : db
        .selectFrom('teams')
        .select(['id', 'user_id', 'name', 'league_id'])
        .where('id', 'in', [...teamIds])
        .execute();

export const feedSettingOf = async (db: Db, userId: string, leagueId: string) => {
  const row = await db
    .selectFrom('league_feed_members')
    .select(['read_at', 'notify'])
    .where('user_id', '=', userId)
    .where('league_id', '=', leagueId)
    .executeTakeFirst();
  return { readAt: row?.read_at ?? null, notify: Number(row?.notify ?? 0) === 1 };
};

export const saveFeedMember = async (
  db: Db,
  userId: string,
  leagueId: string,
  change: { readAt?: string; notify?: boolean },
  at: string,
) => {
  const set = {
    ...(change.readAt !== undefined ? { read_at: change.readAt } : {}),
    ...(change.notify !== undefined ? { notify: change.notify ? 1 : 0 } : {}),
    updated_at: at,
  };
  await db
    .insertInto('league_feed_members')
    .values({
      user_id: userId,
      league_id: leagueId,
      read_at: change.readAt ?? null,
      notify: change.notify ? 1 : 0,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'league_id']).doUpdateSet(set))
    .execute();
};

/**
 * Of these users, those to tell about a reply or a mention in a league: they asked for its feed
 * notifications and still hold a team in it (a member, access/league-access.ts: a removed team's
 * owner with another team in the league is one); with their language.
 */
export const usersToNotify = async (db: Db, leagueId: string, userIds: readonly string[]) =>
  userIds.length === 0
    ? []
    : db
        .selectFrom('league_feed_members as f')
        .innerJoin('user as u', 'u.id', 'f.user_id')
        .select(['u.id', 'u.locale'])
        .where('f.league_id', '=', leagueId)
        .where('f.user_id', 'in', [...userIds])
        .where('f.notify', '=', 1)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('teams as t')
              .select('t.id')
              .whereRef('t.user_id', '=', 'f.user_id')
              .where('t.league_id', '=', leagueId),
          ),
        )
        .execute();

/** The leagues where the user asked for feed notifications. */
export const notifyingLeagues = async (db: Db, userId: string) =>
  new Set(
    (
      await db
        .selectFrom('league_feed_members')
        .select('league_id')
        .where('user_id', '=', userId)
        .where('notify', '=', 1)
        .execute()
    ).map((r) => r.league_id),
  );
