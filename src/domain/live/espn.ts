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
  /** false: a slot of an undecided tie ('Group A Winner'), not a club (issue 50). */
  isActive: z.boolean().nullish(),
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
  /** The event's stage: `slug` 'league-phase', 'round-of-16', 'final'… */
  season: z.object({ slug: z.string().max(60).nullish() }).nullish(),
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
    stage: event.season?.slug ?? null,
    tbd: home.team.isActive === false || away.team.isActive === false,
  };
};

/**
 * A season as ESPN names it (`leagues[0].season` of a scoreboard): `year` 2026 with
 * `displayName` '2026-27 English League One' is our '2026-27'; MLS's '2027 MLS' is '2027'.
 * Never guessed from dates.
 */
const espnSeasonShape = z.object({
  year: z.number().int().min(1900).max(2200),
  displayName: z.string().max(200).nullish(),
  startDate: z.string().max(40),
  endDate: z.string().max(40),
});
const espnCalendarEntry = z.object({
  label: z.string().max(100),
  startDate: z.string().max(40),
  endDate: z.string().max(40),
});
const espnLeague = z.object({
  season: espnSeasonShape,
  // A league's calendar is a list of days; a tournament's names its stages.
  calendar: z
    .array(z.unknown())
    .max(1000)
    .nullish()
    .transform((list) =>
      (list ?? []).flatMap((item) => {
        const group = z.object({ entries: z.array(espnCalendarEntry).max(50) }).safeParse(item);
        return group.success ? group.data.entries : [];
      }),
    ),
});

export interface EspnSeason {
  /** Our label: '2026-27', or '2027' for a season within a calendar year. */
  label: string;
  start: string;
  end: string;
  /** A tournament's stages by date ('League Phase', 'Rd of 16'…), in ESPN's words. */
  stages: { label: string; start: string; end: string }[];
}

const validInstant = (text: string) => {
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};

/** The season a scoreboard answer belongs to, or null when it does not say (or not clearly). */
export const espnSeasonOf = (answer: unknown): EspnSeason | null => {
  const leagues = z.object({ leagues: z.array(z.unknown()).min(1) }).safeParse(answer);
  if (!leagues.success) return null;
  const league = espnLeague.safeParse(leagues.data.leagues[0]);
  if (!league.success) return null;
  const { season, calendar } = league.data;
  const start = validInstant(season.startDate);
  const end = validInstant(season.endDate);
  if (!start || !end || start >= end) return null;
  const split = /^(\d{4})-(\d{2})\b/.exec(season.displayName ?? '');
  const next = String((season.year + 1) % 100).padStart(2, '0');
  // '2026-27 …' names two years; a label that disagrees with `year` is not believed.
  const label =
    split && Number(split[1]) === season.year && split[2] === next
      ? `${season.year}-${next}`
      : String(season.year);
  const stages = calendar.flatMap((e) => {
    const [s, t] = [validInstant(e.startDate), validInstant(e.endDate)];
    return s && t ? [{ label: e.label.trim(), start: s, end: t }] : [];
  });
  return { label, start, end, stages };
};

/** The US Eastern months (`YYYYMM`) from one instant to another, as ESPN files its days. */
export const espnMonthsBetween = (start: string, end: string): string[] => {
  const first = zonedDateTime(new Date(start), 'America/New_York').date.slice(0, 7);
  const last = zonedDateTime(new Date(end), 'America/New_York').date.slice(0, 7);
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 36; guard += 1) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month.replace('-', ''));
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return months;
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
