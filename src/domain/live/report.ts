import type { SourceId } from '../sources/ids';

/**
 * What a fixture source says about one match, in our terms (issues 28 and 49): each source's
 * parser turns its answers into these, and everything after them (the checks, pairing, the
 * provisional and confirmed fixture fields) reads only this shape. Pure.
 */
export type LiveSource = SourceId;

/**
 * `scheduled`: not started; `live`: in play (half-time included); `finished`: the source says
 * the match is over; `postponed` (also suspended or abandoned) and `cancelled`.
 */
export type LiveState = 'scheduled' | 'live' | 'finished' | 'postponed' | 'cancelled';

/**
 * The first goal of regular time as far as the source knows: `none` — no goal yet (or none in
 * the match, once finished); `unknown` — there was one but the source does not say when (yet).
 * `ambiguous`: the source's minute may mean stoppage time of the first half (OpenLigaDB's
 * `isOvertime` on a second-half minute): another source's minute is preferred.
 */
export type FirstGoal =
  | { kind: 'none' }
  | { kind: 'unknown' }
  | {
      kind: 'minute';
      /** The minute as it counts (docs/design.md §3: 45+N is 45, 90+N and later 90). */
      minute: number;
      ambiguous: boolean;
      /** The minute as the source wrote it, stoppage added (`45'+3'` is 48): checked 0–130. */
      written?: number;
    };

export interface LiveReport {
  source: LiveSource;
  /** The source's own id of the match (ESPN's event id, OpenLigaDB's matchID…). */
  matchId: string;
  /** ISO-8601 UTC. */
  kickoffAt: string;
  /** false: the source holds only a date (a placeholder time). */
  timeConfirmed: boolean;
  /** Names the source gives each side, the display name first. */
  home: string[];
  away: string[];
  state: LiveState;
  /** The match clock while live (`67'`, `45'+2'`, `HT`), else null. */
  clock: string | null;
  /** The regular-time score (extra time never counts, docs/design.md §3); null when not known. */
  score: { home: number; away: number } | null;
  firstGoal: FirstGoal;
  /** The round as the source names it ('Matchday 5', 'Round of 16'), when it says. */
  round?: string | null;
  /** The venue, when the source says (a schedule source's facts). */
  venue?: string | null;
  /**
   * The stage of a tournament as the source files the match ('league-phase', 'round-of-16'),
   * when it says (issue 50: ESPN's event `season.slug`).
   */
  stage?: string | null;
  /**
   * The source lists placeholder teams ('Group A Winner', 'Semifinal 1 Loser'): the teams are
   * to be determined (issue 50). Absent: the source does not say.
   */
  tbd?: boolean;
}

const minuteMs = 60_000;

/**
 * A clock for a source that has none (OpenLigaDB): the minutes since kick-off with a 15-minute
 * interval after 45 + 2, written like ESPN's (`12'`, `HT`, `67'`, `90'+`).
 */
export const estimatedClock = (kickoffAt: string, now: Date): string | null => {
  const elapsed = Math.floor((now.getTime() - new Date(kickoffAt).getTime()) / minuteMs);
  if (elapsed < 0) return null;
  if (elapsed < 45) return `${elapsed + 1}'`;
  if (elapsed < 47) return `45'+`;
  if (elapsed < 62) return 'HT';
  const second = elapsed - 62 + 46;
  return second <= 90 ? `${second}'` : `90'+`;
};
