import { runSteps, type Steps } from '../steps';
import { leagueRoundsSteps } from './rounds';

/**
 * The rounds of a season a source lists without them (issue 50: ESPN names no matchday, only a
 * tournament's stage). For a league, matchdays in which every club plays at most once, numbered
 * in date order (`rounds.ts`); for a tournament, its stage ('Round of 16', 'Final'), a league
 * phase or group stage split into its matchdays the same way. A two-legged tie is two fixtures
 * of the same round (its legs: domain/tournament.ts). Pure.
 */

export interface ListedMatch {
  kickoffAt: string;
  home: string;
  away: string;
  /** The source's stage of the match (ESPN's event `season.slug`), when it says. */
  stage?: string | null;
  /** The teams are placeholders. */
  tbd?: boolean;
}

export interface ListedStage {
  /** The stage as the source's calendar names it ('League Phase', 'Rd of 16'). */
  label: string;
  start: string;
  end: string;
}

/** A stage in our words (the round labels the pages translate), by ESPN's slugs and labels. */
const stages: Record<string, string> = {
  'league-phase': 'League phase',
  'group-stage': 'Group stage',
  group: 'Group stage',
  'knockout-round-playoffs': 'Knockout round play-offs',
  'knockout-playoffs': 'Knockout round play-offs',
  'playoff-round': 'Knockout round play-offs',
  'round-of-32': 'Round of 32',
  'round-of-16': 'Round of 16',
  'rd-of-16': 'Round of 16',
  'rounds-of-16': 'Round of 16',
  quarterfinals: 'Quarterfinals',
  'quarter-finals': 'Quarterfinals',
  semifinals: 'Semifinals',
  'semi-finals': 'Semifinals',
  '3rd-place-match': 'Third place',
  'third-place': 'Third place',
  final: 'Final',
};
/** Stages played as a table: split into matchdays. */
const tableStages = new Set(['League phase', 'Group stage']);
/** A league's ordinary matches: no stage of their own. */
const seasonSlugs = new Set(['regular-season', 'season', '']);

const slugOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A source's stage in our words; null for a league's ordinary matches. */
export const stageName = (stage: string | null | undefined): string | null => {
  const slug = slugOf(stage ?? '');
  if (seasonSlugs.has(slug)) return null;
  if (stages[slug]) return stages[slug];
  // A stage we have no words for keeps the source's, readable ('Play-off Final').
  return slug
    .split('-')
    .map((w, i) => (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
};

/** The stage a match falls in by date, from the source's calendar (when its event says none). */
const stageByDate = (kickoffAt: string, calendar: readonly ListedStage[]) => {
  const t = Date.parse(kickoffAt);
  return calendar.find((s) => Date.parse(s.start) <= t && t <= Date.parse(s.end))?.label ?? null;
};

/** Matchdays of the given matches (indices into `matches`), labelled `prefix` + number. */
function* matchdays(
  matches: readonly ListedMatch[],
  indices: number[],
  label: (n: number) => string,
  out: (string | null)[],
): Steps<void> {
  const decided = indices.filter((i) => !matches[i]?.tbd);
  const rounds =
    (yield* leagueRoundsSteps(
      decided.map((i) => {
        const m = matches[i] as ListedMatch;
        return { kickoffAt: m.kickoffAt, home: m.home, away: m.away };
      }),
    )) ?? decided.map(() => null);
  decided.forEach((i, k) => {
    const n = rounds[k];
    out[i] = n ? label(n) : null;
  });
}

/**
 * Each match's round label, in the order given; null where none can be told (a league whose
 * list is no league, a placeholder of a table stage): such a match is not created.
 */
export const listedRounds = (
  matches: readonly ListedMatch[],
  kind: 'league' | 'tournament',
  calendar: readonly ListedStage[] = [],
): (string | null)[] => runSteps(listedRoundsSteps(matches, kind, calendar));

/** `listedRounds` a step at a time (the server runs it with the event loop free). */
export function* listedRoundsSteps(
  matches: readonly ListedMatch[],
  kind: 'league' | 'tournament',
  calendar: readonly ListedStage[] = [],
): Steps<(string | null)[]> {
  const out: (string | null)[] = matches.map(() => null);
  const byStage = new Map<string | null, number[]>();
  matches.forEach((m, i) => {
    const stage =
      stageName(m.stage) ??
      (kind === 'tournament' ? stageName(stageByDate(m.kickoffAt, calendar)) : null);
    const list = byStage.get(stage);
    if (list) list.push(i);
    else byStage.set(stage, [i]);
  });
  for (const [stage, indices] of byStage) {
    if (stage === null) {
      // A league's season (or a tournament match no stage names): matchdays.
      yield* matchdays(matches, indices, (n) => `Matchday ${n}`, out);
    } else if (tableStages.has(stage)) {
      yield* matchdays(matches, indices, (n) => `${stage} - Matchday ${n}`, out);
    } else {
      for (const i of indices) out[i] = stage;
    }
  }
  return out;
}
