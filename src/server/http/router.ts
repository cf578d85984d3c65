import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppBindings } from '../context';
import { AppError } from '../errors';
import type { SessionUser } from '../auth/auth';

/**
 * A feature router: request validation failures become our 400 envelope (thrown to `onError`),
 * so every route answers errors the same way.
 */
export const createRouter = () =>
  new OpenAPIHono<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) throw result.error;
    },
  });

export const requireUser = (c: Context<AppBindings>): SessionUser => {
  const user = c.get('user');
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
};

/** A signed-in person with a real account (guests are anonymous sessions). */
export const requireAccount = (c: Context<AppBindings>): SessionUser => {
  const user = requireUser(c);
  if (user.isAnonymous)
    throw new AppError('FORBIDDEN', 'Please sign in with an account to do this.');
  return user;
};

export const requireAdmin = (c: Context<AppBindings>): SessionUser => {
  const user = requireUser(c);
  if (user.role !== 'admin') throw new AppError('ADMIN_ONLY');
  return user;
};

/** A router whose every route is for site admins: 401/403 before any validation runs. */
export const createAdminRouter = () => {
  const router = createRouter();
  router.use('*', async (c, next) => {
    requireAdmin(c);
    await next();
  });
  return router;
};

/** A route declaration whose literal path and method types reach the typed client (`hc`). */
export const route = <const R extends RouteConfig>(r: R) => createRoute(r);

/** `responses: { 200: json(schema) }` */
export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

/** `request: { ...body(schema) }` — a required JSON body. */
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/**
 * The client's address: the socket's peer, or (TRUST_PROXY=true, behind a reverse proxy) the
 * first address of X-Forwarded-For. 'unknown' for in-process requests (tests).
 */
export const clientAddress = (c: Context<AppBindings>): string => {
  if (c.get('services').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};
