import { openFootballFile, openFootballRow } from '../../domain/import';
import { feedUrl } from '../../domain/openfootball';
import { seasonContaining } from '../../domain/seasons';
import { reportOfRow } from '../../domain/sources/schedule-rows';
import type { FixtureSource } from './source';

/**
 * openfootball's published season files (keyless; `{base}/{season}/{code}.json`): the schedule
 * source of the competitions it has files for. A season's file lists every match with its
 * round, so the fixtures it holds that we lack are created (the import planner), and its
 * results are facts as soon as it lists them.
 */

/** Competitions played within a calendar year: their files are named by the year. */
const calendarYearCodes = new Set(['mls']);

export const openFootballSource: FixtureSource = {
  id: 'openfootball',
  name: 'openfootball',
  rank: 10,
  live: false,
  confirmsAlone: true,
  schedules: true,
  baseUrl: (env) => env.OPENFOOTBALL_URL,
  enabled: (env) => env.OPENFOOTBALL_SYNC,
  reading: { list: 'matches' },
  requests: {
    season: (c, season) => [feedUrl(c.base, season, c.code)],
  },
  // The season containing today: '2026-27' (1 July – 30 June), MLS '2026'.
  currentSeason: (c, now) => seasonContaining(now, calendarYearCodes.has(c.code)),
  listOf: (answer) => {
    const file = openFootballFile.safeParse(answer);
    return file.success ? file.data.matches : null;
  },
  readItem: (item, index, { timeZone }) => {
    const row = openFootballRow(item, index, timeZone);
    return row.ok
      ? reportOfRow(row, 'openfootball')
      : { refused: 'unreadable', detail: row.reason };
  },
};
