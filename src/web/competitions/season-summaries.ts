/**
 * 2024-25 season facts shown above some competition pages (spec §2.12, §2.14). Only facts we
 * are sure of are listed; the promoted and relegated clubs match the 2025-26 line-ups in the
 * openfootball data. Where a fact was not certain (League One and Scottish Premiership places
 * 3-4, Serie A Femminile, SWPL) it is left out rather than guessed.
 */
export interface SummaryClub {
  name: string;
  /** Went up or down through the play-offs. */
  playOff?: boolean;
}

export type SummaryLine = 'champions' | 'topFour' | 'promoted' | 'promotedIn' | 'relegated';

export type SeasonSummary = Partial<Record<SummaryLine, SummaryClub[]>>;

const clubs = (...names: string[]): SummaryClub[] => names.map((name) => ({ name }));

export const seasonSummaries: Readonly<Record<string, SeasonSummary>> = {
  efl_championship_2025: {
    topFour: clubs('Leeds United', 'Burnley', 'Sheffield United', 'Sunderland'),
    promoted: [
      { name: 'Leeds United' },
      { name: 'Burnley' },
      { name: 'Sunderland', playOff: true },
    ],
    relegated: clubs('Luton Town', 'Plymouth Argyle', 'Cardiff City'),
  },
  efl_league_one_2025: {
    champions: clubs('Birmingham City'),
    promoted: [
      { name: 'Birmingham City' },
      { name: 'Wrexham' },
      { name: 'Charlton Athletic', playOff: true },
    ],
    relegated: clubs('Crawley Town', 'Bristol Rovers', 'Cambridge United', 'Shrewsbury Town'),
  },
  scottish_premiership_2025: {
    champions: clubs('Celtic'),
    relegated: [{ name: 'St Johnstone' }, { name: 'Ross County', playOff: true }],
    promotedIn: [{ name: 'Falkirk' }, { name: 'Livingston', playOff: true }],
  },
  wsl: {
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
