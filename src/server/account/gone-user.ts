import type { Context, MiddlewareHandler } from 'hono';
import { endSession } from '../auth';
import type { AppBindings } from '../context';
import { AppError } from '../errors';
import { isWrite } from '../guards';
import { userExists } from './repository';

/**
 * A session read from its signed cookie cache outlives a deleted account by up to a minute
 * (auth.ts): a write for a user who no longer exists is answered 401, and the stale session's
 * cookies are cleared.
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

/** Writes that check their user themselves (`refuseGoneUserAfter`): the hot save, decision 010. */
const checkItsOwnUser = new Set(['PUT /api/predictions']);

/**
 * Every write under /api (better-auth checks its own routes) by a signed-in user first checks
 * that the user still exists: one look-up by primary key; otherwise 401 before any route acts
 * for nobody (or fails on a foreign key). Reads keep trusting the cookie cache.
 */
export const refuseGoneUser: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (
    isWrite(c.req.method) &&
    !checkItsOwnUser.has(`${c.req.method} ${c.req.path}`) &&
    (await userGone(c))
  )
    await refuseGone(c);
  await next();
};

/**
 * For a write exempt from `refuseGoneUser`: when its own team check refused, the refusal may be a
 * deleted account's stale session, which answers 401 like every other write. Rethrows otherwise.
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
