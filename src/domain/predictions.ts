import { z } from 'zod';
import { minuteMessage, outcomes } from './prediction-rules';

export {
  clampMinute,
  isFixtureLocked,
  isKickedOff,
  isTbd,
  isValidMinute,
  jokersAfterSave,
  jokersPerCompetition,
  minuteMessage,
  outcomes,
  pickVisible,
  picksRevealed,
  splitBatch,
} from './prediction-rules';
export type {
  FixtureForPrediction,
  Outcome,
  PredictionInput,
  Rejection,
  SplitBatch,
} from './prediction-rules';

export const outcomeSchema = z.enum(outcomes, { error: 'Outcome must be 1, X or 2.' });

/** First-goal minute as predicted: an integer 0-90 (0 = no goals). */
export const minuteSchema = z
  .number({ error: minuteMessage })
  .int({ error: minuteMessage })
  .min(0, { error: minuteMessage })
  .max(90, { error: minuteMessage });

export const predictionInput = z.object({
  fixtureId: z.string().min(1).max(100),
  outcome: outcomeSchema,
  firstGoalMinute: minuteSchema.nullable().default(null),
  joker: z.boolean().default(false),
});

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

export const savedPrediction = z.object({
  fixtureId: z.string(),
  outcome: outcomeSchema,
  firstGoalMinute: z.number().nullable(),
  joker: z.boolean(),
  points: z.number().nullable(),
  updatedAt: z.string(),
});
export type SavedPrediction = z.infer<typeof savedPrediction>;
