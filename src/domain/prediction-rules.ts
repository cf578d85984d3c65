import type { FieldOrigin, FixtureStatus } from './fixtures';

// The game's prediction rules without schemas: the web app's pages use these (the request
// schemas in predictions.ts need zod, which stays out of the first download).

export const outcomes = ['1', 'X', '2'] as const;
export type Outcome = (typeof outcomes)[number];
/** Jokers per team and season in the game's rules (a league's rules may allow others). */
export const jokersPerCompetition = 2;
export const minuteMessage = 'Please enter a time between 0-90 minutes';

/** A predicted first-goal minute: an integer 0-90 (0 = no goals). */
export const isValidMinute = (value: number) =>
  Number.isInteger(value) && value >= 0 && value <= 90;

/** The stepper clamps to 0..90 (specification §5). */
export const clampMinute = (value: number): number =>
  Number.isFinite(value) ? Math.min(90, Math.max(0, Math.round(value))) : 0;

/** One prediction as a save sends it (predictions.ts validates it). */
export interface PredictionInput {
  fixtureId: string;
  outcome: Outcome;
  firstGoalMinute: number | null;
  joker: boolean;
}

export interface FixtureForPrediction {
  id: string;
  competitionId: string;
  season: string;
  kickoffAt: string;
  status: FixtureStatus;
  homeTeam: string;
  awayTeam: string;
  tbd: boolean;
}

/** A team name that says the team is not known yet (an admin's 'TBD'). */
export const isTbdName = (name: string) => name.trim().toUpperCase() === 'TBD';

/** The fixture's teams are not known yet: its stored flag (issue 50), never its names. */
export const isTbd = (f: { tbd: boolean }) => f.tbd;

/** Kick-off has come (server clock): from now on members see each other's picks. */
export const isKickedOff = (kickoffAt: string | Date, now: Date) =>
  now.getTime() >= new Date(kickoffAt).getTime();

/**
 * docs/design.md §3: a fixture is locked from its kick-off or as soon as it is live, final, postponed or
 * cancelled, whichever comes first. A postponed fixture opens again once rescheduled. A league
 * may close picks earlier: `lockMinutesBefore` its kick-off (its rules).
 */
export const isFixtureLocked = (
  f: { kickoffAt: string | Date; status: FixtureStatus },
  now: Date,
  lockMinutesBefore = 0,
) =>
  f.status !== 'scheduled' ||
  now.getTime() >= new Date(f.kickoffAt).getTime() - lockMinutesBefore * 60_000;

/**
 * Others' picks show from kick-off, or once the match is final (a result is only ever set after
 * the kick-off it has), or live by a site admin's hand. A source saying the match is live before
 * its kick-off reveals nothing (issue 49): a match really brought forward has its kick-off moved.
 */
export const picksRevealed = (
  f: { kickoffAt: string | Date; status: FixtureStatus; statusBy?: FieldOrigin | undefined },
  now: Date,
) =>
  f.status === 'final' ||
  (f.status === 'live' && f.statusBy === 'admin') ||
  isKickedOff(f.kickoffAt, now);

/**
 * Whether a team's pick shows its content (outcome, minute, joker, points) to a viewer: the
 * viewer's own team's always; another team's only to a member of the league, once the fixture's
 * picks are revealed. Anyone else learns only whether a pick was made.
 */
export const pickVisible = (revealed: boolean, viewer: { member: boolean; own: boolean }) =>
  viewer.own || (viewer.member && revealed);

export type Rejection = 'UNKNOWN_FIXTURE' | 'FIXTURE_OTHER_COMPETITION' | 'TBD_FIXTURE';

export interface SplitBatch<T extends { fixtureId: string }> {
  open: T[];
  locked: T[];
  rejected: { fixtureId: string; reason: Rejection }[];
}

/** Sorts a batch into what may be saved now, what has kicked off, and what is not allowed. */
export const splitBatch = <T extends { fixtureId: string }>(
  batch: T[],
  fixtures: Map<string, FixtureForPrediction>,
  competitionId: string,
  now: Date,
  /** The league's lock before kick-off in a season, in minutes. */
  lockMinutesIn: (season: string) => number = () => 0,
): SplitBatch<T> => {
  const result: SplitBatch<T> = { open: [], locked: [], rejected: [] };
  for (const item of batch) {
    const fixture = fixtures.get(item.fixtureId);
    if (!fixture) result.rejected.push({ fixtureId: item.fixtureId, reason: 'UNKNOWN_FIXTURE' });
    else if (fixture.competitionId !== competitionId)
      result.rejected.push({ fixtureId: item.fixtureId, reason: 'FIXTURE_OTHER_COMPETITION' });
    else if (isTbd(fixture))
      result.rejected.push({ fixtureId: item.fixtureId, reason: 'TBD_FIXTURE' });
    else if (isFixtureLocked(fixture, now, lockMinutesIn(fixture.season))) result.locked.push(item);
    else result.open.push(item);
  }
  return result;
};

/**
 * Jokers a team would hold after saving, within one season: its jokers on fixtures the batch does
 * not touch (locked ones always stay), plus the jokers the batch sets on open fixtures. Callers
 * pass one season's predictions (a joker allowance is per competition season).
 */
export const jokersAfterSave = (
  existing: { fixtureId: string; joker: boolean }[],
  openInBatch: { fixtureId: string; joker: boolean }[],
): number => {
  const touched = new Set(openInBatch.map((p) => p.fixtureId));
  const kept = existing.filter((p) => p.joker && !touched.has(p.fixtureId)).length;
  return kept + openInBatch.filter((p) => p.joker).length;
};
