import { z } from 'zod';
import {
  inviteCodeLength,
  nameMaxLength,
  normaliseInviteCode,
  sameNameIgnoringCase,
} from './league-names';
import { ruleKeys, ruleRanges, type LeagueRules } from './league-rules';
import { nameText } from './names';

export {
  inviteCodeAlphabet,
  inviteCodeFromBytes,
  inviteCodeLength,
  inviteLink,
  looksLikeInviteCode,
  nameKey,
  nameMaxLength,
  normaliseInviteCode,
  sameNameIgnoringCase,
  unnamedPlayer,
} from './league-names';

export const leagueName = nameText({
  required: 'Please enter a league name',
  tooLong: 'League names have at most 50 characters.',
  max: nameMaxLength,
});
export const teamName = nameText({
  required: 'Please enter a team name',
  tooLong: 'Team names have at most 50 characters.',
  max: nameMaxLength,
});

export const createLeagueBody = z
  .object({
    leagueName,
    teamName,
    secondTeamName: nameText({
      tooLong: 'Team names have at most 50 characters.',
      max: nameMaxLength,
      allowEmpty: true,
    })
      .optional()
      .transform((v) => (v ? v : undefined)),
    competitionId: z.string().min(1).default('premier_league'),
  })
  .refine((b) => !b.secondTeamName || !sameNameIgnoringCase(b.teamName, b.secondTeamName), {
    error: 'Team names must be different',
    path: ['secondTeamName'],
  });
export type CreateLeagueBody = z.input<typeof createLeagueBody>;

export const joinLeagueBody = z.object({
  codeOrName: z
    .string({ error: 'Please enter a league code or name' })
    .trim()
    .min(1, { error: 'Please enter a league code or name' })
    .max(nameMaxLength),
  teamName,
});
export type JoinLeagueBody = z.infer<typeof joinLeagueBody>;

export const quickJoinBody = z
  .object({
    teamName: nameText({
      required: 'Please enter both team name and league code',
      tooLong: 'Team names have at most 50 characters.',
      max: nameMaxLength,
    }),
    code: z
      .string({ error: 'Please enter both team name and league code' })
      .trim()
      .max(inviteCodeLength, { error: 'League codes have 6 characters.' })
      .transform(normaliseInviteCode)
      .optional(),
    /** Instead of the code: the league's name, from an invite link by name (`/join?league=`). */
    league: z.string().trim().max(nameMaxLength).optional(),
  })
  .refine((b) => Boolean(b.code || b.league), {
    error: 'Please enter both team name and league code',
    path: ['code'],
  });
export type QuickJoinBody = z.input<typeof quickJoinBody>;

export const lookupQuery = z
  .object({
    code: z.string().trim().max(nameMaxLength).optional(),
    league: z.string().trim().max(nameMaxLength).optional(),
  })
  .refine((q) => Boolean(q.code || q.league), { error: 'Please enter a league code or name' });

export const createTeamBody = z.object({ teamName });

/** Names one team (leaving a league with it, handing the admin role to its owner). */
export const teamIdBody = z.object({ teamId: z.string().min(1).max(64) });

/** A league's rules as the API shows them. */
export const leagueRules = z.object(
  Object.fromEntries(ruleKeys.map((key) => [key, z.number().int()])) as Record<
    keyof LeagueRules,
    z.ZodNumber
  >,
);

/** A change of some rules: each a whole number in its range (`ruleRanges`). */
export const rulesChange = z
  .object(
    Object.fromEntries(
      ruleKeys.map((key) => {
        const [min, max] = ruleRanges[key];
        const error = `Enter a whole number from ${min} to ${max}.`;
        return [
          key,
          z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).optional(),
        ];
      }),
    ) as Record<keyof LeagueRules, z.ZodOptional<z.ZodNumber>>,
  )
  .strict();

export const updateLeagueBody = z
  .object({
    name: leagueName.optional(),
    joinByName: z.boolean().optional(),
    rules: rulesChange.optional(),
  })
  .refine(
    (b) =>
      b.name !== undefined ||
      b.joinByName !== undefined ||
      (b.rules !== undefined && Object.keys(b.rules).length > 0),
    { error: 'Nothing to change.' },
  );

export const deleteLeagueBody = z.object({ confirmName: z.string() });

export const leagueSummary = z.object({
  id: z.string(),
  name: z.string(),
  /** Only for the league's members and admin (and whoever looked it up by this code). */
  inviteCode: z.string().nullable(),
  competitionId: z.string(),
  competitionName: z.string(),
  competitionRoute: z.string(),
  joinByName: z.boolean(),
  isAdmin: z.boolean(),
  rules: leagueRules,
});

export const teamSummary = z.object({ id: z.string(), name: z.string(), leagueId: z.string() });

export const myLeague = leagueSummary.extend({
  teams: z.array(teamSummary),
  /** Messages of others since the player last read the league's feed (at most 100: '99+'). */
  unread: z.number(),
});

/** A player barred from rejoining a league after the admin removed their team. */
export const leagueBar = z.object({
  userId: z.string(),
  manager: z.string(),
  teamName: z.string(),
  barredAt: z.string(),
});

export const memberRow = z.object({
  teamId: z.string(),
  teamName: z.string(),
  manager: z.string(),
});
