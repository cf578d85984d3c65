import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ukZoneLabel } from '../../domain/kickoff';
import { cn } from '../ui/cn';
import type { FixtureItem } from './api';
import { rowColumns } from './fixture-item';
import { translateRound, type Round } from './rounds';
import { dateFormat } from '../lib/intl-cache';

interface FixtureListProps {
  round: Round<FixtureItem>;
  playing: boolean;
  renderItem: (fixture: FixtureItem) => ReactNode;
}

/** 'Time (BST)' or 'Time (GMT)' as the fixtures actually are; 'UK' when a list spans both. */
const timeHeading = (fixtures: readonly FixtureItem[]) => {
  const labels = new Set(fixtures.map((f) => ukZoneLabel(new Date(f.kickoffAt))));
  return labels.size === 1 ? [...labels][0] : 'UK';
};

const useDateRange = () => {
  const { i18n } = useTranslation();
  return (round: Round<FixtureItem>) => {
    const format = dateFormat(i18n.language, {
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

/** One round's fixtures under its name and dates: cards on phones, a table from 768 px. */
export const FixtureList = ({ round, playing, renderItem }: FixtureListProps) => {
  const { t } = useTranslation();
  const dateRange = useDateRange();
  const name = translateRound(t, round.label);
  return (
    <section aria-label={name} className="flex flex-col gap-3">
      {/* Announced when the player steps to another round. */}
      {/* On a phone the round picker above names the round: the heading is read, not shown. */}
      <h3
        className="sr-only flex-wrap items-baseline gap-x-3 px-1 sm:not-sr-only sm:flex"
        aria-live="polite"
        data-testid="round-heading"
      >
        <span className="text-lg font-bold text-fg">{name}</span>
        <span className="text-sm text-fg-muted">{dateRange(round)}</span>
      </h3>
      <div className="md:rounded-2xl md:border md:border-line md:bg-surface md:pt-3 md:shadow-sm">
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
        <ul className="flex flex-col gap-3 md:gap-0">{round.fixtures.map(renderItem)}</ul>
      </div>
    </section>
  );
};
