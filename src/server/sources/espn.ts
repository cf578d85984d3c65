import { zonedDateTime } from '../../domain/kickoff';
import {
  espnDatesFor,
  espnMonthsBetween,
  espnSeasonOf,
  readEspnEvent,
} from '../../domain/live/espn';
import type { FixtureSource } from './source';

/**
 * ESPN's public site API (unofficial, keyless; issue 28): a league's scoreboard of a US Eastern
 * day (`YYYYMMDD`) or month (`YYYYMM`), up to 500 events (`limit=500`). Its quirks stay in
 * `domain/live/espn.ts`; this module says which requests answer which question.
 */

const scoreboard = (base: string, league: string, dates: string) =>
  `${base}/apis/site/v2/sports/soccer/${encodeURIComponent(league)}/scoreboard?dates=${dates}&limit=500`;

/** ESPN's months (`YYYYMM`, US Eastern like its days) of a set of kick-offs. */
const monthsOf = (kickoffs: readonly string[]) =>
  [
    ...new Set(
      kickoffs.map((k) =>
        zonedDateTime(new Date(k), 'America/New_York').date.slice(0, 7).replace('-', ''),
      ),
    ),
  ].sort();

export const espnSource: FixtureSource = {
  id: 'espn',
  name: 'ESPN',
  rank: 20,
  live: true,
  confirmsAlone: false,
  schedules: false,
  baseUrl: (env) => env.ESPN_URL,
  // Only what the parser reads crosses back from the worker (decision 020).
  reading: {
    list: 'events',
    // The season the answer belongs to, and a tournament's stages (issue 50).
    rest: { leagues: { $items: { season: true, calendar: true }, $first: 1 } },
    item: {
      id: true,
      date: true,
      season: { slug: true },
      status: {
        displayClock: true,
        period: true,
        type: { name: true, state: true, completed: true },
      },
      competitions: {
        $first: 1,
        $items: {
          timeValid: true,
          competitors: {
            $items: {
              id: true,
              homeAway: true,
              score: true,
              team: {
                displayName: true,
                shortDisplayName: true,
                name: true,
                location: true,
                isActive: true,
              },
            },
          },
          details: {
            $where: { scoringPlay: true },
            $items: {
              scoringPlay: true,
              shootout: true,
              clock: { displayValue: true },
              team: { id: true },
            },
          },
        },
      },
    },
  },
  requests: {
    // Each match on its US Eastern day, as ESPN files it.
    live: (c, fixtures) =>
      espnDatesFor(fixtures.map((f) => f.kickoffAt)).map((d) => scoreboard(c.base, c.code, d)),
    // One request per month instead of one per match day.
    days: (c, fixtures) =>
      monthsOf(fixtures.map((f) => f.kickoffAt)).map((m) => scoreboard(c.base, c.code, m)),
  },
  // A season month by month: `dates=YYYYMM` (ranges answer 400 since September 2026), at most
  // 500 events an answer (a larger limit silently gives 25).
  listsSeasons: {
    periods: espnMonthsBetween,
    request: (c, month) => scoreboard(c.base, c.code, month),
    seasonOf: espnSeasonOf,
    limit: 500,
  },
  listOf: (answer) =>
    answer && typeof answer === 'object' && 'events' in answer && Array.isArray(answer.events)
      ? (answer.events as unknown[])
      : null,
  readItem: (item) =>
    readEspnEvent(item) ?? {
      refused: 'unreadable',
      detail: 'an event that does not read as a match',
    },
};
