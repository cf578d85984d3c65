import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AppBindings } from '../context';
import { AppError } from '../errors';

/**
 * Request guards that run before any route reads its input (docs/design.md §5: bad input is a 4xx with
 * the error envelope, never a 5xx, and changes nothing).
 */

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A method that changes something (account/gone-user.ts checks the user of each, too). */
export const isWrite = (method: string) => writes.has(method);

/**
 * Bodies are bounded. A request that names its length is judged by it (Node's parser reads no
 * more than that), so its body is later read straight off the connection; only a streamed
 * (chunked) body is counted while it is read. Hono's `bodyLimit` alone would build a web
 * `Request` with a stream for every API request, GETs included: a third of the cost of a small
 * write before it reaches its route.
 */
export const limitBody = (maxSize: number): MiddlewareHandler<AppBindings> => {
  const streamed = bodyLimit({ maxSize });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined)
      return streamed(c, next);
    // Same answer as the streamed count: the catalogue's PAYLOAD_TOO_LARGE message.
    if (Number.parseInt(length, 10) > maxSize) throw new HTTPException(413);
    await next();
  };
};

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

/** Walks the parsed body without recursion: JSON nested 100,000 deep must not overflow the stack. */
const holdsNul = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        pending.push(v);
      }
    }
  }
  return false;
};

/** A NUL as is, or percent-encoded where the text is percent-decoded (URLs, form bodies). */
const holdsEncodedNul = (text: string, percentDecoded = true) =>
  text.includes('\0') || (percentDecoded && /%00/i.test(text));

/**
 * U+0000 in the path, the query or a body's text: PostgreSQL cannot store or even compare it, so
 * it is refused up front on both databases (400), wherever it hides (`%00`, `\u0000`).
 */
export const refuseNul: MiddlewareHandler<AppBindings> = async (c, next) => {
  // Only `%00` decodes to U+0000, whatever else in the URL fails to decode (Hono decodes each
  // part on its own, so a broken escape elsewhere must not hide it).
  if (holdsEncodedNul(c.req.url)) throw new AppError('BAD_REQUEST', nulMessage);
  if (writes.has(c.req.method)) {
    const text = await c.req.text();
    const form = !/json/i.test(c.req.header('content-type') ?? '');
    if (holdsEncodedNul(text, form)) throw new AppError('BAD_REQUEST', nulMessage);
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
