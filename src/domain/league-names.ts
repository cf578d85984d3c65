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

const lineBreaks = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** The flags of England, Scotland and Wales (a black flag, tag letters, a cancel tag) stay whole. */
const flagTags =
  /(\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F})/u;
/** Controls, format characters, lone surrogates and blank letters (Hangul fillers)… */
const invisible = /(?!\u200D|\uFE0E|\uFE0F)[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
/** …but a variation selector after an emoji or a keycap digit, and a joiner inside an emoji. */
const strayVariation = /(?<![\p{Extended_Pictographic}#*0-9])[\uFE0E\uFE0F]/gu;
const strayJoiner =
  /(?<!\p{Extended_Pictographic}\p{Emoji_Modifier}?\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/**
 * A name as it is stored and compared (docs/design.md §2, decision 017): line breaks and tabs become
 * spaces, invisible characters (zero-width, bidi controls, soft hyphen, BOM…) go, except inside
 * emoji; runs of spaces become one and the ends are trimmed.
 */
export const cleanName = (value: string): string =>
  withoutInvisible(value.replace(lineBreaks, ' ')).replace(/\s+/g, ' ').trim();

/**
 * Controls, bidi and other format characters, zero-width characters and blank letters removed,
 * except where they belong to an emoji (a joiner, a variation selector, a flag's tags). Line
 * breaks are controls too: callers that keep them split on them first.
 */
export const withoutInvisible = (value: string): string =>
  value
    .split(flagTags)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(invisible, '').replace(strayVariation, '').replace(strayJoiner, ''),
    )
    .join('');

/**
 * The key league and team names are compared by (stored as `name_key`, uniquely indexed): cleaned,
 * Unicode-normalised (NFKC) and case-folded beyond ASCII, so 'ÉQUIPE' and 'équipe' are one name
 * and so are 'Guest Team' and 'Guest Team' followed by a zero-width space.
 */
export const nameKey = (name: string): string =>
  cleanName(name).normalize('NFKC').toUpperCase().toLowerCase();

export const sameNameIgnoringCase = (a: string, b: string) => nameKey(a) === nameKey(b);

/** Manager column fallback (specification §2.9). */
export const unnamedPlayer = 'Unnamed Player';

/** The invite link of a league (specification §2.8). */
export const inviteLink = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, '')}/join?code=${encodeURIComponent(code)}`;
