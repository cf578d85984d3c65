import type { LiveReport } from '../../domain/live/report';
import type { RefusalReason } from '../../domain/sources/checks';
import type { SourceId } from '../../domain/sources/ids';
import type { Env } from '../env';
import type { Reading } from './answer-reader';

/**
 * A fixture source (issue 49): one module of this folder implements this interface, and the
 * planner, the jobs, the apply path, the precedence and the admins' overview know sources only
 * through it (decision 027). What a source says becomes `LiveReport`s, the common report; the
 * checks (`domain/sources/checks.ts`) and the transport (`transport.ts`) are the same for all.
 */
export interface FixtureSource {
  id: SourceId;
  /** How the log and the admins' overview name it. */
  name: string;
  /**
   * Its rank in the precedence (higher wins): schedule files 10, live sources 20 (ordered
   * among themselves by LIVE_SOURCES), a results service 30; the catalogue ranks below every
   * source and a site admin above all.
   */
  rank: number;
  /** Polled by the live job while matches are on; listed (and ordered) in LIVE_SOURCES. */
  live: boolean;
  /** Its full time is a confirmed result by itself (else two sources or ten minutes). */
  confirmsAlone: boolean;
  /**
   * Its season answer is a competition's schedule: fixtures it lists that we lack are created
   * (through the import planner), not listed as unmatched.
   */
  schedules: boolean;
  /** Its configured URL (redirects may go to this host only). */
  baseUrl: (env: Env) => string;
  /**
   * Whether this instance uses it: a live source when LIVE_SOURCES lists it; any other by its
   * own switch or token.
   */
  enabled?: (env: Env) => boolean;
  /** Headers of its requests (a token). */
  headers?: (env: Env) => Record<string, string>;
  /** The most requests it takes a minute (a quota), when it has one. */
  perMinute?: number;
  /** How its answers are read on the worker thread (answer-reader.ts). */
  reading: Reading;
  /** The requests that answer each question, for one competition it covers. */
  requests: {
    /** "What is live now": fixtures whose live window is open (kick-offs given). */
    live?: (c: Coverage, fixtures: readonly PlannedFixture[]) => string[];
    /** "These days": the days (or months, or seasons) holding these fixtures. */
    days?: (c: Coverage, fixtures: readonly PlannedFixture[]) => string[];
    /** "This season": the whole season (our label), for a source that lists one. */
    season?: (c: Coverage, season: string) => string[];
  };
  /** The season a run reads when none is asked for (our label), for a season source. */
  currentSeason?: (c: Coverage, now: Date) => string;
  /**
   * A source that lists whole seasons (issue 50: ESPN, month by month): where no schedule source
   * has a competition's current season, its list creates the season's fixtures.
   */
  listsSeasons?: SeasonLister;
  /** The list of matches in a parsed answer, or null when the answer is not of its shape. */
  listOf: (answer: unknown) => unknown[] | null;
  /** One item of that list in our terms, a refusal, or null when it is not a match at all. */
  readItem: (item: unknown, index: number, context: ReadContext) => ReadItem;
}

/** A season as a source names it (never guessed from dates). */
export interface ListedSeason {
  /** Our label: '2026-27', or '2027' for a season within a calendar year. */
  label: string;
  start: string;
  end: string;
  /** A tournament's stages by date, in the source's words. */
  stages: { label: string; start: string; end: string }[];
}

export interface SeasonLister {
  /** The source's periods (ESPN: US Eastern months, `YYYYMM`) from one instant to another. */
  periods: (start: string, end: string) => string[];
  /** The request listing one period's matches. */
  request: (c: Coverage, period: string) => string;
  /** The season an answer belongs to, or null when it does not say. */
  seasonOf: (answer: unknown) => ListedSeason | null;
  /** An answer holding this many matches may have been cut short. */
  limit: number;
}

/** A competition as a source covers it. */
export interface Coverage {
  competitionId: string;
  /** The competition's code at the source (catalogue/live-sources.json). */
  code: string;
  /** The source's configured URL. */
  base: string;
}

export interface PlannedFixture {
  kickoffAt: string;
  season: string;
}

export interface ReadContext {
  now: Date;
  /** The competition's time zone (a schedule file's local times). */
  timeZone: string;
}

export type ReadItem = LiveReport | { refused: RefusalReason; detail: string } | null;

export const isRefusal = (item: ReadItem): item is { refused: RefusalReason; detail: string } =>
  item !== null && 'refused' in item;
