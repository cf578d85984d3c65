import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Auth } from './auth';
import { challengeUserId, sessionWithUser } from './repository';
import type { DB } from '../db/schema';

/*
 * Who a request is, without better-auth's request pipeline (auth.ts's getSessionUser asks here
 * first): better-auth's signed cache cookie while it is fresh, then the session confirmed in the
 * database with one statement of our own, each trusted for at most a minute per instance.
 */

/** How long a session read from the cookie cache is trusted (at most 60 s, docs/design.md §5). */
export const sessionCacheSeconds = 60;

/** What the app reads of a session's user (from a cache cookie or the database). */
export interface CachedUser {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  isAnonymous?: unknown;
  emailVerified?: unknown;
  locale?: string | null;
  twoFactorEnabled?: unknown;
}

export const cookieValue = (header: string | null, name: string) =>
  cookieValues(header, name, '')[0];

/** The values of two cookies of a header, in one pass (null: absent, or a broken escape). */
export const cookieValues = (header: string | null, first: string, second: string) => {
  const found: [string | null, string | null] = [null, null];
  let seen = 0;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const at = name === first ? 0 : name === second ? 1 : -1;
    if (at === -1 || (seen & (1 << at)) !== 0) continue;
    seen |= 1 << at;
    const value = part.slice(eq + 1).trim();
    try {
      found[at] = value.includes('%') ? decodeURIComponent(value) : value;
    } catch {
      found[at] = null; // a broken escape is no value (and never a 500)
    }
    if (seen === 3) break;
  }
  return found;
};

interface CachePayload {
  session: { session: { token: string; expiresAt: string | Date }; user: CachedUser };
  expiresAt: number;
  signature: string;
}

/** A cache cookie already verified: its user and the instant it stops counting. */
interface Verified {
  user: CachedUser;
  until: number;
}

/**
 * Cache cookies verified lately, by their exact text and session token (per auth instance, at
 * most `verifiedLimit`): a player's next request within the cookie's minute costs a map look-up
 * instead of parsing and an HMAC. A hit counts only until the cookie itself would expire.
 */
const verifiedCookies = new WeakMap<object, Map<string, Verified>>();
const verifiedLimit = 20_000;

/** The owner's map of `maps` (made on first use). */
const memoOf = (maps: WeakMap<object, Map<string, Verified>>, owner: object) => {
  let memo = maps.get(owner);
  if (!memo) {
    memo = new Map();
    maps.set(owner, memo);
  }
  return memo;
};

/** Remembers `verified` under `key`, forgetting the oldest entry past `verifiedLimit`. */
const remember = (memo: Map<string, Verified>, key: string, verified: Verified) => {
  if (memo.size >= verifiedLimit) memo.delete(memo.keys().next().value ?? '');
  memo.set(key, verified);
};

const verifyCachePayload = (raw: string, token: string, secret: string): Verified | null => {
  let payload: CachePayload;
  try {
    payload = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CachePayload;
  } catch {
    return null;
  }
  const { session, expiresAt, signature } = payload ?? {};
  if (
    !session?.session ||
    !session.user ||
    typeof expiresAt !== 'number' ||
    typeof signature !== 'string'
  )
    return null;
  const expected = createHmac('sha256', secret)
    .update(JSON.stringify({ ...session, expiresAt }))
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!token.startsWith(`${session.session.token}.`)) return null;
  const until = Math.min(expiresAt, new Date(session.session.expiresAt).getTime());
  return Number.isNaN(until) ? null : { user: session.user, until };
};

/**
 * The session from its signed cache cookie alone — no database and none of better-auth's request
 * pipeline, which costs a millisecond a request at the kick-off rush. The cookie is better-auth's
 * own 'compact' cache (base64url JSON of the session, its expiry and an HMAC-SHA-256 of both with
 * the app's secret); it counts only while fresh, unexpired and issued for the session cookie sent.
 * Anything else falls back to better-auth (which renews the cache). The session-cache test fails
 * if better-auth's format ever moves away from this.
 */
export const cachedUser = (
  owner: object,
  secret: string,
  raw: string | null,
  token: string,
): CachedUser | null => {
  if (!raw) return null;
  const memo = memoOf(verifiedCookies, owner);
  const key = `${token} ${raw}`;
  let verified = memo.get(key) ?? null;
  if (!verified) {
    verified = verifyCachePayload(raw, token, secret);
    if (!verified) return null;
    remember(memo, key, verified);
  }
  // An expired cookie stays known (its next request needs no parsing or HMAC to be turned away).
  return verified.until < Date.now() ? null : verified.user;
};

/**
 * The value of one of better-call's signed cookies (the value, '.', a base64 HMAC-SHA-256 of it):
 * the session token, or a two-factor challenge.
 */
const signedToken = (value: string, secret: string) => {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
};

/**
 * Sessions confirmed in the database lately, by their signed session cookie (per auth instance, at
 * most `verifiedLimit`).
 */
const confirmedSessions = new WeakMap<object, Map<string, Verified>>();

/** What confirming a session needs of better-auth's settings (seconds). */
export interface SessionSettings {
  secret: string;
  expiresIn: number;
  updateAge: number;
}

/**
 * The session of a request whose cache cookie ran out, confirmed with one statement of our own:
 * better-auth's pipeline costs a millisecond, and while it runs its request stores hook every
 * promise of the process (auth-stores.ts) — at a kick-off rush every player's cookie runs out
 * once a minute, so they would be on nearly all the time. A confirmed session counts on this
 * instance for a minute, as a fresh cookie does (signing out elsewhere takes effect within it).
 * null leaves the request to better-auth: no validly signed token, no session or an expired one
 * (better-auth clears the cookies), or a session due to be extended (better-auth extends it).
 */
export const confirmedUser = async (
  owner: object,
  db: Kysely<DB>,
  settings: SessionSettings,
  cookie: string,
): Promise<CachedUser | null> => {
  const memo = memoOf(confirmedSessions, owner);
  const now = Date.now();
  const known = memo.get(cookie);
  if (known && known.until >= now) return known.user;
  memo.delete(cookie);
  const token = signedToken(cookie, settings.secret);
  if (!token) return null;
  const row = await sessionWithUser(db, token);
  if (!row) return null;
  const { expiresAt: expires, ...user } = row;
  const expiresAt = new Date(expires).getTime();
  const { expiresIn, updateAge } = settings;
  if (!(expiresAt > now) || expiresAt - (expiresIn - updateAge) * 1000 <= now) return null;
  remember(memo, cookie, { user, until: Math.min(now + sessionCacheSeconds * 1000, expiresAt) });
  return user;
};

/** Forgets a confirmed session (its sign-out on this instance). */
export const forgetConfirmed = (owner: object, cookie: string) =>
  confirmedSessions.get(owner)?.delete(cookie);

/**
 * The account a request's two-factor challenge is for (the signed cookie a sign-in with the
 * password set; throttle.ts counts its wrong codes), or null: no such cookie, a bad signature, or
 * no such challenge.
 */
export const challengedUserId = async (
  auth: Auth,
  db: Kysely<DB>,
  headers: Headers,
): Promise<string | null> => {
  const context = await auth.$context;
  const cookie = cookieValue(headers.get('cookie'), context.createAuthCookie('two_factor').name);
  const identifier = cookie ? signedToken(cookie, context.secret) : null;
  return identifier ? challengeUserId(db, identifier) : null;
};
