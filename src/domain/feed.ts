import { z } from 'zod';
import { cleanMessage, feedEmojis, graphemeCount, messageLimits } from './feed-text';

// Requests and answers of a league's feed and log (issue 32); the text rules without zod are in
// feed-text.ts.

const id = z.string().trim().min(1).max(64);

export const messageTooLong = `Messages have at most ${messageLimits.max} characters.`;
export const messageEmpty = 'Please write a message.';
export const messageTooHeavy = `Messages have at most ${messageLimits.max} characters, fewer with many emoji or accents.`;

/** A message's text: cleaned (feed-text.ts) and then 1–500 graphemes of 2,000 code units at most. */
const messageText = z
  .string({ error: messageEmpty })
  // Cleaning only takes characters out: this bounds the work before it, far above what may be kept.
  .max(messageLimits.maxUnits * 10, { error: messageTooLong })
  .overwrite(cleanMessage)
  .refine((text) => graphemeCount(text) >= messageLimits.min, { error: messageEmpty })
  .refine((text) => graphemeCount(text) <= messageLimits.max, { error: messageTooLong })
  // Over 500 graphemes the message above is the one that helps: one message a field.
  .refine(
    (text) => text.length <= messageLimits.maxUnits || graphemeCount(text) > messageLimits.max,
    { error: messageTooHeavy },
  );

/** POST /api/leagues/{id}/messages */
export const postMessageBody = z.object({
  /** One of the poster's teams in the league (default: their first). */
  teamId: id.optional(),
  text: messageText,
  /** A message of the same league this one answers. */
  replyTo: id.optional(),
  /** A fixture of the league's competition the message is about (shown in its minute race). */
  fixtureId: id.optional(),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;

/** PATCH /api/leagues/{id}/messages/{messageId} */
export const editMessageBody = z.object({ text: messageText });

/** PUT /api/leagues/{id}/feed/settings */
export const feedSettingsBody = z.object({
  /** Push for replies to you and mentions of your teams in this league. */
  notify: z.boolean(),
});

export const feedQuery = z.object({
  /** The id of the oldest message shown: the page before it. */
  before: id.optional(),
  /** Only the messages about one fixture (its minute race). */
  fixtureId: id.optional(),
});

export const emojiParam = z.enum(feedEmojis, { error: 'Choose one of the reactions offered.' });

/** Why a message shows no text. */
export const messageStates = [
  'shown',
  /** Deleted by whoever wrote it. */
  'deleted',
  /** Removed by the league admin. */
  'removed_by_admin',
  /** Removed by a site admin. */
  'removed_by_site_admin',
  /** Its author deleted their account. */
  'account_deleted',
] as const;
export type MessageState = (typeof messageStates)[number];

export const feedMessage = z.object({
  id: z.string(),
  /** The team it was posted as; id null once the team is gone (the name stays). */
  team: z.object({ id: z.string().nullable(), name: z.string() }),
  state: z.enum(messageStates),
  /** null unless shown. */
  text: z.string().nullable(),
  mentions: z.array(z.object({ teamId: z.string(), name: z.string() })),
  replyTo: z
    .object({
      id: z.string(),
      teamName: z.string(),
      /** The start of the answered message; null when it no longer shows. */
      excerpt: z.string().nullable(),
    })
    .nullable(),
  fixture: z.object({ id: z.string(), homeTeam: z.string(), awayTeam: z.string() }).nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  reactions: z.array(z.object({ emoji: z.enum(feedEmojis), count: z.number(), mine: z.boolean() })),
  /** The viewer wrote it (may edit and delete it). */
  mine: z.boolean(),
  /** The viewer has reported it. */
  reported: z.boolean(),
  /** How many members reported it: for the league admin and site admins only, else null. */
  reports: z.number().nullable(),
});
export type FeedMessage = z.infer<typeof feedMessage>;

export const feedPage = z.object({
  messages: z.array(feedMessage),
  /** Pass as `before` for older messages; null: this page reaches the first. */
  nextBefore: z.string().nullable(),
  /** The feed's version (ms) when read: a 'feed' signal with a newer one means new messages. */
  version: z.number(),
  /** The viewer's teams in the league, to post as (first: the default). */
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The viewer may remove others' messages (league admin or site admin). */
  moderator: z.boolean(),
  /** The viewer's push choice for this league's replies and mentions. */
  notify: z.boolean(),
});
export type FeedPage = z.infer<typeof feedPage>;

export const logKinds = [
  'renamed',
  'join_by_name',
  'rules',
  'invite_code',
  'team_removed',
  'bar_lifted',
  'admin_handed',
  'admin_passed',
  'bonus_set',
  'bonus_settled',
  'bonus_removed',
  'result',
  'fixture_status',
  'kickoff',
] as const;
export type LogKind = (typeof logKinds)[number];

/** Who made a change: the league admin or a member (named), a site admin or a source. */
export const logActorKinds = ['league_admin', 'member', 'site_admin', 'source'] as const;
export type LogActorKind = (typeof logActorKinds)[number];

const logValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const logEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(logKinds),
  actor: z.object({
    kind: z.enum(logActorKinds),
    /** A member's name, or a source's ('espn', 'openfootball'…); null for a site admin. */
    name: z.string().nullable(),
  }),
  /** The facts of the change, flat (e.g. rule.before / rule.after, homeScore.after). */
  data: z.record(z.string(), logValue),
});
export type LogEntry = z.infer<typeof logEntry>;
export type LogData = LogEntry['data'];

export const logPage = z.object({
  entries: z.array(logEntry),
  nextBefore: z.string().nullable(),
});

export const logQuery = z.object({
  /** An entry's `at|id`: the page before it. */
  before: z.string().max(120).optional(),
});
