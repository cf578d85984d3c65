import type { FixtureStatus } from './fixtures';

/**
 * Seasons and the current round (docs/design.md §2). A fixture's season comes from its source, never from
 * its date; what is *current* is read from the fixtures: the season with the next unstarted
 * fixture, else the latest, and within it the round holding the next kick-off.
 */

/** Unstarted: scheduled with kick-off still ahead. Postponed or cancelled fixtures never are. */
export const isUnstarted = (f: { status: FixtureStatus; kickoffAt: string }, now: Date) =>
  f.status === 'scheduled' && new Date(f.kickoffAt).getTime() > now.getTime();

/** One season of a competition as the server summarises it. */
export interface SeasonSpan {
  season: string;
  fixtures: number;
  /** Fixtures still open for predictions (scheduled, kick-off ahead). */
  unstarted: number;
  firstKickoff: string;
  lastKickoff: string;
  /** The earliest unstarted fixture's kick-off, or null. */
  nextKickoff: string | null;
  /** Whether that kick-off's time is known (else it is a placeholder: time to be confirmed). */
  nextKickoffConfirmed?: boolean;
}

/** Latest first: by last kick-off, then by label. */
export const sortSeasons = <T extends SeasonSpan>(spans: readonly T[]): T[] =>
  [...spans].sort(
    (a, b) => b.lastKickoff.localeCompare(a.lastKickoff) || b.season.localeCompare(a.season),
  );

const startYear = (label: string) => {
  const year = /^(\d{4})(?:-\d{2})?$/.exec(label.trim())?.[1];
  return year === undefined ? null : Number(year);
};

/** Whether a season label names an earlier season than another ('2025-26' before '2026-27'). */
export const isEarlierSeason = (label: string, than: string) => {
  const [a, b] = [startYear(label), startYear(than)];
  return a !== null && b !== null && a < b;
};

/**
 * The season with the next unstarted fixture; else the season containing today (`today`, issue
 * 50) when the latest one is older or there is none — a competition whose new season has no
 * fixtures yet shows that season, empty, never the last one as finished; else the latest; null
 * without fixtures (and without `today`).
 */
export const currentSeasonOf = (
  spans: readonly SeasonSpan[],
  today?: string | null,
): string | null => {
  const upcoming = spans
    .filter((s) => s.nextKickoff !== null)
    .sort((a, b) => (a.nextKickoff ?? '').localeCompare(b.nextKickoff ?? ''));
  if (upcoming[0]) return upcoming[0].season;
  const latest = sortSeasons(spans)[0]?.season;
  if (today && (latest === undefined || isEarlierSeason(latest, today))) return today;
  return latest ?? null;
};

/**
 * The season containing `now` as a competition names its seasons: by the year for one whose
 * catalogue season is a year (MLS '2026'), else 1 July – 30 June ('2026-27').
 */
export const seasonTodayOf = (catalogueSeason: string, now: Date) =>
  seasonContaining(now, isCalendarSeason(catalogueSeason));

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/**
 * The season containing an instant: European seasons run 1 July – 30 June and are named
 * 'YYYY-YY' (2026-11-22 → '2026-27', 2027-03-01 → '2026-27'); calendar-year competitions (MLS)
 * are named by the year.
 */
export const seasonContaining = (instant: Date, calendarYear = false): string => {
  const year = instant.getUTCFullYear();
  if (calendarYear) return String(year);
  const start = instant.getUTCMonth() >= 6 ? year : year - 1;
  return `${start}-${twoDigits(start + 1)}`;
};

/** Whether a season label names a calendar year ('2025') rather than 'YYYY-YY'. */
export const isCalendarSeason = (label: string) => /^\d{4}$/.test(label.trim());

export interface RoundLike {
  fixtures: readonly { status: FixtureStatus; kickoffAt: string }[];
}

/**
 * Where a competition page opens: the round holding the next kick-off (the earliest unstarted
 * fixture; on a tie the earlier round), so a match moved forward into tonight is not hidden a
 * round ahead; when nothing is unstarted, the last round. -1 for no rounds.
 */
export const currentRoundIndex = (rounds: readonly RoundLike[], now: Date): number => {
  let best = -1;
  let bestAt = Infinity;
  rounds.forEach((round, index) => {
    for (const f of round.fixtures) {
      if (!isUnstarted(f, now)) continue;
      const at = new Date(f.kickoffAt).getTime();
      if (at < bestAt) [best, bestAt] = [index, at];
    }
  });
  return best >= 0 ? best : rounds.length - 1;
};
