import { z } from 'zod';
import { zonedDateTime } from '../kickoff';
import { countedMinute } from '../scoring';
import type { FirstGoal, LiveReport, LiveState } from './report';

/**
 * ESPN's public site API (unofficial, keyless): `…/soccer/{league}/scoreboard?dates=YYYYMMDD`.
 * Pure: the job fetches, this reads. An event that does not look like a match is skipped, never
 * the whole answer (one odd event must not stop a league's live scores).
 */

const team = z.object({
  displayName: z.string().nullish(),
  shortDisplayName: z.string().nullish(),
  name: z.string().nullish(),
  location: z.string().nullish(),
});
const competitor = z.object({
  id: z.string(),
  homeAway: z.enum(['home', 'away']),
  score: z.union([z.string(), z.number()]).nullish(),
  team,
});
const detail = z.object({
  scoringPlay: z.boolean().nullish(),
  shootout: z.boolean().nullish(),
  clock: z.object({ displayValue: z.string().nullish() }).nullish(),
  team: z.object({ id: z.string() }).nullish(),
});
const status = z.object({
  displayClock: z.string().nullish(),
  period: z.number().nullish(),
  type: z.object({
    name: z.string(),
    state: z.string(),
    completed: z.boolean().nullish(),
  }),
});
const espnEvent = z.object({
  id: z.string(),
  date: z.string(),
  status,
  competitions: z
    .array(
      z.object({
        timeValid: z.boolean().nullish(),
        competitors: z.array(competitor).length(2),
        details: z.array(z.unknown()).nullish(),
      }),
    )
    .min(1),
});
export const espnScoreboard = z.object({ events: z.array(z.unknown()).default([]) });

const postponed = new Set(['STATUS_POSTPONED', 'STATUS_SUSPENDED', 'STATUS_ABANDONED']);
const cancelled = new Set(['STATUS_CANCELED', 'STATUS_CANCELLED', 'STATUS_FORFEIT']);
/** Ended after extra time or penalties: the score ESPN shows is not regular time's. */
const afterExtraTime = new Set(['STATUS_FINAL_AET', 'STATUS_FINAL_PEN', 'STATUS_FINAL_ET']);

const stateOf = (s: z.infer<typeof status>): LiveState | null => {
  if (postponed.has(s.type.name)) return 'postponed';
  if (cancelled.has(s.type.name)) return 'cancelled';
  if (s.type.state === 'pre') return 'scheduled';
  if (s.type.state === 'in') return 'live';
  if (s.type.state === 'post') return s.type.completed === false ? null : 'finished';
  return null;
};

/** `45'+7'` → [45, 7]; `108'` → [108, 0]; null when unreadable. */
export const espnClock = (text: string | null | undefined): [number, number] | null => {
  const match = /^\s*(\d{1,3})'?\s*(?:\+\s*(\d{1,2})'?)?\s*$/.exec(text ?? '');
  if (!match) return null;
  return [Number(match[1]), Number(match[2] ?? 0)];
};

const scoreOf = (c: z.infer<typeof competitor>) => {
  const n = typeof c.score === 'number' ? c.score : Number(c.score ?? Number.NaN);
  return Number.isInteger(n) && n >= 0 ? n : null;
};

const namesOf = (t: z.infer<typeof team>) => [
  ...new Set(
    [t.displayName, t.shortDisplayName, t.name, t.location].filter((n): n is string => !!n),
  ),
];

/**
 * One event in our terms, or null when it is not a match we can read. The regular-time score
 * comes from the goal list when the match went to extra time (or is in it), else from the
 * score; the first goal is known only when the list holds every goal of the score.
 */
export const readEspnEvent = (raw: unknown): LiveReport | null => {
  const parsed = espnEvent.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  const competition = event.competitions[0];
  const state = stateOf(event.status);
  const home = competition?.competitors.find((c) => c.homeAway === 'home');
  const away = competition?.competitors.find((c) => c.homeAway === 'away');
  const kickoff = new Date(event.date);
  if (!competition || !state || !home || !away || Number.isNaN(kickoff.getTime())) return null;
  const total = { home: scoreOf(home), away: scoreOf(away) };
  const extraTime =
    afterExtraTime.has(event.status.type.name) ||
    (state === 'live' && (event.status.period ?? 0) > 2);
  const goals = (competition.details ?? [])
    .map((d) => detail.safeParse(d))
    .flatMap((d) => (d.success && d.data.scoringPlay === true && !d.data.shootout ? [d.data] : []))
    .map((d) => ({ time: espnClock(d.clock?.displayValue), teamId: d.team?.id }));
  const complete =
    total.home !== null &&
    total.away !== null &&
    goals.length === total.home + total.away &&
    goals.every((g) => g.time !== null && (g.teamId === home.id || g.teamId === away.id));
  // Without extra time a minute past 90 can only be stoppage time written without '+'.
  const regularGoals = goals.filter((g) => !extraTime || (g.time !== null && g.time[0] <= 90));
  const score =
    state === 'scheduled' || state === 'postponed' || state === 'cancelled'
      ? null
      : !extraTime
        ? total.home !== null && total.away !== null
          ? { home: total.home, away: total.away }
          : null
        : complete
          ? {
              home: regularGoals.filter((g) => g.teamId === home.id).length,
              away: regularGoals.filter((g) => g.teamId === away.id).length,
            }
          : null;
  let firstGoal: FirstGoal = { kind: 'unknown' };
  if (score && score.home + score.away === 0) firstGoal = { kind: 'none' };
  else if (score && complete) {
    const [first] = regularGoals
      .map((g) => g.time as [number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    // Stoppage time counts 45 or 90; a minute written past 90 without '+' is stoppage too. A
    // minute no match has (past 130) is kept as written, for the checks to refuse.
    const minute = !first
      ? null
      : first[1] > 0
        ? first[0] > 45
          ? 90
          : 45
        : (countedMinute(String(first[0])) ?? 90);
    if (first && minute !== null)
      firstGoal = { kind: 'minute', minute, ambiguous: false, written: first[0] + first[1] };
  }
  return {
    source: 'espn',
    matchId: event.id,
    kickoffAt: kickoff.toISOString(),
    timeConfirmed: competition.timeValid !== false,
    home: namesOf(home.team),
    away: namesOf(away.team),
    state,
    clock:
      state !== 'live'
        ? null
        : event.status.type.name === 'STATUS_HALFTIME'
          ? 'HT'
          : (event.status.displayClock ?? null),
    score: state === 'scheduled' ? null : score,
    firstGoal: state === 'scheduled' ? { kind: 'none' } : firstGoal,
  };
};

/** Every readable match of a scoreboard answer (an unreadable answer reads as none). */
export const readEspnScoreboard = (raw: unknown): LiveReport[] => {
  const parsed = espnScoreboard.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.events.flatMap((e) => readEspnEvent(e) ?? []);
};

/**
 * The `dates` to ask for a set of kick-offs: ESPN files a match under its US Eastern date, so
 * a European evening kick-off may sit on the next UTC day's list and an Asian morning one on
 * the previous; each kick-off is asked for on its Eastern date (`YYYYMMDD`, sorted, unique).
 */
export const espnDatesFor = (kickoffs: Iterable<string | Date>) =>
  [
    ...new Set(
      [...kickoffs].map((k) =>
        zonedDateTime(new Date(k), 'America/New_York').date.replaceAll('-', ''),
      ),
    ),
  ].sort();
