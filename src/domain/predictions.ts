import { z } from 'zod';
import type { FixtureStatus } from './fixtures';

export const outcomes = ['1', 'X', '2'] as const;
export type Outcome = (typeof outcomes)[number];
export const jokersPerCompetition = 2;
export const minuteMessage = 'Please enter a time between 0-90 minutes';

export const outcomeSchema = z.enum(outcomes, { error: 'Outcome must be 1, X or 2.' });

/** First-goal minute as predicted: an integer 0-90 (0 = no goals). */
export const minuteSchema = z
  .number({ error: minuteMessage })
  .int({ error: minuteMessage })
  .min(0, { error: minuteMessage })
  .max(90, { error: minuteMessage });

/** The stepper clamps to 0..90 (specification §5). */
export const clampMinute = (value: number): number =>
  Number.isFinite(value) ? Math.min(90, Math.max(0, Math.round(value))) : 0;

export const predictionInput = z.object({
  fixtureId: z.string().min(1).max(100),
  outcome: outcomeSchema,
  firstGoalMinute: minuteSchema.nullable().default(null),
  joker: z.boolean().default(false),
});
export type PredictionInput = z.infer<typeof predictionInput>;

const uniqueFixtures = (items: { fixtureId: string }[]) =>
  new Set(items.map((p) => p.fixtureId)).size === items.length;

export const savePredictionsBody = z.object({
  teamId: z.string().min(1),
  predictions: z
    .array(predictionInput)
    .min(1, { error: 'Please make some predictions before saving.' })
    .max(500)
    .refine(uniqueFixtures, { error: 'Each fixture may appear once.' }),
});
export type SavePredictionsBody = z.input<typeof savePredictionsBody>;

export const deletePredictionsBody = z.object({
  teamId: z.string().min(1),
  fixtureIds: z.array(z.string().min(1)).min(1).max(500),
});

export const copyPredictionsBody = z.object({
  fromTeamId: z.string().min(1),
  toTeamId: z.string().min(1),
});

export const multiLeagueBody = z.object({
  teamIds: z
    .array(z.string().min(1))
    .min(1, { error: 'Please select at least one league to save predictions.' })
    .max(50),
  predictions: z
    .array(predictionInput.omit({ joker: true }))
    .min(1, { error: 'Please make some predictions before saving.' })
    .max(500)
    .refine(uniqueFixtures, { error: 'Each fixture may appear once.' }),
});

export interface FixtureForPrediction {
  id: string;
  competitionId: string;
  season: string;
  kickoffAt: string;
  status: FixtureStatus;
  homeTeam: string;
  awayTeam: string;
}

export const isTbd = (f: { homeTeam: string; awayTeam: string }) =>
  f.homeTeam.trim().toUpperCase() === 'TBD' || f.awayTeam.trim().toUpperCase() === 'TBD';

/** Kick-off has come (server clock): from now on members see each other's picks. */
export const isKickedOff = (kickoffAt: string | Date, now: Date) =>
  now.getTime() >= new Date(kickoffAt).getTime();

/**
 * DESIGN §3: a fixture is locked from its kick-off or as soon as it is live, final, postponed or
 * cancelled, whichever comes first. A postponed fixture opens again once rescheduled.
 */
export const isFixtureLocked = (
  f: { kickoffAt: string | Date; status: FixtureStatus },
  now: Date,
) => f.status !== 'scheduled' || isKickedOff(f.kickoffAt, now);

/** Others' picks show from kick-off, or once the match is live or final (brought forward). */
export const picksRevealed = (f: { kickoffAt: string | Date; status: FixtureStatus }, now: Date) =>
  f.status === 'live' || f.status === 'final' || isKickedOff(f.kickoffAt, now);

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
): SplitBatch<T> => {
  const result: SplitBatch<T> = { open: [], locked: [], rejected: [] };
  for (const item of batch) {
    const fixture = fixtures.get(item.fixtureId);
    if (!fixture) result.rejected.push({ fixtureId: item.fixtureId, reason: 'UNKNOWN_FIXTURE' });
    else if (fixture.competitionId !== competitionId)
      result.rejected.push({ fixtureId: item.fixtureId, reason: 'FIXTURE_OTHER_COMPETITION' });
    else if (isTbd(fixture))
      result.rejected.push({ fixtureId: item.fixtureId, reason: 'TBD_FIXTURE' });
    else if (isFixtureLocked(fixture, now)) result.locked.push(item);
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

export const savedPrediction = z.object({
  fixtureId: z.string(),
  outcome: outcomeSchema,
  firstGoalMinute: z.number().nullable(),
  joker: z.boolean(),
  points: z.number().nullable(),
  updatedAt: z.string(),
});
export type SavedPrediction = z.infer<typeof savedPrediction>;
