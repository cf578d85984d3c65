import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Pin,
  PinOff,
  Share2,
} from 'lucide-react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { useFormat } from '../../lib/format';
import { useFailed } from '../../ui/use-error-message';
import { storiesQueryOptions, usePin, type StoriesData, type StoryItem } from './feed-api';
import { MessageText, useAgo } from './feed-message';
import { storyCalls, storyHighlights, storyLines } from './story-lines';
import { translateRound } from '../../lib/round-names';

/**
 * The league's matchday story (issue 33) at the top of its chat: the message the league admin
 * pinned, then the latest round's story (earlier rounds a tap away), worded in the reader's
 * language from the facts the server keeps, and shareable as an image.
 */
export const LeagueStories = ({
  leagueId,
  leagueName,
}: {
  leagueId: string;
  leagueName: string;
}) => {
  const stories = useQuery(storiesQueryOptions(leagueId));
  const [params] = useSearchParams();
  const asked = params.get('story');
  // The round shown (null: the newest, or the one a link asked for), by name: a round told
  // meanwhile goes to the front of the list without moving the reader.
  const [chosen, setChosen] = useState<string | null>(null);
  const section = useRef<HTMLDivElement>(null);
  const list = stories.data?.stories ?? [];
  const askedIndex = asked === null ? -1 : list.findIndex((s) => s.round === asked);
  const chosenIndex = chosen === null ? -1 : list.findIndex((s) => s.round === chosen);
  const shown = chosenIndex >= 0 ? chosenIndex : Math.max(askedIndex, 0);

  // Opened from the standings' link: the story asked for, in view.
  useEffect(() => {
    if (askedIndex >= 0) section.current?.scrollIntoView({ block: 'start' });
  }, [askedIndex]);

  if (!stories.data) return null;
  const story = list[shown];
  if (!story && !stories.data.pinned) return null;
  return (
    <div ref={section} id="story" className="flex scroll-mt-32 flex-col gap-3">
      {stories.data.pinned ? <PinnedMessage leagueId={leagueId} data={stories.data} /> : null}
      {story ? (
        <StoryCard
          key={`${leagueId}\u0000${story.round}`}
          story={story}
          leagueName={leagueName}
          earlier={shown < list.length - 1 ? () => setChosen(list[shown + 1]?.round ?? null) : null}
          later={shown > 0 ? () => setChosen(list[shown - 1]?.round ?? null) : null}
        />
      ) : null}
    </div>
  );
};

const PinnedMessage = ({ leagueId, data }: { leagueId: string; data: StoriesData }) => {
  const { t } = useTranslation();
  const ago = useAgo();
  const pin = usePin(leagueId);
  const failed = useFailed();
  const item = data.pinned;
  if (!item) return null;
  return (
    <section
      aria-label={t('leagues.story.pinned')}
      className="flex flex-col gap-1.5 rounded-xl border border-line bg-warn-soft/50 p-3"
      data-testid="story-pinned"
    >
      <div className="flex flex-wrap items-center gap-x-2 text-xs font-semibold text-fg-muted">
        <Pin aria-hidden="true" className="size-3.5" />
        {t('leagues.story.pinned')}
        <span aria-hidden="true">·</span>
        <span className="text-fg">{item.team.name}</span>
        <time dateTime={item.createdAt} className="font-normal">
          {ago(item.createdAt)}
        </time>
        {data.canPin ? (
          <Button
            variant="ghost"
            className="ml-auto min-h-9 px-2 text-xs"
            disabled={pin.isPending}
            onClick={() =>
              pin.mutate(null, {
                onSuccess: () => toast.success(t('leagues.story.unpinnedToast')),
                onError: failed,
              })
            }
            data-testid="story-unpin"
          >
            <PinOff aria-hidden="true" className="size-4" />
            {t('leagues.story.unpin')}
          </Button>
        ) : null}
      </div>
      <MessageText item={item} />
    </section>
  );
};

const StoryCard = ({
  story,
  leagueName,
  earlier,
  later,
}: {
  story: StoryItem;
  leagueName: string;
  earlier: (() => void) | null;
  later: (() => void) | null;
}) => {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [sharing, setSharing] = useState(false);
  // A phone screen holds the highlights; the whole story (and the league's numbers) on request.
  const [whole, setWhole] = useState(false);
  const facts = story.story;
  const all = storyLines(t, i18n.language, facts);
  const highlights = storyHighlights(t, i18n.language, facts);
  const lines = whole ? all : highlights;
  const calls = storyCalls(t, facts);
  const moreToTell = all.length > highlights.length || calls.length > 0;
  const title = t('leagues.story.title', { round: translateRound(t, story.round) });
  const subtitle = `${t('leagues.story.teams', { count: facts.teams })} · ${t('leagues.story.matches', { count: facts.played })}`;
  const share = async () => {
    setSharing(true);
    try {
      // The drawing code loads when a player shares, not with the page.
      const { shareStoryImage } = await import('./story-image');
      const done = await shareStoryImage(
        {
          league: leagueName,
          title,
          subtitle: story.updatedAt ? `${subtitle} · ${t('leagues.story.updated')}` : subtitle,
          lines: storyLines(t, i18n.language, facts, 2),
          numbersTitle: t('leagues.story.numbers'),
          calls,
          footer: t('leagues.story.footer'),
        },
        `${leagueName} ${story.round}.png`.replace(/[\\/:*?"<>|]+/g, ' '),
      );
      if (done === 'downloaded') toast.success(t('leagues.story.saved'));
    } catch {
      toast.error(t('leagues.story.shareFailed'));
    } finally {
      setSharing(false);
    }
  };
  return (
    <article
      aria-labelledby="story-title"
      className="overflow-hidden rounded-xl border border-line"
      data-testid="story-card"
      data-round={story.round}
    >
      <header className="pitch-hero on-dark flex flex-col gap-1 px-4 py-3 text-white">
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-white/85">
          <BookOpen aria-hidden="true" className="size-4" />
          {t('leagues.story.label')}
        </p>
        <h3
          id="story-title"
          className="text-lg font-extrabold leading-tight [overflow-wrap:anywhere]"
        >
          {title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-white/85">
          {subtitle}
          {story.updatedAt ? (
            <span
              className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-semibold text-white"
              title={t('leagues.story.updatedLabel')}
              data-testid="story-updated"
            >
              {t('leagues.story.updated')} ·{' '}
              <time dateTime={story.updatedAt}>{format.date(story.updatedAt)}</time>
            </span>
          ) : null}
        </p>
      </header>
      <div className="flex flex-col gap-4 p-4">
        <ul className="flex flex-col gap-2" data-testid="story-lines">
          {lines.map((line, i) => (
            <li
              key={i}
              className={
                line.kind === 'winner'
                  ? 'flex gap-2.5 font-bold text-fg'
                  : 'flex gap-2.5 text-sm text-fg'
              }
              data-kind={line.kind}
            >
              <span aria-hidden="true" className="w-6 shrink-0 text-center">
                {line.icon}
              </span>
              <span className="min-w-0 [overflow-wrap:anywhere]">{line.text}</span>
            </li>
          ))}
        </ul>
        {moreToTell ? (
          <Button
            variant="ghost"
            className="min-h-11 self-start px-2 text-sm"
            aria-expanded={whole}
            onClick={() => setWhole((was) => !was)}
            data-testid="story-whole"
          >
            <ChevronDown
              aria-hidden="true"
              className={
                whole ? 'size-4 rotate-180 transition-transform' : 'size-4 transition-transform'
              }
            />
            {t(whole ? 'leagues.story.less' : 'leagues.story.whole')}
          </Button>
        ) : null}
        {whole && calls.length > 0 ? (
          <section aria-labelledby="story-numbers" className="flex flex-col gap-2">
            <h4 id="story-numbers" className="text-sm font-bold text-brand-text">
              {t('leagues.story.numbers')}
            </h4>
            <ul className="flex flex-col gap-2" data-testid="story-calls">
              {calls.map((call) => (
                <li key={call.match} className="flex flex-col gap-1 text-xs text-fg-muted">
                  <span className="[overflow-wrap:anywhere]">
                    <span className="font-semibold text-fg">{call.match}</span> · {call.text}
                  </span>
                  <span
                    aria-hidden="true"
                    className="h-1.5 overflow-hidden rounded-full bg-surface-muted"
                  >
                    <span
                      className="block h-full rounded-full bg-primary"
                      style={{ width: `${call.of === 0 ? 0 : (100 * call.right) / call.of}%` }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            disabled={sharing}
            onClick={() => void share()}
            data-testid="story-share"
          >
            <Share2 aria-hidden="true" className="size-4" />
            {t('leagues.story.share')}
          </Button>
          <span className="ml-auto flex gap-1">
            <Button
              variant="ghost"
              className="min-h-11 px-2.5"
              disabled={earlier === null}
              onClick={() => earlier?.()}
              aria-label={t('leagues.story.earlier')}
              data-testid="story-earlier"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <Button
              variant="ghost"
              className="min-h-11 px-2.5"
              disabled={later === null}
              onClick={() => later?.()}
              aria-label={t('leagues.story.later')}
              data-testid="story-later"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </span>
        </div>
      </div>
    </article>
  );
};
