import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ChevronsUp, UserRound } from 'lucide-react';
import { useFormat } from '../../lib/format';
import { Button } from '../../ui/button';

interface StandingsPagerProps {
  page: { number: number; size: number; pages: number; teams: number };
  onPage: (page: number) => void;
  /** Jump to the viewer's team; absent when the viewer has no team here or it is on this page. */
  onMine?: (() => void) | undefined;
  busy: boolean;
}

/**
 * Pages through a table of any size: where you are (teams 51–100 of 10,000), previous and next,
 * back to the top, and straight to your own team. Only shown when there is more than one page.
 */
export const StandingsPager = ({ page, onPage, onMine, busy }: StandingsPagerProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  if (page.pages <= 1 && !onMine) return null;
  const from = (page.number - 1) * page.size + 1;
  const to = Math.min(page.teams, page.number * page.size);
  return (
    <nav
      aria-label={t('leagues.standings.pager.label')}
      className="my-3 flex flex-wrap items-center justify-between gap-2"
      data-testid="standings-pager"
    >
      <p
        className="text-sm font-medium text-fg-muted"
        aria-live="polite"
        data-testid="standings-range"
      >
        {t('leagues.standings.pager.range', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(page.teams),
        })}
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        {onMine ? (
          <Button variant="secondary" onClick={onMine} disabled={busy} data-testid="standings-mine">
            <UserRound aria-hidden="true" className="size-4" />
            {t('leagues.standings.pager.mine')}
          </Button>
        ) : null}
        {page.pages > 1 ? (
          <>
            <Button
              variant="secondary"

              onClick={() => onPage(1)}
              disabled={busy || page.number === 1}
              aria-label={t('leagues.standings.pager.top')}
              data-testid="standings-top"
            >
              <ChevronsUp aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="secondary"

              onClick={() => onPage(page.number - 1)}
              disabled={busy || page.number === 1}
              data-testid="standings-previous"
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              <span className="sr-only sm:not-sr-only">
                {t('leagues.standings.pager.previous')}
              </span>
            </Button>
            <span className="min-w-24 text-center text-sm font-semibold tabular-nums text-fg">
              {t('leagues.standings.pager.page', {
                page: format.number(page.number),
                pages: format.number(page.pages),
              })}
            </span>
            <Button
              variant="secondary"

              onClick={() => onPage(page.number + 1)}
              disabled={busy || page.number === page.pages}
              data-testid="standings-next"
            >
              <span className="sr-only sm:not-sr-only">{t('leagues.standings.pager.next')}</span>
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </>
        ) : null}
      </div>
    </nav>
  );
};
