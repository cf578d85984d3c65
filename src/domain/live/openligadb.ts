import { z } from 'zod';
import { estimatedClock, type FirstGoal, type LiveReport, type LiveState } from './report';

/**
 * OpenLigaDB (keyless, typed in by volunteers): `getmatchdata/{league}/{season}[/{matchday}]`.
 * Pure. Its quirks (data/live/README): goals without a minute during play, goals out of order
 * (the first is the one that makes the score 1), stoppage time written `90` + `"+7"`, `93`,
 * `45` + `"+1"` or `50` with `isOvertime`, `matchResults` behind `goals`, a finished match not
 * yet flagged finished, and the old host's PascalCase keys.
 */

const goal = z.object({
  scoreTeam1: z.number().int().min(0),
  scoreTeam2: z.number().int().min(0),
  matchMinute: z.number().int().nullish(),
  isOvertime: z.boolean().nullish(),
  comment: z.string().nullish(),
});
const result = z.object({
  resultTypeID: z.number(),
  pointsTeam1: z.number().int().min(0),
  pointsTeam2: z.number().int().min(0),
});
const team = z.object({ teamName: z.string().nullish(), shortName: z.string().nullish() });
const match = z.object({
  matchID: z.number(),
  matchDateTimeUTC: z.string().nullish(),
  matchDateTime: z.string().nullish(),
  team1: team,
  team2: team,
  matchIsFinished: z.boolean().nullish(),
  matchResults: z.array(z.unknown()).nullish(),
  goals: z.array(z.unknown()).nullish(),
});
export const openLigaDbMatches = z.array(z.unknown());

/** The old host answered in PascalCase (`MatchID`, `Goals`): read both as camelCase. */
const camelKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), camelKeys(v)]),
  );
};

/** A stoppage minute in a goal's comment: `"+7"` → 7. */
const plusOf = (comment: string | null | undefined) => {
  const m = /^\s*\+\s*(\d{1,2})\b/.exec(comment ?? '');
  return m ? Number(m[1]) : 0;
};

/**
 * The regular-time minute of a goal as OpenLigaDB writes it, or null past regular time:
 * `45`+`"+1"` → 45, `90`+`"+7"` → 90, `93` → 90 (stoppage written out), `94` with `isOvertime`
 * → 90. A second-half minute with `isOvertime` (`50`) may mean 45+5: it is kept as written and
 * flagged ambiguous. A minute above 105 is extra time.
 */
export const openLigaDbMinute = (g: z.infer<typeof goal>) => {
  const minute = g.matchMinute;
  if (minute === null || minute === undefined || minute < 0) return null;
  const plus = plusOf(g.comment);
  if (minute === 45 && plus > 0) return { minute: 45, ambiguous: false };
  if (minute >= 90 && minute <= 105) return { minute: 90, ambiguous: false };
  if (minute > 105) return null;
  return {
    minute: Math.max(1, minute),
    ambiguous: g.isOvertime === true && minute > 45 && minute < 90,
  };
};

const kickoffOf = (m: z.infer<typeof match>) => {
  const utc = m.matchDateTimeUTC ? new Date(m.matchDateTimeUTC) : null;
  return utc && !Number.isNaN(utc.getTime()) ? utc : null;
};

const namesOf = (t: z.infer<typeof team>) => [
  ...new Set([t.teamName, t.shortName].filter((n): n is string => !!n)),
];

/**
 * One match in our terms at `now`. OpenLigaDB says only 'finished' or not, and full time only
 * with `matchIsFinished`: a match past its kick-off and not flagged is live, with a clock
 * estimated from the kick-off, however long ago that was.
 */
export const readOpenLigaDbMatch = (raw: unknown, now: Date): LiveReport | null => {
  const parsed = match.safeParse(camelKeys(raw));
  if (!parsed.success) return null;
  const m = parsed.data;
  const kickoff = kickoffOf(m);
  if (!kickoff) return null;
  const goals = (m.goals ?? []).flatMap((g) => {
    const p = goal.safeParse(g);
    return p.success ? [p.data] : [];
  });
  const results = (m.matchResults ?? []).flatMap((r) => {
    const p = result.safeParse(r);
    return p.success ? [p.data] : [];
  });
  const started = now.getTime() >= kickoff.getTime();
  const state: LiveState = m.matchIsFinished ? 'finished' : started ? 'live' : 'scheduled';
  // The score: the final result once flagged, else the furthest of the goals and the results.
  const final = results.find((r) => r.resultTypeID === 2);
  const latestGoal = goals.reduce<z.infer<typeof goal> | null>(
    (best, g) =>
      !best || g.scoreTeam1 + g.scoreTeam2 > best.scoreTeam1 + best.scoreTeam2 ? g : best,
    null,
  );
  const fromResults = final
    ? { home: final.pointsTeam1, away: final.pointsTeam2 }
    : results.length > 0
      ? results
          .map((r) => ({ home: r.pointsTeam1, away: r.pointsTeam2 }))
          .reduce((a, b) => (b.home + b.away > a.home + a.away ? b : a))
      : null;
  const fromGoals = latestGoal
    ? { home: latestGoal.scoreTeam1, away: latestGoal.scoreTeam2 }
    : null;
  const score =
    state === 'scheduled'
      ? null
      : m.matchIsFinished && final
        ? { home: final.pointsTeam1, away: final.pointsTeam2 }
        : fromGoals &&
            (!fromResults || fromGoals.home + fromGoals.away >= fromResults.home + fromResults.away)
          ? fromGoals
          : (fromResults ?? { home: 0, away: 0 });
  let firstGoal: FirstGoal = { kind: 'unknown' };
  if (score && score.home + score.away === 0) firstGoal = { kind: 'none' };
  else {
    const first = goals.find((g) => g.scoreTeam1 + g.scoreTeam2 === 1);
    const minute = first ? openLigaDbMinute(first) : null;
    const written =
      first?.matchMinute === null || first?.matchMinute === undefined
        ? null
        : first.matchMinute + plusOf(first.comment);
    // A minute no match has is kept as written, for the checks to refuse.
    if (written !== null && (written < 0 || written > 130))
      firstGoal = { kind: 'minute', minute: 90, ambiguous: false, written };
    else if (minute)
      firstGoal = { kind: 'minute', ...minute, ...(written === null ? {} : { written }) };
  }
  return {
    source: 'openligadb',
    matchId: String(m.matchID),
    kickoffAt: kickoff.toISOString(),
    timeConfirmed: true,
    home: namesOf(m.team1),
    away: namesOf(m.team2),
    state,
    clock: state === 'live' ? estimatedClock(kickoff.toISOString(), now) : null,
    score,
    firstGoal: state === 'scheduled' ? { kind: 'none' } : firstGoal,
  };
};

/** Every readable match of a `getmatchdata` answer. */
export const readOpenLigaDbMatches = (raw: unknown, now: Date): LiveReport[] => {
  const parsed = openLigaDbMatches.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.flatMap((m) => readOpenLigaDbMatch(m, now) ?? []);
};

/** OpenLigaDB names a season by the year it starts: `2026-27` → 2026, `2026` → 2026. */
export const openLigaDbSeason = (label: string) => {
  const m = /^(\d{4})/.exec(label);
  return m ? Number(m[1]) : null;
};
