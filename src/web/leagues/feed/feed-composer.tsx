import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal, X } from 'lucide-react';
import { cleanMessage, graphemeCount, messageLimits } from '../../../domain/feed-text';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Select } from '../../ui/select';
import { Textarea } from '../../ui/textarea';

/** Characters left shown from this many on (a message is 1–500 graphemes). */
const countFrom = 400;

/**
 * The server's rule mirrored: what would be stored, and whether it may be sent (1–500 graphemes,
 * 2,000 code units at most). `heavy`: within 500 graphemes but over the code units (emoji or
 * stacked accents), which the count of characters left would not explain.
 */
const measure = (text: string) => {
  const cleaned = cleanMessage(text);
  const length = graphemeCount(cleaned);
  const heavy = length <= messageLimits.max && cleaned.length > messageLimits.maxUnits;
  return {
    length,
    heavy,
    ok: length >= messageLimits.min && length <= messageLimits.max && !heavy,
  };
};

const Counter = ({ length, heavy, id }: { length: number; heavy: boolean; id: string }) => {
  const { t } = useTranslation();
  if (heavy)
    return (
      <span
        id={id}
        aria-live="polite"
        className="text-xs font-semibold text-danger"
        data-testid="feed-counter"
      >
        {t('leagues.feed.tooHeavy')}
      </span>
    );
  if (length < countFrom) return null;
  const left = messageLimits.max - length;
  return (
    <span
      id={id}
      aria-live="polite"
      className={cn(
        'text-xs tabular-nums',
        left < 0 ? 'font-semibold text-danger' : 'text-fg-muted',
      )}
      data-testid="feed-counter"
    >
      {left < 0
        ? t('leagues.feed.tooLong', { count: -left })
        : t('leagues.feed.left', { count: left })}
    </span>
  );
};

/** Ctrl or ⌘ with Enter sends, as in most chats; Enter alone starts a new line. */
const sendOnModEnter = (send: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    send();
  }
};

/** Editing one's own message in place. */
export const MessageEditor = ({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => Promise<void>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const counterId = useId();
  const { length, heavy, ok } = measure(text);
  const save = async () => {
    if (!ok || saving) return;
    setSaving(true);
    await onSave(text);
    setSaving(false);
  };
  return (
    <div className="flex flex-col gap-2">
      <Textarea
        value={text}
        rows={3}
        autoFocus
        aria-label={t('leagues.feed.editLabel')}
        aria-describedby={counterId}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={sendOnModEnter(() => void save())}
        data-testid="feed-edit-text"
      />
      <div className="flex items-center gap-2">
        <Button
          className="min-h-9 px-3"
          disabled={!ok || saving}
          onClick={() => void save()}
          data-testid="feed-edit-save"
        >
          {t('leagues.feed.save')}
        </Button>
        <Button variant="ghost" className="min-h-9 px-3" onClick={onCancel}>
          {t('leagues.feed.cancel')}
        </Button>
        <Counter length={length} heavy={heavy} id={counterId} />
      </div>
    </div>
  );
};

export interface Draft {
  teamId: string;
  text: string;
}

/** Writing a message: as which team (when the player has several), the text, send. */
export const FeedComposer = ({
  teams,
  replyTo,
  onCancelReply,
  onSend,
  sending,
  compact = false,
}: {
  /** One line and no hint (under a minute race). */
  compact?: boolean;
  teams: { id: string; name: string }[];
  replyTo: { teamName: string; excerpt: string } | null;
  onCancelReply: () => void;
  onSend: (draft: Draft) => Promise<boolean>;
  sending: boolean;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '');
  const textId = useId();
  const counterId = useId();
  const hintId = useId();
  const { length, heavy, ok } = measure(text);
  const chosen = teams.some((team) => team.id === teamId) ? teamId : (teams[0]?.id ?? '');
  const send = async () => {
    if (!ok || sending) return;
    const sent = text;
    // Cleared only if it still holds what was sent: what the player typed meanwhile (the next
    // message, started while this one was on its way) stays.
    if (await onSend({ teamId: chosen, text: sent }))
      setText((current) => (current === sent ? '' : current));
  };
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send();
      }}
      data-testid="feed-composer"
    >
      {replyTo ? (
        <div
          className="flex items-start gap-2 rounded-lg bg-surface-muted px-3 py-2 text-xs text-fg-muted"
          data-testid="feed-replying"
        >
          <span className="min-w-0 flex-1 truncate">
            {t('leagues.feed.replyingTo', { team: replyTo.teamName })} · {replyTo.excerpt}
          </span>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label={t('leagues.feed.cancelReply')}
            className="-m-1 inline-flex size-8 items-center justify-center rounded-md hover:bg-surface"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <label htmlFor={textId} className="sr-only">
        {t('leagues.feed.label')}
      </label>
      <Textarea
        id={textId}
        value={text}
        rows={compact ? 1 : 2}
        // A phone's match chat has room for its placeholder on two lines, not a cut-off one.
        className={compact ? 'max-sm:min-h-[4.75rem]' : undefined}
        placeholder={t(compact ? 'leagues.feed.placeholderMatch' : 'leagues.feed.placeholder')}
        aria-describedby={`${hintId} ${counterId}`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={sendOnModEnter(() => void send())}
        data-testid="feed-text"
      />
      <div className="flex flex-wrap items-center gap-2">
        {teams.length > 1 ? (
          <label className="flex items-center gap-2 text-sm text-fg-muted">
            {t('leagues.feed.postAs')}
            <Select
              value={chosen}
              onChange={(e) => setTeamId(e.target.value)}
              data-testid="feed-team"
            >
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </Select>
          </label>
        ) : null}
        <span id={hintId} className={cn('hidden text-xs text-fg-muted', !compact && 'sm:inline')}>
          {t('leagues.feed.hint')}
        </span>
        <span className="ml-auto flex items-center gap-2">
          <Counter length={length} heavy={heavy} id={counterId} />
          <Button type="submit" disabled={!ok || sending} data-testid="feed-send">
            <SendHorizontal aria-hidden="true" className="size-4" />
            {t('leagues.feed.send')}
          </Button>
        </span>
      </div>
    </form>
  );
};
