import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { ErrorCode } from '../../domain/errors';
import type { AppBindings } from '../context';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import { clientAddress } from '../http/router';
import * as store from './repository';

/**
 * Throttles on the doors that can be guessed at (README 'Security'): fixed windows counted
 * in the database (`throttles`), so every app instance on one PostgreSQL database shares them and
 * a restart forgets nothing. Only these doors are throttled — no blanket per-address limit.
 */
export interface ThrottleRule {
  /** Key prefix. */
  name: string;
  limit: number;
  windowMs: number;
  /** The error a request over the limit gets (status 429). */
  code: ErrorCode;
}

export const throttleRules = {
  /** Failed invite-code or league-name look-ups and joins, per client address. */
  inviteGuess: {
    name: 'invite',
    limit: 20,
    windowMs: 10 * 60_000,
    code: 'TOO_MANY_INVITE_GUESSES',
  },
  /** Guest accounts started (quick join or anonymous sign-in), per client address. */
  guestStart: { name: 'guest', limit: 10, windowMs: 60 * 60_000, code: 'TOO_MANY_GUESTS' },
  /** Failed e-mail sign-ins per account, whatever the address. */
  accountSignIn: {
    name: 'sign-in',
    limit: 10,
    windowMs: 15 * 60_000,
    code: 'TOO_MANY_SIGN_INS',
  },
  /**
   * Wrong two-factor codes per account, across all its sign-in challenges (issue 51): better-auth
   * allows a few per challenge, and the password opens a new challenge each time.
   */
  twoFactorCodes: {
    name: 'two-factor',
    limit: 10,
    windowMs: 15 * 60_000,
    code: 'TOO_MANY_TWO_FACTOR_CODES',
  },
  /**
   * Password-reset mails per account. Over the limit nothing is sent and the answer is the one an
   * unknown address gets (auth.ts `sendResetPassword`), so the limit tells nobody an account exists.
   */
  resetMail: { name: 'reset-mail', limit: 3, windowMs: 60 * 60_000, code: 'RATE_LIMITED' },
  /** Messages a player posts in one league a minute (issue 32); always on, tests included. */
  leagueMessages: { name: 'messages', limit: 10, windowMs: 60_000, code: 'TOO_MANY_MESSAGES' },
  /**
   * Edits a player makes to their messages in one league a minute, and reactions they give or
   * take back (issue 51): each is a change every open stream of the league hears of. Windows of
   * their own, so editing a typo never costs a post; always on, tests included.
   */
  leagueEdits: { name: 'message-edits', limit: 10, windowMs: 60_000, code: 'TOO_MANY_MESSAGES' },
  leagueReactions: { name: 'reactions', limit: 30, windowMs: 60_000, code: 'TOO_MANY_MESSAGES' },
} as const satisfies Record<string, ThrottleRule>;

/** A request over a throttle: 429 with the envelope and Retry-After. */
export class ThrottledError extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }
}

const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;

let hits = 0;

/**
 * Counts one attempt of `subject` against `rule` (one atomic statement) and throws
 * ThrottledError when it goes over the limit. Returns a function that takes the attempt back
 * (for rules that count failures only: call it when the attempt succeeded).
 */
export const takeAttempt = async (
  db: Kysely<DB>,
  rule: ThrottleRule,
  subject: string,
  now: Date,
): Promise<() => Promise<void>> => {
  const key = keyOf(rule, subject);
  const at = now.getTime();
  const { count, resetAt } = await store.countHit(db, key, at, rule.windowMs);
  hits += 1;
  // Ended windows are swept now and then.
  if (hits % 500 === 0) await store.sweepEnded(db, at);
  if (count > rule.limit)
    throw new ThrottledError(rule.code, Math.max(1, Math.ceil((resetAt - at) / 1000)));
  return () => store.uncountHit(db, key, at);
};

/** Forgets a subject's window (e.g. the account's failed sign-ins after a successful one). */
export const clearAttempts = (db: Kysely<DB>, rule: ThrottleRule, subject: string) =>
  store.forgetKey(db, keyOf(rule, subject));

/**
 * `takeAttempt` for a request: the subject is the client address unless given. Off under
 * NODE_ENV=test like better-auth's own limits (tests of the throttles run in production mode).
 */
export const attempt = async (
  c: Context<AppBindings>,
  rule: ThrottleRule,
  subject: string = clientAddress(c),
): Promise<() => Promise<void>> => {
  const { env, database, now } = c.get('services');
  if (env.NODE_ENV === 'test') return async () => {};
  return takeAttempt(database.db, rule, subject, now());
};

/**
 * Runs a look-up or join by code or name: it counts against the client's guesses only when the
 * league was not found (INVALID_LEAGUE).
 */
export const guessing = async <T>(c: Context<AppBindings>, run: () => Promise<T>): Promise<T> => {
  const giveBack = await attempt(c, throttleRules.inviteGuess);
  try {
    const result = await run();
    await giveBack();
    return result;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'INVALID_LEAGUE')) await giveBack();
    throw error;
  }
};

/** better-auth's doors that check a code of a sign-in's two-factor challenge. */
const twoFactorCodePaths = new Set([
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
  '/api/auth/two-factor/verify-otp',
]);

/**
 * Throttles on better-auth's doors the app adds in front of it: guest accounts started per client
 * address, failed e-mail sign-ins and wrong two-factor codes per account (shared by every
 * instance; better-auth's own limit counts per address). `challenged` names the account a
 * request's two-factor challenge is for (session-cookies.ts). Returns what to do with the
 * handler's response status.
 */
export const authThrottle = async (
  c: Context<AppBindings>,
  body: ArrayBuffer | undefined,
  challenged: (headers: Headers) => Promise<string | null> = async () => null,
): Promise<(status: number) => Promise<void>> => {
  if (c.req.method !== 'POST') return async () => {};
  // The path as better-auth routes it (Hono's `c.req.path` is percent-decoded, better-auth's not).
  const path = new URL(c.req.url).pathname;
  if (twoFactorCodePaths.has(path)) {
    const account = await challenged(c.req.raw.headers);
    // Without a live challenge better-auth refuses the request before it reads any code.
    if (account === null) return async () => {};
    // Counted before the code is checked, in one atomic statement: guesses sent side by side
    // (each on a challenge of its own) cannot all slip in while the count is read.
    const giveBack = await attempt(c, throttleRules.twoFactorCodes, account);
    return async (status) => {
      // Only a wrong code (better-auth's 401) counts; a right one does not reopen the window.
      if (status !== 401) await giveBack();
    };
  }
  if (path === '/api/auth/sign-in/anonymous') {
    const giveBack = await attempt(c, throttleRules.guestStart);
    return async (status) => {
      if (status !== 200) await giveBack();
    };
  }
  if (path === '/api/auth/sign-in/email') {
    const account = await emailOf(c.req.raw.headers, body);
    // Whatever better-auth could take for a sign-in, the counter reads too; anything else is
    // refused here rather than let through uncounted.
    if (account === null)
      throw new AppError('VALIDATION_FAILED', 'Enter your e-mail address and password.', {
        email: 'An e-mail address is required.',
      });
    const giveBack = await attempt(c, throttleRules.accountSignIn, account);
    return async (status) => {
      // Only a wrong password counts; a success forgets the account's failures.
      if (status === 200 && c.get('services').env.NODE_ENV !== 'test')
        await clearAttempts(c.get('services').database.db, throttleRules.accountSignIn, account);
      else if (status !== 401) await giveBack();
    };
  }
  return async () => {};
};

/** better-call's test for a JSON body (`getBody`), run on the lower-cased content type. */
const jsonType = /^application\/([a-z0-9.+-]*\+)?json/;

/**
 * The e-mail a sign-in names, read the way better-auth reads its body (better-call's `getBody`):
 * JSON when the lower-cased content type starts as JSON, else a form — urlencoded or multipart —
 * parsed by the same `Request.formData()`, where the last of a repeated field wins. Null when
 * there is no e-mail as text.
 */
const emailOf = async (headers: Headers, body: ArrayBuffer | undefined): Promise<string | null> => {
  if (!body) return null;
  const type = headers.get('content-type') ?? '';
  const lower = type.toLowerCase();
  let email: unknown;
  try {
    if (jsonType.test(lower)) {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
      email =
        parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as { email?: unknown }).email
          : undefined;
    } else if (
      lower.includes('application/x-www-form-urlencoded') ||
      lower.includes('multipart/form-data')
    ) {
      const form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      }).formData();
      email = form.getAll('email').at(-1);
    }
  } catch {
    return null;
  }
  return typeof email === 'string' && email.trim() !== ''
    ? email.trim().toLowerCase().slice(0, 320)
    : null;
};
