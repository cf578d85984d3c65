import { z } from 'zod';
import { seasonLabel } from './fixtures';
import { firstGoalMinuteOf, type GoalMinute } from './first-goal';
import { openDataKickoff, zonedLocalToUtc } from './kickoff';
import { cleanName } from './league-names';
import { runSteps, type Steps } from './steps';

/**
 * Fixture import: reading a fixture file (openfootball JSON or CSV) into rows. Pure; the server
 * matches the rows against stored fixtures (import-plan.ts) and applies them.
 */
export const importFormats = ['openfootball', 'csv'] as const;
export type ImportFormat = (typeof importFormats)[number];

export const maxImportChars = 2_000_000;
export const maxImportRows = 5000;

export const importBody = z.object({
  competitionId: z.string().trim().min(1).max(100),
  format: z.enum(importFormats),
  content: z
    .string()
    .min(1, { error: 'The file is empty.' })
    .max(maxImportChars, { error: 'The file is too large (at most 2 MB).' }),
  timeZone: z.string().trim().min(1).max(60).optional(),
  /** The season the file's fixtures belong to; default: the competition's season label. */
  season: seasonLabel.optional(),
});
export type ImportBody = z.infer<typeof importBody>;

export interface ImportResult {
  homeScore: number;
  awayScore: number;
  /** null: the file has no goal minutes (outcome points only until an admin confirms it). */
  firstGoalMinute: number | null;
}

export interface ImportRowBase {
  /** Position among the file's rows (0-based). */
  index: number;
  /** CSV: the line in the file (the header is line 1). */
  line?: number;
  round: string;
  homeTeam: string;
  awayTeam: string;
}
export interface ParsedRow extends ImportRowBase {
  ok: true;
  kickoffAt: string;
  /** false: the file gives only the date; kickoffAt is 11:00 local on it (picks close then). */
  timeConfirmed: boolean;
  /** Set when the file says so; otherwise the row is scheduled (or final with a result). */
  status?: 'postponed' | 'cancelled';
  venue: string | null;
  result?: ImportResult;
  /** A source's own id of the match (issue 50: ESPN's event id), when it has one. */
  matchId?: string;
  /** The source lists placeholder teams ('Group A Winner'): the teams are to be determined. */
  tbd?: boolean;
}
export interface RejectedRow extends ImportRowBase {
  ok: false;
  reason: string;
}
export type ImportRow = ParsedRow | RejectedRow;
export type ParseOutcome = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

const normalise = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();

/** The key an imported fixture is recognised by on the next import: `round|home|away`. */
export const externalKey = (round: string, home: string, away: string) =>
  [round, home, away].map(normalise).join('|');
export const teamsKey = (home: string, away: string) => [home, away].map(normalise).join('|');

/** The local time a fixture whose time is not known yet closes at (docs/design.md §2). */
export const placeholderTime = '11:00';

/** The kick-off to store for a date whose time is unknown: 11:00 local. Throws RangeError. */
export const placeholderKickoff = (date: string, timeZone: string) =>
  zonedLocalToUtc(date, placeholderTime, timeZone);

/** openfootball writes league rounds 'Matchday 3' or '3. Round': one label, 'Matchday 3'. */
export const roundLabel = (round: string) => {
  const numbered = /^(\d{1,3})\. Round$/.exec(round.trim());
  return numbered ? `Matchday ${Number(numbered[1])}` : round.trim();
};

// Zones known to be valid (a few hundred at most): a file names its zone on every row.
const knownZones = new Set<string>();

export const isTimeZone = (timeZone: string) => {
  if (knownZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    knownZones.add(timeZone);
    return true;
  } catch {
    return false;
  }
};

const text = (max: number) => z.string().trim().min(1).max(max);
const pair = z.tuple([z.number().int().min(0).max(99), z.number().int().min(0).max(99)]);
const goal = z.object({
  minute: z.union([z.number(), z.string()]),
  offset: z.number().nullish(),
});
const openFootballMatch = z.object({
  round: text(100),
  date: z.string(),
  time: z.string().optional(),
  // A source's team names are cleaned like a player's (decision 017), never refused for their script.
  team1: z.string().overwrite(cleanName).min(1).max(100),
  team2: z.string().overwrite(cleanName).min(1).max(100),
  ground: z.string().trim().max(200).optional(),
  // Either { ht, ft, et, p } or a bare full-time pair [h, a].
  score: z.union([pair, z.object({ ft: pair.optional(), et: pair.optional() })]).optional(),
  status: z.string().max(40).optional(),
  goals1: z.array(goal).optional(),
  goals2: z.array(goal).optional(),
});
export const openFootballFile = z.object({ matches: z.array(z.unknown()).max(maxImportRows) });

const resultOf = (m: z.infer<typeof openFootballMatch>): ImportResult | undefined => {
  const score = Array.isArray(m.score) ? { ft: m.score, et: undefined } : m.score;
  const ft = score?.ft;
  if (!ft) return undefined;
  const goals: GoalMinute[] | null =
    m.goals1 || m.goals2 ? [...(m.goals1 ?? []), ...(m.goals2 ?? [])] : null;
  const et = score?.et;
  return {
    homeScore: ft[0],
    awayScore: ft[1],
    // ft is the score after 90 minutes: extra time and penalties never change the 1X2.
    firstGoalMinute: firstGoalMinuteOf({
      regular: { home: ft[0], away: ft[1] },
      totalGoals: et ? et[0] + et[1] : ft[0] + ft[1],
      goals,
    }),
  };
};

const statusOf = (status: string | undefined): ParsedRow['status'] => {
  const s = status?.trim().toLowerCase();
  if (s === 'postponed') return 'postponed';
  if (s === 'cancelled' || s === 'canceled' || s === 'abandoned') return 'cancelled';
  return undefined;
};

/** One match of an openfootball file as a row (rejected with the reason when unreadable). */
export const openFootballRow = (raw: unknown, index: number, timeZone: string): ImportRow => {
  const loose = (raw ?? {}) as Record<string, unknown>;
  const base = {
    index,
    round: typeof loose.round === 'string' ? roundLabel(loose.round) : '',
    homeTeam: typeof loose.team1 === 'string' ? cleanName(loose.team1) : '',
    awayTeam: typeof loose.team2 === 'string' ? cleanName(loose.team2) : '',
  };
  const parsed = openFootballMatch.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ...base,
      ok: false,
      reason: `Unreadable match: ${issue?.path.join('.')} ${issue?.message}`,
    };
  }
  const m = parsed.data;
  let kickoff: Date;
  try {
    kickoff = m.time
      ? openDataKickoff(m.date, m.time, timeZone)
      : placeholderKickoff(m.date, timeZone);
  } catch {
    return {
      ...base,
      ok: false,
      reason: `Invalid date or time '${[m.date, m.time].filter(Boolean).join(' ')}'.`,
    };
  }
  const status = statusOf(m.status);
  // A postponed or cancelled match has no result, whatever else the row says.
  const result = status ? undefined : resultOf(m);
  return {
    ...base,
    ok: true,
    kickoffAt: kickoff.toISOString(),
    timeConfirmed: Boolean(m.time),
    ...(status ? { status } : {}),
    venue: m.ground ?? null,
    ...(result ? { result } : {}),
  };
};

/**
 * openfootball football.json / worldcup.json: `matches[]` with round, date, time ('HH:MM' local
 * to `timeZone`, or 'HH:MM UTC-6'; without it the time is to be confirmed), team1, team2,
 * score (`{ ft, et, p }` or a bare `[h, a]`), optional goals1/goals2 and `status: postponed`.
 */
export const parseOpenFootball = (content: string, timeZone: string): ParseOutcome =>
  runSteps(readOpenFootball(content, timeZone));

/** `parseOpenFootball`, a step per match. */
export function* readOpenFootball(content: string, timeZone: string): Steps<ParseOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, error: 'The file is not valid JSON.' };
  }
  const file = openFootballFile.safeParse(json);
  if (!file.success)
    return {
      ok: false,
      error: `Not an openfootball file: expected { "matches": [...] } with at most ${maxImportRows} matches.`,
    };
  const rows: ImportRow[] = [];
  for (const [index, raw] of file.data.matches.entries()) {
    rows.push(openFootballRow(raw, index, timeZone));
    yield;
  }
  return { ok: true, rows };
}
