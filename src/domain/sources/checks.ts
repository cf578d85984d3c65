import { cleanName } from '../league-names';
import type { LiveReport } from '../live/report';

/**
 * Nothing a source says is believed unchecked (issue 49). A source's answer is outside input:
 * each match's report is checked like a request body before it can change a fixture, and a
 * report out of range is refused alone (never the whole answer). Pure.
 */

/** Why a source's word was refused; counted per source in the sync overview and /metrics. */
export const refusalReasons = [
  /** A score that is not a whole number 0–30. */
  'score',
  /** A clock longer than 12 characters or of no shape a source sends. */
  'clock',
  /** A goal minute outside 0–130 as the source wrote it. */
  'minute',
  /** A team name or round label empty or over 100 characters once cleaned. */
  'name',
  /** A remembered match id now names other teams than its fixture's. */
  'teams',
  /** In play or full time for a fixture still ahead. */
  'ahead',
  /** A kick-off one source moves more than 2 hours earlier: held for a second source. */
  'kickoff',
  /** A match or an answer that does not read as the source's shape. */
  'unreadable',
  /** An answer over the size cap (LIVE_MAX_ANSWER_BYTES, after decompression). */
  'too-large',
  /** A redirect to another host, or more than 3 in a row. */
  'redirect',
  /** No whole answer within the time allowed. */
  'timeout',
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const maxScore = 30;
export const maxClockLength = 12;
/** The latest minute a goal can be written at: 120 plus stoppage time. */
export const maxWrittenMinute = 130;
export const maxNameLength = 100;
/** A source may make a fixture live this long before its kick-off (a clock a little off). */
export const liveLeadMs = 10 * 60_000;
/** A kick-off moved earlier by more than this waits for a second source or an admin. */
export const farEarlierMs = 2 * 3_600_000;
/** Two sources name the same kick-off when they are this close. */
const sameKickoffMs = 5 * 60_000;

/**
 * The clocks sources really send: `67'`, `45'+2'`, `45'+`, `90'+`, `90'+5'`, `120'`, `HT`, `FT`.
 */
const clockShape = /^(?:HT|FT|\d{1,3}'(?:\+(?:\d{1,2}')?)?)$/;

export const isPlausibleClock = (clock: string) =>
  clock.length <= maxClockLength && clockShape.test(clock);

const isPlausibleScore = (n: number) => Number.isInteger(n) && n >= 0 && n <= maxScore;

/** A name as we store it, or null when nothing (or too much) is left of it. */
const cleanedName = (name: string) => {
  const cleaned = cleanName(name);
  return cleaned === '' || cleaned.length > maxNameLength ? null : cleaned;
};

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: RefusalReason };

/**
 * One report checked: plausible score, clock, goal minute, names and round (cleaned of control
 * and format characters as our own names are); the report with its names cleaned, or why it is
 * refused.
 */
export const checkReport = (report: LiveReport): Checked<LiveReport> => {
  const names = (list: readonly string[]) => {
    const cleaned = list.map(cleanedName);
    return cleaned.some((n) => n === null) ? null : [...new Set(cleaned as string[])];
  };
  // The source's id of the match is stored as the key of its pairing: plain text only.
  if (
    typeof report.matchId !== 'string' ||
    report.matchId === '' ||
    report.matchId.length > 300 ||
    cleanName(report.matchId) !== report.matchId
  )
    return { ok: false, reason: 'unreadable' };
  const home = names(report.home);
  const away = names(report.away);
  if (!home || !away || home.length === 0 || away.length === 0)
    return { ok: false, reason: 'name' };
  let round: string | null | undefined = report.round;
  if (typeof round === 'string') {
    round = cleanedName(round);
    if (round === null) return { ok: false, reason: 'name' };
  }
  let venue: string | null | undefined = report.venue;
  if (typeof venue === 'string') venue = cleanName(venue).slice(0, 200) || null;
  if (report.score && !(isPlausibleScore(report.score.home) && isPlausibleScore(report.score.away)))
    return { ok: false, reason: 'score' };
  if (report.clock !== null && !isPlausibleClock(report.clock))
    return { ok: false, reason: 'clock' };
  if (report.firstGoal.kind === 'minute') {
    const { minute, written } = report.firstGoal;
    const asWritten = written ?? minute;
    if (
      !Number.isInteger(minute) ||
      minute < 0 ||
      minute > 90 ||
      !Number.isFinite(asWritten) ||
      asWritten < 0 ||
      asWritten > maxWrittenMinute
    )
      return { ok: false, reason: 'minute' };
  }
  if (Number.isNaN(Date.parse(report.kickoffAt))) return { ok: false, reason: 'unreadable' };
  return {
    ok: true,
    value: {
      ...report,
      home,
      away,
      ...(round === undefined ? {} : { round }),
      ...(venue === undefined ? {} : { venue }),
    },
  };
};

const hour = 3_600_000;

/**
 * The kick-off the time rules read: ours, unless ours is a placeholder (only the date known) and
 * the source names a time on about the same day.
 */
const heldKickoff = (
  fixture: { kickoffAt: string; timeConfirmed: boolean },
  report: Pick<LiveReport, 'kickoffAt' | 'timeConfirmed'>,
) => {
  const ours = Date.parse(fixture.kickoffAt);
  if (fixture.timeConfirmed || !report.timeConfirmed) return ours;
  const theirs = Date.parse(report.kickoffAt);
  return Math.abs(theirs - ours) <= 12 * hour ? Math.min(ours, theirs) : ours;
};

/**
 * Whether a report is about a match still ahead of its kick-off as we hold it: in play more than
 * 10 minutes before it, or finished before it. Such a report changes nothing.
 */
export const isAhead = (
  report: Pick<LiveReport, 'state' | 'kickoffAt' | 'timeConfirmed'>,
  fixture: { kickoffAt: string; timeConfirmed: boolean },
  now: Date,
) => {
  if (report.state !== 'live' && report.state !== 'finished') return false;
  const kickoff = heldKickoff(fixture, report);
  return report.state === 'live' ? now.getTime() < kickoff - liveLeadMs : now.getTime() < kickoff;
};

/**
 * Whether a source's kick-off moves ours more than 2 hours earlier without a second source (or
 * an admin) saying the same: such a move waits (docs/design.md §3's fairness rules stand). A placeholder
 * time (only the date known) is no kick-off to hold.
 */
export const movesKickoffFarEarlier = (
  fixture: { kickoffAt: string; timeConfirmed: boolean },
  next: string,
  othersSay: readonly string[],
) => {
  if (!fixture.timeConfirmed) return false;
  const to = Date.parse(next);
  if (Date.parse(fixture.kickoffAt) - to <= farEarlierMs) return false;
  return !othersSay.some((k) => Math.abs(Date.parse(k) - to) <= sameKickoffMs);
};

export const isRefusalReason = (value: string): value is RefusalReason =>
  (refusalReasons as readonly string[]).includes(value);
