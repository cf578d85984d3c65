import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from './context';
import { AppError } from './errors';

/**
 * Request guards that run before any route reads its input (DESIGN §5: bad input is a 4xx with
 * the error envelope, never a 5xx, and changes nothing).
 */

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site writes are refused whatever their content type: a browser names the page's origin
 * on every POST, PUT, PATCH and DELETE, and only our own pages may write. Tools that send no
 * Origin (curl, scripts) are not browsers acting for a signed-in player and pass.
 */
export const refuseForeignOrigin =
  (allowed: string[]): MiddlewareHandler<AppBindings> =>
  async (c, next) => {
    if (writes.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if ((origin !== undefined && !allowed.includes(origin)) || site === 'cross-site')
        throw new AppError('FORBIDDEN', 'Requests from other sites are not accepted.');
    }
    await next();
  };

const nulMessage = 'Text may not contain the NUL character.';

const holdsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => key.includes('\0') || holdsNul(v));
  return false;
};

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * U+0000 in the path, the query or a body's text: PostgreSQL cannot store or even compare it, so
 * it is refused up front on both databases (400), wherever it hides (`%00`, `\u0000`).
 */
export const refuseNul: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (decoded(c.req.url.replaceAll('+', ' ')).includes('\0'))
    throw new AppError('BAD_REQUEST', nulMessage);
  if (writes.has(c.req.method)) {
    const text = await c.req.text();
    if (text.includes('\0') || decoded(text).includes('\0'))
      throw new AppError('BAD_REQUEST', nulMessage);
    if (/\\u0000/i.test(text)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // not JSON: the route's own parser answers
      }
      if (holdsNul(parsed)) throw new AppError('BAD_REQUEST', nulMessage);
    }
  }
  await next();
};
