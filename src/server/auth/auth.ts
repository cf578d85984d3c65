import { betterAuth } from 'better-auth';
import {
  APIError,
  createAuthMiddleware,
  getSessionFromCtx,
  sendVerificationEmailFn,
} from 'better-auth/api';
import { anonymous, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { Env } from '../env';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { Mailer } from '../mailer/mailer';
import { renderActionMail } from '../mailer/templates';
import { normaliseLanguage } from '../i18n/translate';
import type { Language } from '../../domain/i18n';
import { clipName, displayName } from '../../domain/names';
import { deleteUserRow, userExists } from './repository';
import { AppError } from '../errors';
import { countAuthCalls } from './stores';
import {
  cachedUser,
  confirmedUser,
  cookieValue,
  cookieValues,
  forgetConfirmed,
  sessionCacheSeconds,
  type CachedUser,
} from './session-cookies';
import { ThrottledError, takeAttempt, throttleRules } from '../throttle/throttle';

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
  /** An address listed in ADMIN_EMAILS is verified now: its owner proved it (the role follows). */
  onAdminAddressProved?: (email: string) => Promise<void>;
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
  const listed = (email: string) => adminEmails.has(email.toLowerCase());
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
      // A sign-up under an address listed in ADMIN_EMAILS is sent the confirmation mail even when
      // nobody else must confirm theirs: the admin role waits for its link (update.after below),
      // since whoever signs up first under the address need not own it.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email' || env.REQUIRE_EMAIL_VERIFICATION) return;
        const user = ctx.context.newSession?.user;
        if (user && listed(user.email) && !flag(user.emailVerified))
          await sendVerificationEmailFn(ctx, user);
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
              // A listed address counts only proved: here, verified by an identity provider.
              role: listed(user.email) && flag(user.emailVerified) ? 'admin' : 'user',
              locale: normaliseLanguage((user as { locale?: string | null }).locale),
            },
          }),
        },
        update: {
          after: async (user) => {
            // A listed address just verified (its link opened, or vouched for by an identity
            // provider at sign-in): the account becomes a site admin, audited (account/roles.ts).
            const { role } = user as { role?: unknown };
            if (listed(user.email) && flag(user.emailVerified) && role !== 'admin')
              await userHooks.onAdminAddressProved?.(user.email);
            // A new display name shows in the tables of the player's leagues.
            await userHooks.onUserUpdated?.(user.id);
          },
        },
      },
    },
    session: {
      // A signed copy of the session in a cookie for up to a minute: a request (a save at the
      // kick-off rush) needs no session lookup in the database. Signing out elsewhere, a changed
      // password or role take effect everywhere within that minute. A deleted account cannot
      // wait that long: its cookies, signed before, would still name it. So the cache's version
      // is whether the user still exists (one look-up by primary key in the database every
      // instance shares): a cached session of a deleted account no longer matches, better-auth
      // looks the session up, finds none and answers no user from the moment of the deletion.
      // The app's own routes check the same (account/gone-user.ts).
      cookieCache: {
        enabled: true,
        maxAge: sessionCacheSeconds,
        version: async (_session, user) => ((await userExists(db, user.id)) ? '1' : 'gone'),
      },
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
      twoFactor({
        issuer: 'FirstGoal',
        // Wrong codes are counted per account in throttle.ts instead (10 in 15 minutes across
        // challenges): better-auth's lock checks the count it read when the request began, so
        // guesses sent side by side on challenges of their own were all tried.
        accountLockout: { enabled: false },
      }),
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

export { sessionCacheSeconds };

const flag = (value: unknown): boolean => value === true || value === 1 || value === '1';

/**
 * The signed-in user of a request: from the session cookie cache when it is fresh, else from the
 * session confirmed in the database (session-cookies.ts), else from better-auth. `setCookie`
 * receives the refreshed cache cookie (and any other cookie better-auth sets) for the response.
 */
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
    const database = authDatabases.get(auth);
    const cached =
      cachedUser(auth, context.secret, raw, cookie) ??
      (database
        ? await confirmedUser(
            auth,
            database.db,
            { secret: context.secret, ...context.sessionConfig },
            cookie,
          )
        : null);
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
  if (cookie) forgetConfirmed(auth, cookie);
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
