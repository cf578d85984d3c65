import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag, MessageSquareReply, Pencil, Pin, SmilePlus, Trash2 } from 'lucide-react';
import { feedEmojis, messageSegments, type FeedEmoji } from '../../../domain/feed-text';
import { dateFormat, relativeTimeFormat } from '../../lib/intl-cache';
import { cn } from '../../ui/cn';
import { Button } from '../../ui/button';
import { MessageEditor } from './feed-composer';
import type { FeedItem } from './feed-api';

/** How long ago, in the interface language: 'now', '5 min. ago', 'yesterday', or the date. */
export const useAgo = () => {
  const { i18n, t } = useTranslation();
  return (iso: string) => {
    const then = new Date(iso);
    const seconds = Math.round((then.getTime() - Date.now()) / 1000);
    if (seconds > -45) return t('leagues.feed.justNow');
    const relative = relativeTimeFormat(i18n.language);
    if (seconds > -3600) return relative.format(Math.round(seconds / 60), 'minute');
    if (seconds > -86_400) return relative.format(Math.round(seconds / 3600), 'hour');
    return dateFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(then);
  };
};

/** A message's text: links (never followed by search engines) and mentions; never HTML. */
export const MessageText = ({ item }: { item: FeedItem }) => (
  <p className="whitespace-pre-wrap break-words text-fg [overflow-wrap:anywhere]">
    {messageSegments(item.text ?? '', item.mentions).map((s, i) =>
      s.kind === 'link' ? (
        <a
          key={i}
          href={s.href}
          rel="nofollow noopener noreferrer"
          target="_blank"
          className="font-medium text-brand-text underline"
        >
          {s.text}
        </a>
      ) : s.kind === 'mention' ? (
        <span key={i} className="rounded bg-info-soft px-0.5 font-semibold text-fg">
          {s.text}
        </span>
      ) : (
        <span key={i}>{s.text}</span>
      ),
    )}
  </p>
);

const goneKey = {
  deleted: 'leagues.feed.deleted',
  removed_by_admin: 'leagues.feed.removedByAdmin',
  removed_by_site_admin: 'leagues.feed.removedBySiteAdmin',
  account_deleted: 'leagues.feed.accountDeleted',
} as const;

const Action = ({
  icon,
  label,
  onClick,
  tone,
  testId,
  pressed,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  tone?: 'danger';
  testId: string;
  pressed?: boolean;
}) => (
  <button
    type="button"
    onClick={onClick}
    aria-pressed={pressed}
    title={label}
    data-testid={testId}
    className={cn(
      'inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2 text-xs font-semibold hover:bg-surface-muted',
      tone === 'danger' ? 'text-danger' : 'text-fg-muted',
    )}
  >
    {icon}
    {/* Phones: the icon (its name for screen readers); wider screens: the word too. */}
    <span className="sr-only sm:not-sr-only">{label}</span>
  </button>
);

export interface MessageActions {
  reply: (item: FeedItem) => void;
  react: (item: FeedItem, emoji: FeedEmoji, on: boolean) => void;
  edit: (item: FeedItem, text: string) => Promise<boolean>;
  remove: (item: FeedItem) => void;
  report: (item: FeedItem) => void;
  /** The league admin pins a message of their own above the story (issue 33)… */
  pin?: ((item: FeedItem) => void) | undefined;
  /** …unless it is the one pinned. */
  pinnedId?: string | null | undefined;
}

/** One message: who (as which team), when, the text or what became of it, reactions, actions. */
export const FeedMessage = ({
  item,
  moderator,
  canPost,
  actions,
}: {
  item: FeedItem;
  moderator: boolean;
  canPost: boolean;
  actions: MessageActions;
}) => {
  const { t } = useTranslation();
  const ago = useAgo();
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const shown = item.state === 'shown';
  const name = item.state === 'account_deleted' ? t('leagues.feed.deletedPlayer') : item.team.name;
  return (
    <li
      className={cn(
        'flex flex-col gap-1.5 border-b border-line py-3 last:border-0',
        // One's own messages carry a mark of the brand colour.
        item.mine && 'pl-3 shadow-[inset_3px_0_0_var(--color-primary)]',
      )}
      data-testid="feed-message"
      data-message-id={item.id}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span
          className={cn('font-bold', shown ? 'text-fg' : 'text-fg-muted')}
          data-testid="feed-author"
        >
          {name}
        </span>
        <time dateTime={item.createdAt} className="text-xs text-fg-muted">
          {ago(item.createdAt)}
        </time>
        {item.editedAt && shown ? (
          <span className="text-xs text-fg-muted" data-testid="feed-edited">
            {t('leagues.feed.edited')}
          </span>
        ) : null}
        {item.fixture ? (
          <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted">
            {t('leagues.feed.about', { home: item.fixture.homeTeam, away: item.fixture.awayTeam })}
          </span>
        ) : null}
      </div>
      {item.replyTo ? (
        <blockquote
          className="border-l-4 border-line pl-2 text-xs text-fg-muted"
          data-testid="feed-quote"
        >
          <span className="font-semibold">{item.replyTo.teamName}</span>{' '}
          {item.replyTo.excerpt ?? t('leagues.feed.deleted')}
        </blockquote>
      ) : null}
      {item.state !== 'shown' ? (
        <p className="text-sm italic text-fg-muted" data-testid="feed-gone">
          {t(goneKey[item.state])}
        </p>
      ) : editing ? (
        <MessageEditor
          initial={item.text ?? ''}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            if (await actions.edit(item, text)) setEditing(false);
          }}
        />
      ) : (
        <MessageText item={item} />
      )}
      {shown && !editing ? (
        <div className="flex flex-wrap items-center gap-0.5">
          {item.reactions.map((r) => (
            <button
              key={r.emoji}
              type="button"
              aria-pressed={r.mine}
              disabled={!canPost}
              aria-label={t('leagues.feed.reaction', { emoji: r.emoji, count: r.count })}
              onClick={() => actions.react(item, r.emoji, !r.mine)}
              className={cn(
                'inline-flex min-h-9 items-center gap-1 rounded-full border px-2.5 text-sm tabular-nums',
                r.mine ? 'border-primary bg-success-soft text-fg' : 'border-line text-fg-muted',
              )}
              data-testid="feed-reaction"
            >
              <span aria-hidden="true">{r.emoji}</span>
              <span aria-hidden="true">{r.count}</span>
            </button>
          ))}
          {canPost ? (
            <Action
              icon={<SmilePlus aria-hidden="true" className="size-4" />}
              label={t('leagues.feed.react')}
              pressed={picking}
              onClick={() => setPicking((was) => !was)}
              testId="feed-react"
            />
          ) : null}
          {canPost ? (
            <Action
              icon={<MessageSquareReply aria-hidden="true" className="size-4" />}
              label={t('leagues.feed.reply')}
              onClick={() => actions.reply(item)}
              testId="feed-reply"
            />
          ) : null}
          {item.mine ? (
            <Action
              icon={<Pencil aria-hidden="true" className="size-4" />}
              label={t('leagues.feed.edit')}
              onClick={() => setEditing(true)}
              testId="feed-edit"
            />
          ) : null}
          {item.mine && actions.pin && actions.pinnedId !== item.id ? (
            <Action
              icon={<Pin aria-hidden="true" className="size-4" />}
              label={t('leagues.story.pin')}
              onClick={() => actions.pin?.(item)}
              testId="feed-pin"
            />
          ) : null}
          {item.mine || moderator ? (
            confirming ? (
              <span className="inline-flex items-center gap-1 text-xs">
                {t(item.mine ? 'leagues.feed.confirmDelete' : 'leagues.feed.confirmRemove')}
                <Button
                  variant="danger"
                  className="min-h-9 px-2 text-xs"
                  onClick={() => {
                    setConfirming(false);
                    actions.remove(item);
                  }}
                  data-testid="feed-delete-confirm"
                >
                  {t('leagues.feed.confirmYes')}
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-9 px-2 text-xs"
                  onClick={() => setConfirming(false)}
                >
                  {t('leagues.feed.confirmNo')}
                </Button>
              </span>
            ) : (
              <Action
                icon={<Trash2 aria-hidden="true" className="size-4" />}
                label={t(item.mine ? 'leagues.feed.delete' : 'leagues.feed.remove')}
                tone="danger"
                onClick={() => setConfirming(true)}
                testId="feed-delete"
              />
            )
          ) : null}
          {!item.mine && canPost ? (
            <Action
              icon={<Flag aria-hidden="true" className="size-4" />}
              label={t(item.reported ? 'leagues.feed.reported' : 'leagues.feed.report')}
              pressed={item.reported}
              onClick={() => {
                if (!item.reported) actions.report(item);
              }}
              testId="feed-report"
            />
          ) : null}
          {moderator && (item.reports ?? 0) > 0 ? (
            <span
              className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger"
              data-testid="feed-reports"
            >
              {t('leagues.feed.reports', { count: item.reports ?? 0 })}
            </span>
          ) : null}
        </div>
      ) : null}
      {picking && shown ? (
        <div role="group" aria-label={t('leagues.feed.react')} className="flex flex-wrap gap-1">
          {feedEmojis.map((emoji) => {
            const mine = item.reactions.some((r) => r.emoji === emoji && r.mine);
            return (
              <button
                key={emoji}
                type="button"
                aria-pressed={mine}
                aria-label={t(`leagues.feed.emoji.${emojiNames[emoji]}`)}
                onClick={() => {
                  setPicking(false);
                  actions.react(item, emoji, !mine);
                }}
                className={cn(
                  'inline-flex size-11 items-center justify-center rounded-full border text-xl',
                  mine ? 'border-primary bg-success-soft' : 'border-line hover:bg-surface-muted',
                )}
                data-testid="feed-emoji"
              >
                <span aria-hidden="true">{emoji}</span>
              </button>
            );
          })}
        </div>
      ) : null}
    </li>
  );
};

const emojiNames: Record<FeedEmoji, string> = {
  '👍': 'thumbsUp',
  '😂': 'laugh',
  '😮': 'wow',
  '😢': 'sad',
  '🔥': 'fire',
  '⚽': 'ball',
};
