import { z } from 'zod';
import { seasonLabel } from './fixtures';
import { liveSources } from './live/report';
import { seasonContaining } from './seasons';

/**
 * The keyless fixture sync from openfootball's published season files: which file feeds which
 * built-in competition, which season a file is for, and the shapes the admin area sees. Pure.
 */
export interface OpenFootballFeed {
  competitionId: string;
  /** openfootball's file name without `.json`: `en.1`, `mls`. */
  code: string;
}

export const openFootballFeeds: readonly OpenFootballFeed[] = [
  { competitionId: 'premier_league', code: 'en.1' },
  { competitionId: 'efl_championship_2025', code: 'en.2' },
  { competitionId: 'efl_league_one_2025', code: 'en.3' },
  { competitionId: 'efl_league_two_2025', code: 'en.4' },
  { competitionId: 'scottish_premiership_2025', code: 'sco.1' },
  { competitionId: 'bundesliga_2025', code: 'de.1' },
  { competitionId: 'la_liga_2025', code: 'es.1' },
  { competitionId: 'la_liga2_2025', code: 'es.2' },
  { competitionId: 'ligue1_2025', code: 'fr.1' },
  { competitionId: 'serie_a_2025', code: 'it.1' },
  { competitionId: 'eredivisie_2025', code: 'nl.1' },
  { competitionId: 'primeira_liga', code: 'pt.1' },
  { competitionId: 'mls_2025', code: 'mls' },
];

/** Competitions played within a calendar year: their files are named by the year. */
const calendarYearCodes = new Set(['mls']);

export const feedOf = (competitionId: string) =>
  openFootballFeeds.find((f) => f.competitionId === competitionId);

/** The season a feed is synced for at an instant: '2026-27' (1 July – 30 June), MLS '2026'. */
export const feedSeason = (code: string, now: Date) =>
  seasonContaining(now, calendarYearCodes.has(code));

/** `{base}/{season}/{code}.json` */
export const feedUrl = (base: string, season: string, code: string) =>
  `${base.replace(/\/+$/, '')}/${encodeURIComponent(season)}/${encodeURIComponent(code)}.json`;

/** How one competition's sync ended. */
export const syncOutcomes = [
  /** The file was read and applied (possibly changing nothing). */
  'applied',
  /** No file for the season (HTTP 404): skipped, nothing changed. */
  'missing',
  /** Not JSON, or no `matches`: nothing changed. */
  'malformed',
  /** No answer, a timeout or a server error: nothing changed, retried later. */
  'unreachable',
  /** The file was read but applying it failed: rolled back, nothing changed. */
  'failed',
] as const;

export const syncCounts = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
});

export const syncCompetitionResult = z.object({
  competitionId: z.string(),
  code: z.string(),
  season: z.string(),
  outcome: z.enum(syncOutcomes),
  counts: syncCounts.nullable(),
  error: z.string().nullable(),
});
export type SyncCompetitionResult = z.infer<typeof syncCompetitionResult>;

/** What `POST /api/admin/sync` answers: one entry per competition synced. */
/** What one live source did in a sync (issue 28). */
export const liveSourceRun = z.object({
  source: z.enum(liveSources),
  requests: z.number(),
  failed: z.number(),
  matches: z.number(),
  paired: z.number(),
  changed: z.number(),
  unmatched: z.number(),
  error: z.string().nullable(),
});
export type LiveSourceRun = z.infer<typeof liveSourceRun>;

export const syncRunSummary = z.object({
  ranAt: z.string(),
  competitions: z.array(syncCompetitionResult),
  /** Per live source, over the competitions synced. */
  live: z.array(liveSourceRun),
});
export type SyncRunSummary = z.infer<typeof syncRunSummary>;

/** The stored last run of one competition (table sync_status). */
export const syncLastRun = z.object({
  ranAt: z.string(),
  season: z.string(),
  ok: z.boolean(),
  outcome: z.enum(syncOutcomes),
  counts: syncCounts.nullable(),
  error: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
});
export type SyncLastRun = z.infer<typeof syncLastRun>;

/** The live sources in the admins' sync overview (issue 28). */
export const liveOverview = z.object({
  /** LIVE_SYNC: the background polling is on. */
  enabled: z.boolean(),
  /** LIVE_SOURCES in rank order, with today's requests and the last success and error. */
  sources: z.array(
    z.object({
      source: z.enum(liveSources),
      requestsToday: z.number(),
      errorsToday: z.number(),
      lastSuccessAt: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  /** Matches no fixture could be paired with: an admin links them by hand. */
  unmatched: z.array(
    z.object({
      source: z.enum(liveSources),
      matchId: z.string(),
      competitionId: z.string(),
      kickoffAt: z.string(),
      homeTeam: z.string(),
      awayTeam: z.string(),
      seenAt: z.string(),
    }),
  ),
  /** Fixtures whose sources disagree on the full-time score or the first-goal minute. */
  disagreements: z.array(
    z.object({
      fixtureId: z.string(),
      competitionId: z.string(),
      homeTeam: z.string(),
      awayTeam: z.string(),
      kickoffAt: z.string(),
      disagreement: z.string(),
    }),
  ),
});
export type LiveOverview = z.infer<typeof liveOverview>;

/** `POST /api/admin/sync/link`: a source's match is this fixture (its names become aliases). */
export const liveLinkBody = z.object({
  source: z.enum(liveSources),
  matchId: z.string().trim().min(1).max(50),
  fixtureId: z.string().trim().min(1).max(100),
});

export const syncOverview = z.object({
  enabled: z.boolean(),
  running: z.boolean(),
  live: liveOverview,
  competitions: z.array(
    z.object({
      competitionId: z.string(),
      name: z.string(),
      code: z.string(),
      /** The season the next run reads. */
      season: z.string(),
      lastRun: syncLastRun.nullable(),
    }),
  ),
});
export type SyncOverview = z.infer<typeof syncOverview>;

/**
 * `POST /api/admin/sync`: every competition, or one; with `season` (our label: `2025-26`,
 * `2025` for MLS) that competition's whole season from every source.
 */
export const syncRunBody = z
  .object({
    competitionId: z.string().trim().min(1).max(100).optional(),
    season: seasonLabel
      .refine((s) => s !== '', { error: 'Name a season, like 2025-26.' })
      .optional(),
  })
  .refine((b) => b.season === undefined || b.competitionId !== undefined, {
    error: 'A season is synced for one competition: name it (competitionId).',
    path: ['competitionId'],
  });

/** What is kept in sync_status.summary_json; anything unreadable reads as a failure. */
export const storedSyncSummary = z.object({
  outcome: z.enum(syncOutcomes).catch('failed'),
  counts: syncCounts.nullable().catch(null),
});
