import { z } from 'zod';
import { seasonLabel } from './fixtures';
import { refusalReasons } from './sources/checks';
import { sourceIds } from './sources/ids';

/**
 * The fixture sync of the schedule sources (openfootball's published season files): a file's
 * address and the shapes the admin area sees. Pure.
 */

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
  /**
   * A source that lists whole seasons (issue 50): fixtures it created or paired that its
   * latest complete list no longer holds. They stay; the admins' overview flags them.
   */
  unlisted: z.number().optional(),
});

export const syncCompetitionResult = z.object({
  competitionId: z.string(),
  /** The schedule source read (issue 50: ESPN where openfootball has no file for the season). */
  source: z.enum(sourceIds).optional(),
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
  source: z.enum(sourceIds),
  requests: z.number(),
  failed: z.number(),
  matches: z.number(),
  paired: z.number(),
  changed: z.number(),
  unmatched: z.number(),
  /** Reports refused before they changed anything (issue 49). */
  refused: z.number(),
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
      source: z.enum(sourceIds),
      requestsToday: z.number(),
      errorsToday: z.number(),
      lastSuccessAt: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  /** What sources said that was refused (issue 49), per source and reason. */
  refusals: z.array(
    z.object({
      source: z.enum(sourceIds),
      reason: z.enum(refusalReasons),
      today: z.number(),
      /** The last 7 days, today included. */
      week: z.number(),
      lastAt: z.string(),
      lastDetail: z.string(),
    }),
  ),
  /** Matches no fixture could be paired with: an admin links them by hand. */
  unmatched: z.array(
    z.object({
      source: z.enum(sourceIds),
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
  source: z.enum(sourceIds),
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
      /** The schedule source of this row (issue 50). */
      source: z.enum(sourceIds).optional(),
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
