import { z } from 'zod';
import type { FixtureStatus } from './fixtures';
import { firstGoalMinuteOf } from './first-goal';

/**
 * football-data.org (API v4) → our fixtures: which competition is which code, what a match's
 * status and regular-time result are. Pure; the sync job does the HTTP and the writes.
 */
export interface FootballDataCompetition {
  competitionId: string;
  code: string;
  /**
   * football-data's season: the year it starts (2025 for 2025-26). Default: the season
   * containing today.
   */
  season?: number;
  /** Our season label is the calendar year ('2025'), not '2025-26'. */
  calendarYear?: boolean;
}

export const footballDataCompetitions: readonly FootballDataCompetition[] = [
  { competitionId: 'premier_league', code: 'PL' },
  { competitionId: 'efl_championship_2025', code: 'ELC' },
  { competitionId: 'bundesliga_2025', code: 'BL1' },
  { competitionId: 'la_liga_2025', code: 'PD' },
  { competitionId: 'serie_a_2025', code: 'SA' },
  { competitionId: 'ligue1_2025', code: 'FL1' },
  { competitionId: 'eredivisie_2025', code: 'DED' },
  { competitionId: 'primeira_liga', code: 'PPL' },
  // Not in football-data's free tier; the code is the one its paid plans list.
  { competitionId: 'fifa_club_world_cup_2025', code: 'CWC', season: 2025, calendarYear: true },
];

/**
 * The season a sync reads: football-data's year (the one it starts in) and our label for it.
 * Both come from the date (or the fixed season), never from what the database holds, so the
 * last matchday's results land in the season they belong to even once the next one is loaded.
 */
export const footballDataSeason = (c: FootballDataCompetition, now: Date) => {
  const start = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const year = c.season ?? (c.calendarYear ? now.getUTCFullYear() : start);
  const label = c.calendarYear
    ? String(year)
    : `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
  return { year, label };
};

const side = z.object({ home: z.number().nullable(), away: z.number().nullable() });
const team = z.object({
  id: z.number().nullish(),
  name: z.string().nullish(),
  shortName: z.string().nullish(),
});
export const footballDataMatch = z.object({
  id: z.number(),
  utcDate: z.string(),
  status: z.string(),
  homeTeam: team,
  awayTeam: team,
  score: z
    .object({
      duration: z.string().nullish(),
      fullTime: side.nullish(),
      regularTime: side.nullish(),
      extraTime: side.nullish(),
    })
    .nullish(),
  goals: z
    .array(z.object({ minute: z.number().nullable(), injuryTime: z.number().nullish() }))
    .nullish(),
});
export type FootballDataMatch = z.infer<typeof footballDataMatch>;
export const footballDataMatches = z.object({ matches: z.array(z.unknown()) });

const statuses: Record<string, FixtureStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'live',
  LIVE: 'live',
  FINISHED: 'final',
  POSTPONED: 'postponed',
  SUSPENDED: 'postponed',
  CANCELLED: 'cancelled',
};
/** null: a status we do not map (AWARDED...): the fixture is left alone. */
export const statusOf = (status: string): FixtureStatus | null => statuses[status] ?? null;

const pairOf = (s: { home: number | null; away: number | null } | null | undefined) =>
  s && s.home !== null && s.away !== null ? { home: s.home, away: s.away } : null;

export interface FootballDataResult {
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** undefined: not known from this answer (free plans have no goals). */
  firstGoalMinute: number | null | undefined;
}

/** The fixture state a match stands for: the 1X2 from regular time (never extra time). */
export const resultOf = (m: FootballDataMatch): FootballDataResult | null => {
  const status = statusOf(m.status);
  if (!status) return null;
  const full = pairOf(m.score?.fullTime);
  if (status === 'live')
    return {
      status,
      homeScore: full?.home ?? 0,
      awayScore: full?.away ?? 0,
      firstGoalMinute: undefined,
    };
  if (status !== 'final')
    return { status, homeScore: null, awayScore: null, firstGoalMinute: undefined };
  const regular = pairOf(m.score?.regularTime) ?? full;
  if (!regular) return null;
  const extra = pairOf(m.score?.extraTime);
  const minute = m.goals
    ? firstGoalMinuteOf({
        regular,
        totalGoals: regular.home + regular.away + (extra ? extra.home + extra.away : 0),
        goals: m.goals.map((g) => ({ minute: g.minute ?? 0, offset: g.injuryTime })),
      })
    : regular.home + regular.away === 0
      ? 0
      : undefined;
  return { status, homeScore: regular.home, awayScore: regular.away, firstGoalMinute: minute };
};

const fillerWords = new Set(['fc', 'afc', 'cf', 'club', 'de']);

/** 'Club Atlético de Madrid' ~ 'atletico madrid'; 'Arsenal FC' ~ 'arsenal'. */
export const normaliseTeamName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}& ]+/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !fillerWords.has(word))
    .join(' ');

export const teamNamesOf = (t: FootballDataMatch['homeTeam']) =>
  new Set([t.name, t.shortName].filter((n): n is string => Boolean(n)).map(normaliseTeamName));

export interface SyncedFixture {
  kickoffAt: string;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  firstGoalMinute: number | null;
}
export interface SyncUpdate {
  status?: FixtureStatus;
  homeScore?: number | null;
  awayScore?: number | null;
  firstGoalMinute?: number | null;
  kickoffAt?: string;
}

/**
 * What a match changes on our fixture; {} when nothing (the sync then writes nothing). A final
 * fixture is never moved back by the sync (only an admin does that), and a minute the answer
 * does not know keeps the one an admin entered for the same score.
 */
export const syncUpdate = (
  f: SyncedFixture,
  r: FootballDataResult,
  utcDate: string,
): SyncUpdate => {
  const update: SyncUpdate = {};
  if (f.status === 'final' && r.status !== 'final') return update;
  if (new Date(utcDate).getTime() !== new Date(f.kickoffAt).getTime())
    update.kickoffAt = new Date(utcDate).toISOString();
  if (r.status !== f.status) update.status = r.status;
  if (r.status !== 'live' && r.status !== 'final') return update;
  const scoreMoved = r.homeScore !== f.homeScore || r.awayScore !== f.awayScore;
  if (r.homeScore !== f.homeScore) update.homeScore = r.homeScore;
  if (r.awayScore !== f.awayScore) update.awayScore = r.awayScore;
  const minute = r.firstGoalMinute ?? null;
  if (minute !== null && r.status === 'final') {
    if (minute !== f.firstGoalMinute) update.firstGoalMinute = minute;
  } else if (scoreMoved && f.firstGoalMinute !== null) update.firstGoalMinute = null;
  return update;
};
