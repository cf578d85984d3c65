import {
  footballDataMatch,
  footballDataMatches,
  footballDataSeason,
  resultOf,
  type FootballDataMatch,
} from '../../domain/football-data';
import type { FirstGoal, LiveReport, LiveState } from '../../domain/live/report';
import type { FixtureSource } from './source';

/**
 * football-data.org (API v4, with a token): a competition's season of matches, paced at its
 * free plan's 10 requests a minute. A results service: it ranks above the live sources, and its
 * FINISHED is a confirmed result. It never creates fixtures.
 */

const id = 'football-data';

/** Competitions football-data files under a fixed season of their own (a tournament's year). */
const fixedSeasons: Readonly<Record<string, { season: number; calendarYear: true }>> = {
  CWC: { season: 2025, calendarYear: true },
};

const stateOf: Record<string, LiveState> = {
  scheduled: 'scheduled',
  live: 'live',
  final: 'finished',
  postponed: 'postponed',
  cancelled: 'cancelled',
};

const namesOf = (t: FootballDataMatch['homeTeam']) => [
  ...new Set([t.name, t.shortName].filter((n): n is string => Boolean(n))),
];

/** One match in our terms (the 1X2 of regular time, never extra time). */
export const readFootballDataMatch = (raw: unknown): LiveReport | null => {
  const parsed = footballDataMatch.safeParse(raw);
  if (!parsed.success) return null;
  const m = parsed.data;
  const result = resultOf(m);
  const kickoff = new Date(m.utcDate);
  if (!result || Number.isNaN(kickoff.getTime())) return null;
  const state = stateOf[result.status];
  if (!state) return null;
  const score =
    result.homeScore === null || result.awayScore === null
      ? null
      : { home: result.homeScore, away: result.awayScore };
  const written = (m.goals ?? [])
    .map((g) => (g.minute ?? 0) + (g.injuryTime ?? 0))
    .reduce<number | null>((min, w) => (min === null || w < min ? w : min), null);
  const firstGoal: FirstGoal =
    state === 'scheduled' || (score && score.home + score.away === 0)
      ? { kind: 'none' }
      : typeof result.firstGoalMinute === 'number'
        ? {
            kind: 'minute',
            minute: result.firstGoalMinute,
            ambiguous: false,
            ...(written === null ? {} : { written }),
          }
        : { kind: 'unknown' };
  return {
    source: id,
    matchId: String(m.id),
    kickoffAt: kickoff.toISOString(),
    // SCHEDULED: the date is known, the time not yet (TIMED once it is).
    timeConfirmed: m.status !== 'SCHEDULED',
    home: namesOf(m.homeTeam),
    away: namesOf(m.awayTeam),
    state,
    clock: null,
    score: state === 'scheduled' || state === 'postponed' || state === 'cancelled' ? null : score,
    firstGoal,
  };
};

/** football-data's year of one of our seasons ('2030-31' → 2030, '2025' → 2025). */
const yearOf = (season: string) => Number(/^(\d{4})/.exec(season)?.[1] ?? Number.NaN);

export const footballDataSource: FixtureSource = {
  id,
  name: 'football-data',
  rank: 30,
  live: false,
  confirmsAlone: true,
  schedules: false,
  baseUrl: (env) => env.FOOTBALL_DATA_URL,
  enabled: (env) => env.FOOTBALL_DATA_TOKEN !== undefined,
  headers: (env): Record<string, string> =>
    env.FOOTBALL_DATA_TOKEN ? { 'X-Auth-Token': env.FOOTBALL_DATA_TOKEN } : {},
  perMinute: 10,
  reading: { list: 'matches' },
  requests: {
    season: (c, season) => {
      const year = yearOf(season);
      return Number.isInteger(year)
        ? [`${c.base}/v4/competitions/${encodeURIComponent(c.code)}/matches?season=${year}`]
        : [];
    },
  },
  // Both come from the date (or the fixed season), never from what the database holds, so the
  // last matchday's results land in the season they belong to once the next one is loaded.
  currentSeason: (c, now) =>
    footballDataSeason(
      { competitionId: c.competitionId, code: c.code, ...fixedSeasons[c.code] },
      now,
    ).label,
  listOf: (answer) => {
    const body = footballDataMatches.safeParse(answer);
    return body.success ? body.data.matches : null;
  },
  readItem: (item) =>
    readFootballDataMatch(item) ?? {
      refused: 'unreadable',
      detail: 'a match that does not read as football-data’s v4, or a status we do not map',
    },
};
