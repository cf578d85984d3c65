import type { Context, MiddlewareHandler } from 'hono';
import { endSession } from '../auth/auth';
import { userExists } from '../auth/repository';
import type { AppBindings } from '../context';
import { AppError } from '../errors';

/**
 * A session read from its signed cookie cache, or confirmed on this instance within the last
 * minute, outlives a deleted account (auth.ts): a request for a user who no longer exists is
 * answered 401, and the stale session's cookies are cleared.
 */
const refuseGone = async (c: Context<AppBindings>): Promise<never> => {
  const { auth } = c.get('services');
  for (const value of await endSession(auth, c.req.raw.headers))
    c.header('set-cookie', value, { append: true });
  throw new AppError('UNAUTHENTICATED');
};

const userGone = async (c: Context<AppBindings>) => {
  const user = c.get('user');
  return user !== null && !(await userExists(c.get('services').database.db, user.id));
};

/**
 * Routes that check their user themselves: the hot save (`refuseGoneUserAfter`, decision 010),
 * and /me, which reads the session from the database and answers a gone one as it answers a
 * visitor (no user, its cookies cleared), as better-auth's get-session does.
 */
const checkItsOwnUser = new Set(['PUT /api/predictions', 'GET /api/account/me']);

/**
 * Every request under /api (better-auth checks its own routes, auth.ts) by a signed-in user first
 * checks that the user still exists: one look-up by primary key, in the database every instance
 * shares, so an account deleted on one instance is refused on all of them at once; otherwise 401
 * before any route reads or acts for nobody (an export of nothing, a foreign key that fails).
 */
export const refuseGoneUser: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!checkItsOwnUser.has(`${c.req.method} ${c.req.path}`) && (await userGone(c)))
    await refuseGone(c);
  await next();
};

/**
 * For a write exempt from `refuseGoneUser`: when its own team check refused, the refusal may be a
 * deleted account's stale session, which answers 401 like every other request. Rethrows otherwise.
 */
export const refuseGoneUserAfter = async (c: Context<AppBindings>, error: unknown) => {
  if (
    error instanceof AppError &&
    (error.code === 'TEAM_NOT_FOUND' || error.code === 'NOT_YOUR_TEAM') &&
    (await userGone(c))
  )
    await refuseGone(c);
  throw error;
};
