import { z } from 'zod';
import { firstGoalMinuteOf, type GoalMinute } from './first-goal';
import { openDataKickoff } from './kickoff';

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
  venue: string | null;
  result?: ImportResult;
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

export const isTimeZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
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
  team1: text(100),
  team2: text(100),
  ground: z.string().trim().max(200).optional(),
  score: z.object({ ft: pair.optional(), et: pair.optional() }).optional(),
  goals1: z.array(goal).optional(),
  goals2: z.array(goal).optional(),
});
const openFootballFile = z.object({ matches: z.array(z.unknown()).max(maxImportRows) });

const resultOf = (m: z.infer<typeof openFootballMatch>): ImportResult | undefined => {
  const ft = m.score?.ft;
  if (!ft) return undefined;
  const goals: GoalMinute[] | null =
    m.goals1 || m.goals2 ? [...(m.goals1 ?? []), ...(m.goals2 ?? [])] : null;
  const et = m.score?.et;
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

/**
 * openfootball football.json / worldcup.json: `matches[]` with round, date, time ('HH:MM' local
 * to `timeZone`, or 'HH:MM UTC-6'), team1, team2, score.ft/et/p and optional goals1/goals2.
 */
export const parseOpenFootball = (content: string, timeZone: string): ParseOutcome => {
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
  return {
    ok: true,
    rows: file.data.matches.map((raw, index): ImportRow => {
      const loose = (raw ?? {}) as Record<string, unknown>;
      const base = {
        index,
        round: typeof loose.round === 'string' ? loose.round : '',
        homeTeam: typeof loose.team1 === 'string' ? loose.team1 : '',
        awayTeam: typeof loose.team2 === 'string' ? loose.team2 : '',
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
      if (!m.time) return { ...base, ok: false, reason: 'No kick-off time.' };
      let kickoff: Date;
      try {
        kickoff = openDataKickoff(m.date, m.time, timeZone);
      } catch {
        return { ...base, ok: false, reason: `Invalid date or time '${m.date} ${m.time}'.` };
      }
      const result = resultOf(m);
      return {
        ...base,
        ok: true,
        kickoffAt: kickoff.toISOString(),
        venue: m.ground ?? null,
        ...(result ? { result } : {}),
      };
    }),
  };
};
