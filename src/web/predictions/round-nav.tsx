import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, MoveHorizontal } from 'lucide-react';
import { buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { Select } from '../ui/select';
import { translateRound } from './rounds';
import type { RoundPaging } from './use-round-paging';

interface RoundNavProps {
  paging: RoundPaging;
  /** Tournaments' few named rounds ('Group A', 'Final') read best as a sideways strip. */
  strip: boolean;
  /** Season changes go through the board (it may first ask about unsaved changes). */
  onChooseSeason: (season: string) => void;
}

// 40 px wide on a phone (the round's name needs the room), named and padded from 640 px.
const stepClasses = buttonClasses(
  'secondary',
  'md',
  'w-10 shrink-0 !px-0 sm:w-auto sm:min-w-11 sm:!px-3',
);

/**
 * Moving between the rounds of a season, one round on screen at a time: previous and next
 * (named), a picker for any round, and a season picker where there is more than one season.
 */
export const RoundNav = ({ paging, strip, onChooseSeason }: RoundNavProps) => {
  const { t } = useTranslation();
  const { rounds, index, currentIndex, seasons } = paging;
  const previous = rounds[index - 1];
  const next = rounds[index + 1];
  const name = (label: string) => translateRound(t, label);

  // Beside the rounds on one row (a phone's first screen keeps room for the first fixture); its
  // visible label from 640 px.
  const seasonPicker =
    seasons.length > 1 && paging.season !== null ? (
      <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-fg">
        <span className="sr-only sm:not-sr-only">{t('fixtures.seasonLabel')}</span>
        <Select
          data-testid="season-select"
          value={paging.season}
          onChange={(event) => onChooseSeason(event.target.value)}
          className="w-[6.5rem] sm:w-auto sm:min-w-32"
        >
          {seasons.map((s) => (
            <option key={s.season} value={s.season}>
              {s.season}
            </option>
          ))}
        </Select>
      </label>
    ) : null;

  if (rounds.length < 2) return seasonPicker;

  return (
    <nav aria-label={t('fixtures.roundsNav')} className="flex flex-col gap-3">
      <div className="flex items-center gap-1.5 sm:gap-2">
        {seasonPicker}
        <button
          type="button"
          className={stepClasses}
          disabled={!previous}
          onClick={() => previous && paging.goTo(previous.label)}
          aria-label={
            previous
              ? t('fixtures.previousRound', { round: name(previous.label) })
              : t('fixtures.previous')
          }
          data-testid="round-prev"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
          {previous ? (
            <span aria-hidden="true" className="hidden sm:inline">
              {name(previous.label)}
            </span>
          ) : null}
        </button>
        {strip ? (
          <div className="flex-1" />
        ) : (
          <Select
            aria-label={t('fixtures.chooseRound')}
            data-testid="round-select"
            value={rounds[index]?.label ?? ''}
            onChange={(event) => paging.goTo(event.target.value)}
            className="min-w-0 flex-1 sm:max-w-72"
          >
            {rounds.map((round, i) => (
              <option key={round.label} value={round.label}>
                {i === currentIndex && paging.isCurrentSeason
                  ? t('fixtures.currentRound', { round: name(round.label) })
                  : name(round.label)}
              </option>
            ))}
          </Select>
        )}
        <button
          type="button"
          className={cn(stepClasses, 'sm:ml-auto')}
          disabled={!next}
          onClick={() => next && paging.goTo(next.label)}
          aria-label={
            next ? t('fixtures.nextRound', { round: name(next.label) }) : t('fixtures.next')
          }
          data-testid="round-next"
        >
          {next ? (
            <span aria-hidden="true" className="hidden sm:inline">
              {name(next.label)}
            </span>
          ) : null}
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      {strip ? (
        <>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0">
            {rounds.map((round, i) => (
              <li key={round.label} className="shrink-0">
                <button
                  type="button"
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => paging.goTo(round.label)}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold text-fg hover:border-primary aria-[current=true]:border-primary aria-[current=true]:bg-primary aria-[current=true]:text-on-primary"
                >
                  {name(round.label)}
                </button>
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
        </>
      ) : null}
    </nav>
  );
};
