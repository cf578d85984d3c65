import { z } from 'zod';
import { competitionKinds } from './competitions';
import { fixtureFieldGroups, fixtureSchema, fixtureStatuses, seasonLabel } from './fixtures';
import { nameText } from './names';
import { countedMinute } from './scoring';

/** A first-goal minute as typed ('67', '45+2', '90+5'), counted as the scoring rule says. */
const minuteInput = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value === '') return null;
    const minute = countedMinute(value);
    if (minute === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a minute like 67, 45+2 or 90+5.' });
      return z.NEVER;
    }
    return minute;
  });

const scoreError = 'A score is a whole number from 0 to 99.';
const score = z
  .number({ error: scoreError })
  .int({ error: scoreError })
  .min(0, { error: scoreError })
  .max(99, { error: scoreError })
  .nullable();

export const fixturePatch = z
  .object({
    homeScore: score.optional(),
    awayScore: score.optional(),
    /** As typed by an admin: 67, '45+2', '90+5', '97'; null/'' = not known yet. */
    firstGoalMinute: minuteInput.optional(),
    status: z.enum(fixtureStatuses).optional(),
    kickoffAt: z.iso.datetime({ error: 'Kick-off must be a date and time.' }).optional(),
    homeTeam: nameText({ max: 100 }).optional(),
    awayTeam: nameText({ max: 100 }).optional(),
    round: z.string().trim().min(1).max(100).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: 'Nothing to change.' });
export type FixturePatch = z.input<typeof fixturePatch>;

export const missingInformation =
  'Please fill in all required fields including match time for the new match.';

const required = z
  .string({ error: missingInformation })
  .trim()
  .min(1, { error: missingInformation });

export const newFixtureBody = z.object({
  competitionId: required,
  round: required.max(100),
  /** Local date and time in the competition's time zone (or `timeZone`). */
  date: required.regex(/^\d{4}-\d{2}-\d{2}$/, { error: missingInformation }),
  time: required.regex(/^\d{2}:\d{2}$/, { error: missingInformation }),
  timeZone: z.string().trim().min(1).optional(),
  homeTeam: nameText({ required: missingInformation, max: 100 }),
  awayTeam: nameText({ required: missingInformation, max: 100 }),
  venue: z.string().trim().max(200).optional(),
  /** Default: the competition's season label. */
  season: seasonLabel.optional(),
});
export type NewFixtureBody = z.input<typeof newFixtureBody>;

export const newCompetitionBody = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{2,60}$/, { error: 'Ids use lower-case letters, digits and _.' }),
  name: z.string().trim().min(1).max(100),
  route: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9][a-z0-9-]{1,60}$/, { error: 'Routes look like /my-tournament.' }),
  kind: z.enum(competitionKinds),
  country: z.string().trim().min(1).max(100),
  timeZone: z.string().trim().min(1).max(60),
  seasonLabel: seasonLabel.default(''),
});
export type NewCompetitionBody = z.input<typeof newCompetitionBody>;

export const adminFixture = fixtureSchema.extend({
  /** Final with goals but the first-goal minute not known yet: outcome points only so far. */
  minuteToBeConfirmed: z.boolean(),
  predictions: z.number(),
  /** Facts a site admin set by hand: no source changes them until handed back (issue 28). */
  handSet: z.array(z.enum(fixtureFieldGroups)),
});

export { minuteToBeConfirmed } from './result-rules';
