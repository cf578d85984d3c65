import { createHmac, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { anonymous, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Env } from './env';
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { Mailer } from './mailer/mailer';
import { renderActionMail } from './mailer/templates';
import { normaliseLanguage } from './i18n/translate';
import type { Language } from '../domain/i18n';
import { errorCatalogue } from '../domain/errors';
import { cleanName } from '../domain/league-names';
import { mixedScriptWord } from '../domain/names';
import { deleteUserRow, sessionWithUser } from './auth-repository';
import { AppError } from './errors';
import { countAuthCalls } from './auth-stores';
import { ThrottledError, takeAttempt, throttleRules } from './throttle';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  isAnonymous: boolean;
  emailVerified: boolean;
  locale: Language;
  /** Signs in with a code from an authenticator app as well (better-auth's twoFactor). */
  twoFactorEnabled: boolean;
}

export const guestEmailDomain = 'guest.firstgoal.invalid';
/** Set by the app on requests it hands to better-auth (see app.ts). */
export const clientAddressHeader = 'x-firstgoal-client-address';

/**
 * What the features do when better-auth changes a user (the app supplies them, bootstrap.ts):
 * this file imports no feature. Without them (a test's second instance) nothing more happens.
 */
export interface AuthHooks {
  /** A guest signed up or signed in: what it holds passes to the real account `to`. */
  onGuestLinked?: (from: string, to: string) => Promise<void>;
  /** A user's row changed (a new display name shows in the tables of its leagues). */
  onUserUpdated?: (userId: string) => Promise<void>;
}

interface AuthDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** The clock of the database-backed throttles (tests move it). */
  now?: () => Date;
  hooks?: AuthHooks;
}

const buildAuth = ({
  env,
  database,
  mailer,
  logger,
  now = () => new Date(),
  hooks: userHooks = {},
}: AuthDeps) => {
  const { db } = database;
  const adminEmails = new Set(env.ADMIN_EMAILS);
  const isTest = env.NODE_ENV === 'test';

  return betterAuth({
    appName: 'FirstGoal',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    trustedOrigins: [env.baseUrl],
    // better-auth skips its origin/CSRF check under NODE_ENV=test; we want tests to see the real
    // behaviour.
    advanced: {
      disableOriginCheck: false,
      // Rate limits are per client. better-auth would read X-Forwarded-For, which any client can
      // forge when no proxy sits in front; the app sets this header itself from the socket (or
      // from X-Forwarded-For only with TRUST_PROXY) and drops any copy a client sends.
      ipAddress: { ipAddressHeaders: [clientAddressHeader] },
    },
    database: { db, type: database.dialect },
    logger: {
      log: (level, message, ...args) => {
        logger[level]({ args: args.length > 0 ? args : undefined }, `auth: ${message}`);
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        locale: { type: 'string', required: false, input: true },
      },
      // A new address takes effect when the link mailed to it is opened (verify-email).
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        // At most 3 mails an hour per account, counted where every instance sees it. Over the
        // limit nothing goes out and better-auth answers as for an unknown address.
        if (!isTest) {
          try {
            await takeAttempt(db, throttleRules.resetMail, user.id, now());
          } catch (error) {
            if (!(error instanceof ThrottledError)) throw error;
            logger.info({ userId: user.id }, 'password-reset mail withheld: hourly limit');
            return;
          }
        }
        const locale = (user as { locale?: string | null }).locale;
        const mail = renderActionMail('resetPassword', locale, { name: user.name, url });
        await mailer.send({ kind: 'reset-password', to: user.email, ...mail });
      },
    },
    emailVerification: {
      sendOnSignUp: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        const locale = (user as { locale?: string | null }).locale;
        const mail = renderActionMail('verifyEmail', locale, { name: user.name, url });
        await mailer.send({ kind: 'verify-email', to: user.email, ...mail });
      },
    },
    // Display names are trimmed and 1–50 characters on sign-up (a guest's upgrade too) and on
    // update-user; anything else is a 400 before better-auth touches the database.
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // A guest has no address to change: it adds one by signing up (its teams move along).
        if (ctx.path === '/change-email') {
          const session = await getSessionFromCtx(ctx);
          if (session && flag((session.user as { isAnonymous?: unknown }).isAnonymous))
            throw new APIError('FORBIDDEN', {
              code: 'ACCOUNT_REQUIRED',
              message: 'Guests add an e-mail address by signing up.',
            });
          return;
        }
        if (ctx.path !== '/sign-up/email' && ctx.path !== '/update-user') return;
        const raw: unknown = ctx.body;
        if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
          throw new APIError('BAD_REQUEST', {
            code: 'INVALID_BODY',
            message: 'The request body must be a JSON object.',
          });
        const body = raw as Record<string, unknown>;
        // better-auth stores additional fields as given: only text of a sensible length.
        for (const [field, max] of [
          ['locale', 35],
          ['image', 2048],
        ] as const) {
          const value = body[field];
          if (
            value !== undefined &&
            value !== null &&
            (typeof value !== 'string' || value.length > max)
          )
            throw new APIError('BAD_REQUEST', {
              code: `INVALID_${field.toUpperCase()}`,
              message: `${field} must be text of at most ${max} characters.`,
            });
        }
        if (!('name' in body) && ctx.path === '/update-user') return;
        const checked = displayName(body.name);
        if (!checked.ok)
          throw new APIError('BAD_REQUEST', { code: checked.code, message: checked.message });
        body.name = checked.name;
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              // A name from an identity provider is kept to the same 50 characters.
              name: clipName(user.name),
              role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'user',
              locale: normaliseLanguage((user as { locale?: string | null }).locale),
            },
          }),
        },
        update: {
          // A new display name shows in the tables of the player's leagues.
          after: async (user) => {
            await userHooks.onUserUpdated?.(user.id);
          },
        },
      },
    },
    session: {
      // A signed copy of the session in a cookie for up to a minute: a request (a save at the
      // kick-off rush) needs no session lookup in the database. Signing out elsewhere, a changed
      // password or role, or a deleted account take effect everywhere within that minute.
      cookieCache: { enabled: true, maxAge: sessionCacheSeconds },
    },
    rateLimit: {
      enabled: !isTest,
      // PostgreSQL: counters every instance shares; SQLite (one process): in memory.
      storage: database.dialect === 'postgres' ? 'database' : 'memory',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 300, max: 5 },
        '/sign-in/anonymous': { window: 60, max: 10 },
      },
    },
    plugins: [
      anonymous({
        emailDomainName: guestEmailDomain,
        generateName: () => 'Guest',
        // A guest who signs up or signs in keeps every team (and league they created): move them
        // to the real account before better-auth deletes the anonymous user.
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          const from = anonymousUser.user.id;
          const to = newUser.user.id;
          await userHooks.onGuestLinked?.(from, to);
          logger.info({ from, to }, 'guest account linked; teams moved');
        },
      }),
      twoFactor({ issuer: 'FirstGoal' }),
      ...(env.googleEnabled
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: env.GOOGLE_CLIENT_ID ?? '',
                  clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
                  discoveryUrl: env.GOOGLE_DISCOVERY_URL,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
};

export type Auth = ReturnType<typeof buildAuth>;
/** Each auth's database: a session whose cache cookie ran out is confirmed there (`confirmedUser`). */
const authDatabases = new WeakMap<Auth, Database>();
/** better-auth for the app: its stores on only while one of its calls runs (auth-stores.ts). */
export const createAuth = (deps: AuthDeps): Auth => {
  const auth = countAuthCalls(buildAuth(deps));
  authDatabases.set(auth, deps.database);
  return auth;
};

export const displayNameMax = 50;

/**
 * A display name as typed: cleaned of invisible characters and line breaks (decision 017),
 * 1–50 characters (the spec's message when empty), no word mixing alphabets.
 */
export const displayName = (
  value: unknown,
):
  | { ok: true; name: string }
  | { ok: false; code: 'INVALID_NAME' | 'NAME_MIXES_SCRIPTS'; message: string } => {
  const invalid = (message: string) => ({
    ok: false as const,
    code: 'INVALID_NAME' as const,
    message,
  });
  if (typeof value !== 'string') return invalid('Display name is required for signup');
  const name = cleanName(value);
  if (name === '') return invalid('Display name is required for signup');
  if (name.length > displayNameMax)
    return invalid(`Display names are at most ${displayNameMax} characters.`);
  if (mixedScriptWord(name) !== undefined) {
    const { message } = errorCatalogue.NAME_MIXES_SCRIPTS;
    return { ok: false, code: 'NAME_MIXES_SCRIPTS', message };
  }
  return { ok: true, name };
};

/** A name from an identity provider: cleaned and clipped, never refused. */
const clipName = (name: string | null | undefined) =>
  cleanName(name ?? '')
    .slice(0, displayNameMax)
    .trim() || 'Player';

const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';

/** How long a session read from the cookie cache is trusted (at most 60 s, DESIGN §5). */
export const sessionCacheSeconds = 60;

/**
 * The signed-in user of a request, from the session cookie cache when it is fresh. `setCookie`
 * receives the refreshed cache cookie (and any other cookie better-auth sets) for the response.
 */
interface CachedUser {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  isAnonymous?: unknown;
  emailVerified?: unknown;
  locale?: string | null;
  twoFactorEnabled?: unknown;
}

const cookieValue = (header: string | null, name: string) => cookieValues(header, name, '')[0];

/** The values of two cookies of a header, in one pass (null: absent, or a broken escape). */
const cookieValues = (header: string | null, first: string, second: string) => {
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
const verifiedCookies = new WeakMap<Auth, Map<string, Verified>>();
const verifiedLimit = 20_000;

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
const cachedUser = (
  auth: Auth,
  secret: string,
  raw: string | null,
  token: string,
): CachedUser | null => {
  if (!raw) return null;
  let memo = verifiedCookies.get(auth);
  if (!memo) {
    memo = new Map();
    verifiedCookies.set(auth, memo);
  }
  const key = `${token} ${raw}`;
  let verified = memo.get(key) ?? null;
  if (!verified) {
    verified = verifyCachePayload(raw, token, secret);
    if (!verified) return null;
    if (memo.size >= verifiedLimit) memo.delete(memo.keys().next().value ?? '');
    memo.set(key, verified);
  }
  // An expired cookie stays known (its next request needs no parsing or HMAC to be turned away).
  return verified.until < Date.now() ? null : verified.user;
};

/** The token of better-call's signed session cookie (the token, '.', a base64 HMAC-SHA-256 of it). */
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
const confirmedSessions = new WeakMap<Auth, Map<string, Verified>>();

/**
 * The session of a request whose cache cookie ran out, confirmed with one statement of our own:
 * better-auth's pipeline costs a millisecond, and while it runs its request stores hook every
 * promise of the process (auth-stores.ts) — at a kick-off rush every player's cookie runs out
 * once a minute, so they would be on nearly all the time. A confirmed session counts on this
 * instance for a minute, as a fresh cookie does (signing out elsewhere takes effect within it).
 * null leaves the request to better-auth: no validly signed token, no session or an expired one
 * (better-auth clears the cookies), or a session due to be extended (better-auth extends it).
 */
const confirmedUser = async (
  auth: Auth,
  context: Awaited<Auth['$context']>,
  cookie: string,
): Promise<CachedUser | null> => {
  const database = authDatabases.get(auth);
  if (!database) return null;
  let memo = confirmedSessions.get(auth);
  if (!memo) {
    memo = new Map();
    confirmedSessions.set(auth, memo);
  }
  const now = Date.now();
  const known = memo.get(cookie);
  if (known && known.until >= now) return known.user;
  memo.delete(cookie);
  const token = signedToken(cookie, context.secret);
  if (!token) return null;
  const row = await sessionWithUser(database.db, token);
  if (!row) return null;
  const { expiresAt: expires, ...user } = row;
  const expiresAt = new Date(expires).getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  if (!(expiresAt > now) || expiresAt - (expiresIn - updateAge) * 1000 <= now) return null;
  if (memo.size >= verifiedLimit) memo.delete(memo.keys().next().value ?? '');
  memo.set(cookie, { user, until: Math.min(now + sessionCacheSeconds * 1000, expiresAt) });
  return user;
};

export const getSessionUser = async (
  auth: Auth,
  headers: Headers,
  setCookie: (value: string) => void = () => undefined,
  /** Read the database, not the cache (and refresh the cache cookie with what it holds). */
  fresh = false,
): Promise<SessionUser | null> => {
  const context = await auth.$context;
  const { sessionData, sessionToken } = context.authCookies;
  const [raw, cookie] = cookieValues(headers.get('cookie'), sessionData.name, sessionToken.name);
  // Without a session cookie there is no session to look up (visitors' requests skip better-auth).
  if (!cookie) return null;
  if (!fresh) {
    const cached =
      cachedUser(auth, context.secret, raw, cookie) ?? (await confirmedUser(auth, context, cookie));
    if (cached) return toSessionUser(cached);
  }
  const { headers: set, response: session } = await auth.api.getSession({
    headers,
    returnHeaders: true,
    ...(fresh ? { query: { disableCookieCache: true } } : {}),
  });
  for (const value of set?.getSetCookie() ?? []) setCookie(value);
  if (!session) return null;
  return toSessionUser(session.user);
};

/**
 * Starts a guest session for a visitor's request (quick join): the new guest and the cookies that
 * carry its session. Throws when better-auth made no user.
 */
export const startGuestSession = async (
  auth: Auth,
  headers: Headers,
): Promise<{ user: SessionUser; cookies: string[] }> => {
  const signedIn = await auth.api.signInAnonymous({ headers, returnHeaders: true });
  const guest = signedIn.response?.user;
  if (!guest) throw new AppError('INTERNAL', 'Could not start your session. Please try again.');
  return { user: toSessionUser(guest), cookies: signedIn.headers.getSetCookie() };
};

/** The cookies that end the request's session in the browser (its account may be gone already). */
export const endSession = async (auth: Auth, headers: Headers): Promise<string[]> => {
  const context = await auth.$context;
  const cookie = cookieValue(headers.get('cookie'), context.authCookies.sessionToken.name);
  if (cookie) confirmedSessions.get(auth)?.delete(cookie);
  try {
    const ended = await auth.api.signOut({ headers, returnHeaders: true });
    return ended.headers.getSetCookie();
  } catch {
    return [];
  }
};

/**
 * Removes a guest started for nothing (its quick join failed): it holds no team yet. Beside
 * `startGuestSession` rather than in account/: account/ imports leagues/, its caller.
 */
export const discardGuest = (deps: { database: Database }, guest: SessionUser) =>
  deleteUserRow(deps.database.db, guest.id);

const toSessionUser = (user: CachedUser): SessionUser => {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    isAnonymous: flag(user.isAnonymous),
    emailVerified: flag(user.emailVerified),
    locale: normaliseLanguage(user.locale),
    twoFactorEnabled: flag(user.twoFactorEnabled),
  };
};
