import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronRight, MoveHorizontal } from 'lucide-react';
import { ukZoneLabel } from '../../domain/kickoff';
import { cn } from '../ui/cn';
import type { FixtureItem } from './api';
import { rowColumns } from './fixture-item';
import { groupByRound, translateRound, type Round } from './rounds';

interface FixtureListProps {
  fixtures: readonly FixtureItem[];
  isLocked: (fixture: FixtureItem) => boolean;
  playing: boolean;
  /** Tournaments get a sideways-scrolling list of rounds to jump to. */
  roundNav: boolean;
  renderItem: (fixture: FixtureItem) => ReactNode;
}

const roundId = (label: string) => `round-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** 'Time (BST)' or 'Time (GMT)' as the fixtures actually are; 'UK' when a list spans both. */
const timeHeading = (fixtures: readonly FixtureItem[]) => {
  const labels = new Set(fixtures.map((f) => ukZoneLabel(new Date(f.kickoffAt))));
  return labels.size === 1 ? [...labels][0] : 'UK';
};

const useDateRange = () => {
  const { i18n } = useTranslation();
  return (round: Round<FixtureItem>) => {
    const format = new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    const from = new Date(round.from);
    const to = new Date(round.to);
    return format.format(from) === format.format(to)
      ? format.format(from)
      : format.formatRange(from, to);
  };
};

/** Fixtures grouped by round; rounds that have all kicked off fold away (but stay reachable). */
export const FixtureList = ({
  fixtures,
  isLocked,
  playing,
  roundNav,
  renderItem,
}: FixtureListProps) => {
  const { t } = useTranslation();
  const dateRange = useDateRange();
  const rounds = groupByRound(fixtures);
  const openRounds = rounds.filter((r) => r.fixtures.some((f) => !isLocked(f)));
  const expandedLabel = openRounds.length > 0 ? null : rounds.at(-1)?.label;

  const header = (round: Round<FixtureItem>) => (
    <div
      aria-hidden="true"
      data-testid="fixtures-header"
      className={cn(
        'hidden border-b border-line px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-fg-muted',
        rowColumns(playing),
      )}
    >
      <span>{t('fixtures.columns.date')}</span>
      <span>{t('fixtures.columns.time', { zone: timeHeading(round.fixtures) })}</span>
      <span>{t('fixtures.columns.home')}</span>
      <span>{t('fixtures.columns.away')}</span>
      {playing ? (
        <>
          <span>1X2</span>
          <span>{t('fixtures.columns.minute')}</span>
          <span>{t('predictions.joker')}</span>
        </>
      ) : null}
    </div>
  );

  const body = (round: Round<FixtureItem>) => (
    <div className="md:rounded-2xl md:border md:border-line md:bg-surface md:pt-3 md:shadow-sm">
      {header(round)}
      <ul className="flex flex-col gap-3 md:gap-0">{round.fixtures.map(renderItem)}</ul>
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      {roundNav && rounds.length > 1 ? (
        <nav aria-label={t('fixtures.roundsNav')} className="flex flex-col gap-1">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
            {rounds.map((round) => (
              <li key={round.label} className="shrink-0">
                <a
                  href={`#${roundId(round.label)}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold text-fg hover:border-primary"
                >
                  {translateRound(t, round.label)}
                </a>
              </li>
            ))}
          </ul>
          <p
            className="flex items-center gap-1.5 text-xs text-fg-muted sm:hidden"
            data-testid="swipe-hint"
          >
            <MoveHorizontal aria-hidden="true" className="size-4" />
            {t('fixtures.swipeHint')}
          </p>
        </nav>
      ) : null}
      {rounds.map((round) => {
        const title = (
          <>
            <span className="text-lg font-bold text-fg">{translateRound(t, round.label)}</span>
            <span className="text-sm text-fg-muted">{dateRange(round)}</span>
          </>
        );
        const finished = !round.fixtures.some((f) => !isLocked(f));
        if (finished && round.label !== expandedLabel) {
          return (
            <details key={round.label} id={roundId(round.label)} className="group scroll-mt-24">
              <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 rounded-lg px-1 [&::-webkit-details-marker]:hidden">
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 text-fg-muted transition-transform group-open:rotate-90"
                />
                {title}
                <span className="text-sm font-medium text-brand-text">
                  {t('fixtures.roundFinished')}
                </span>
              </summary>
              <div className="mt-3">{body(round)}</div>
            </details>
          );
        }
        return (
          <section
            key={round.label}
            id={roundId(round.label)}
            aria-label={translateRound(t, round.label)}
            className="flex scroll-mt-24 flex-col gap-3"
          >
            <h3 className="flex flex-wrap items-baseline gap-x-3 px-1">{title}</h3>
            {body(round)}
          </section>
        );
      })}
    </div>
  );
};
