/**
 * Facts of a finished season shown above some competition pages (spec §2.12, §2.14), each with
 * the season it tells of: a page shows it only while that season is the one before the season
 * it shows (in November 2026, 2025-26 facts; 2024-25 ones are stale and stay hidden). Only facts
 * we are sure of are listed; the promoted and relegated clubs match the 2025-26 line-ups in the
 * openfootball data. Where a fact was not certain (League One and Scottish Premiership places
 * 3-4, Serie A Femminile, SWPL) it is left out rather than guessed.
 */
export interface SummaryClub {
  name: string;
  /** Went up or down through the play-offs. */
  playOff?: boolean;
}

export type SummaryLine = 'champions' | 'topFour' | 'promoted' | 'promotedIn' | 'relegated';

export type SeasonSummary = Partial<Record<SummaryLine, SummaryClub[]>> & { season: string };

/** The season before one: '2026-27' → '2025-26', '2026' → '2025'. */
export const previousSeason = (season: string) => {
  const span = /^(\d{4})-(\d{2})$/.exec(season);
  if (span) {
    const start = Number(span[1]) - 1;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  }
  return /^\d{4}$/.test(season) ? String(Number(season) - 1) : null;
};

/**
 * The facts a page showing `season` may show: those of the season just before it, under the
 * competition's `summaryKey` (catalogue/competitions.json).
 */
export const summaryFor = (summaryKey: string | null, season: string) => {
  const summary = summaryKey === null ? undefined : seasonSummaries[summaryKey];
  return summary && summary.season === previousSeason(season) ? summary : null;
};

const clubs = (...names: string[]): SummaryClub[] => names.map((name) => ({ name }));

export const seasonSummaries: Readonly<Record<string, SeasonSummary>> = {
  'championship-2024-25': {
    season: '2024-25',
    topFour: clubs('Leeds United', 'Burnley', 'Sheffield United', 'Sunderland'),
    promoted: [
      { name: 'Leeds United' },
      { name: 'Burnley' },
      { name: 'Sunderland', playOff: true },
    ],
    relegated: clubs('Luton Town', 'Plymouth Argyle', 'Cardiff City'),
  },
  'league-one-2024-25': {
    season: '2024-25',
    champions: clubs('Birmingham City'),
    promoted: [
      { name: 'Birmingham City' },
      { name: 'Wrexham' },
      { name: 'Charlton Athletic', playOff: true },
    ],
    relegated: clubs('Crawley Town', 'Bristol Rovers', 'Cambridge United', 'Shrewsbury Town'),
  },
  'scottish-premiership-2024-25': {
    season: '2024-25',
    champions: clubs('Celtic'),
    relegated: [{ name: 'St Johnstone' }, { name: 'Ross County', playOff: true }],
    promotedIn: [{ name: 'Falkirk' }, { name: 'Livingston', playOff: true }],
  },
  'wsl-2024-25': {
    season: '2024-25',
    champions: clubs('Chelsea'),
    relegated: clubs('Crystal Palace'),
    promotedIn: clubs('London City Lionesses'),
  },
};

export const summaryLines: readonly SummaryLine[] = [
  'champions',
  'topFour',
  'promoted',
  'promotedIn',
  'relegated',
];
