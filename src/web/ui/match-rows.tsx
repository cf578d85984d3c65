import { ClubBadge } from './club-badge';
import { cn } from './cn';

/**
 * A match as a scoreboard (issue 31, point 18): each club on its own row with its badge and, once
 * known, its goals. Screen readers hear `label` ('Leeds United FC 4–1 Newcastle United FC')
 * instead of the rows.
 */
export const MatchRows = ({
  home,
  away,
  homeScore = null,
  awayScore = null,
  label,
  className,
}: {
  home: string;
  away: string;
  homeScore?: number | null;
  awayScore?: number | null;
  label: string;
  className?: string;
}) => (
  <div className={cn('min-w-0', className)}>
    <span className="sr-only">{label}</span>
    <div
      aria-hidden="true"
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1.5 font-semibold text-fg"
    >
      <ClubBadge name={home} size="sm" />
      <span className="break-words">{home}</span>
      <span className="min-w-4 text-right text-lg font-extrabold tabular-nums">{homeScore}</span>
      <ClubBadge name={away} size="sm" />
      <span className="break-words">{away}</span>
      <span className="min-w-4 text-right text-lg font-extrabold tabular-nums">{awayScore}</span>
    </div>
  </div>
);
