import { z } from 'zod';
import { answerKey, bonusKinds, bonusLimits } from './bonus-rules';

// Requests and answers of the bonus-question API (issue 14); the rules without zod are in
// bonus-rules.ts.

const [minPoints, maxPoints] = bonusLimits.points;
const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

const option = text(
  bonusLimits.option[0],
  bonusLimits.option[1],
  `Options have 1 to ${bonusLimits.option[1]} characters.`,
);

/** POST /api/leagues/{id}/bonus: a new question (league admin). */
export const createBonusBody = z
  .object({
    kind: z.enum(bonusKinds, { error: 'Choose what the question asks.' }),
    /** A free question's text (the season's questions are worded by the app). */
    prompt: text(
      bonusLimits.prompt[0],
      bonusLimits.prompt[1],
      `Questions have ${bonusLimits.prompt[0]} to ${bonusLimits.prompt[1]} characters.`,
    ).optional(),
    /** A free question's options. */
    options: z.array(option).max(bonusLimits.options[1]).optional(),
    points: z
      .number({ error: `Points must be a whole number from ${minPoints} to ${maxPoints}.` })
      .int({ error: `Points must be a whole number from ${minPoints} to ${maxPoints}.` })
      .min(minPoints, { error: `Points must be a whole number from ${minPoints} to ${maxPoints}.` })
      .max(maxPoints, {
        error: `Points must be a whole number from ${minPoints} to ${maxPoints}.`,
      }),
    deadline: z.iso.datetime({ offset: true, error: 'The deadline must be a date and time.' }),
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'free') return;
    if (body.prompt === undefined)
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'Please enter the question.' });
    const options = body.options ?? [];
    if (options.length < bonusLimits.options[0])
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `Give ${bonusLimits.options[0]} to ${bonusLimits.options[1]} options.`,
      });
    if (new Set(options.map(answerKey)).size !== options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must differ.' });
  });
export type CreateBonusBody = z.infer<typeof createBonusBody>;

/** PUT /api/leagues/{id}/bonus/{questionId}/answers/{teamId}: a team's answer. */
export const bonusAnswerBody = z.object({
  answer: text(
    1,
    bonusLimits.answer[1],
    `Answers have ${bonusLimits.answer[0]} to ${bonusLimits.answer[1]} characters.`,
  ),
});

/** POST /api/leagues/{id}/bonus/{questionId}/settle: the right answers (league admin). */
export const settleBonusBody = z.object({
  correct: z
    .array(option)
    .min(1, { error: 'Choose the right answer.' })
    .max(bonusLimits.correct, { error: `At most ${bonusLimits.correct} right answers.` }),
});

const answerCount = z.object({ answer: z.string(), teams: z.number() });

export const bonusQuestion = z.object({
  id: z.string(),
  kind: z.enum(bonusKinds),
  /** A free question's text; null: the app words it by kind. */
  prompt: z.string().nullable(),
  /** What may be answered; empty: typed (a top scorer). */
  options: z.array(z.string()),
  points: z.number(),
  deadline: z.string(),
  /** The deadline has passed: answers are closed and shown. */
  closed: z.boolean(),
  /** The right answers once settled. */
  correct: z.array(z.string()).nullable(),
  settledAt: z.string().nullable(),
  /** The viewer's teams' answers (always shown to their owner). */
  mine: z.array(
    z.object({
      teamId: z.string(),
      teamName: z.string(),
      answer: z.string(),
      points: z.number().nullable(),
    }),
  ),
  /** How many teams answered, and the most given answers — only once the deadline passed. */
  answers: z.object({ total: z.number(), top: z.array(answerCount) }).nullable(),
});
export type BonusQuestion = z.infer<typeof bonusQuestion>;

export const bonusListResponse = z.object({
  season: z.string().nullable(),
  questions: z.array(bonusQuestion),
  /** The viewer may add, settle and remove questions. */
  canManage: z.boolean(),
  /** The viewer's teams in the league (who can answer). */
  teams: z.array(z.object({ teamId: z.string(), teamName: z.string() })),
  /** The competition's clubs this season (what a champion or relegation question offers). */
  clubs: z.array(z.string()),
});
