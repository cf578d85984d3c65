import { z } from 'zod';

/** Invite codes: 6 characters of A-Z and 0-9 (specification §9). */
export const inviteCodeAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const inviteCodeLength = 6;
export const nameMaxLength = 50;

/** Trimmed; the code as typed is compared upper-case. */
export const normaliseInviteCode = (value: string): string => value.trim().toUpperCase();
export const looksLikeInviteCode = (value: string): boolean =>
  /^[A-Z0-9]{6}$/.test(normaliseInviteCode(value));

/** Builds a code from random bytes (the server passes CSPRNG bytes). Rejection-free: 256 % 36 bias
 * is avoided by dropping bytes >= 252. */
export const inviteCodeFromBytes = (bytes: Uint8Array): string | null => {
  let code = '';
  for (const byte of bytes) {
    if (byte >= 252) continue;
    code += inviteCodeAlphabet[byte % 36];
    if (code.length === inviteCodeLength) return code;
  }
  return null;
};

const trimmedName = (required: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(nameMaxLength, { error: tooLong });

export const leagueName = trimmedName(
  'Please enter a league name',
  'League names have at most 50 characters.',
);
export const teamName = trimmedName(
  'Please enter a team name',
  'Team names have at most 50 characters.',
);

/**
 * The key league and team names are compared by (stored as `name_key`, uniquely indexed): trimmed,
 * Unicode-normalised (NFKC) and case-folded beyond ASCII, so 'ÉQUIPE' and 'équipe' are one name.
 */
export const nameKey = (name: string): string =>
  name.trim().normalize('NFKC').toUpperCase().toLowerCase();

export const sameNameIgnoringCase = (a: string, b: string) => nameKey(a) === nameKey(b);

export const createLeagueBody = z
  .object({
    leagueName,
    teamName,
    secondTeamName: z
      .string()
      .trim()
      .max(nameMaxLength, { error: 'Team names have at most 50 characters.' })
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
    teamName: z
      .string({ error: 'Please enter both team name and league code' })
      .trim()
      .min(1, { error: 'Please enter both team name and league code' })
      .max(nameMaxLength, { error: 'Team names have at most 50 characters.' }),
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

export const updateLeagueBody = z
  .object({ name: leagueName.optional(), joinByName: z.boolean().optional() })
  .refine((b) => b.name !== undefined || b.joinByName !== undefined, {
    error: 'Nothing to change.',
  });

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
});

export const teamSummary = z.object({ id: z.string(), name: z.string(), leagueId: z.string() });

export const myLeague = leagueSummary.extend({ teams: z.array(teamSummary) });

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

/** Manager column fallback (specification §2.9). */
export const unnamedPlayer = 'Unnamed Player';

/** The invite link of a league (specification §2.8). */
export const inviteLink = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, '')}/join?code=${encodeURIComponent(code)}`;
