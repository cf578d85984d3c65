// League and team names and invite codes without schemas: the web app's first download uses
// these (the request schemas in leagues.ts need zod, which stays out of it).

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

/**
 * The key league and team names are compared by (stored as `name_key`, uniquely indexed): trimmed,
 * Unicode-normalised (NFKC) and case-folded beyond ASCII, so 'ÉQUIPE' and 'équipe' are one name.
 */
export const nameKey = (name: string): string =>
  name.trim().normalize('NFKC').toUpperCase().toLowerCase();

export const sameNameIgnoringCase = (a: string, b: string) => nameKey(a) === nameKey(b);

/** Manager column fallback (specification §2.9). */
export const unnamedPlayer = 'Unnamed Player';

/** The invite link of a league (specification §2.8). */
export const inviteLink = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, '')}/join?code=${encodeURIComponent(code)}`;
