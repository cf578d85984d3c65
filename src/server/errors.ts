import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { errorCatalogue, type ErrorCode, type ErrorEnvelope } from '../domain/errors';
import type { AppBindings } from './context';

/** A failure the client should see: a stable code, a status and a safe message. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status as ContentfulStatusCode;
  }
}

export const statusToCode = (status: number): ErrorCode => {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL';
  return 'BAD_REQUEST';
};

export const zodFieldErrors = (error: ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));

/** A catalogue code a schema's refinement names (`params: { code }`), e.g. NAME_MIXES_SCRIPTS. */
export const zodIssueCode = (error: ZodError): { code: ErrorCode; message: string } | null => {
  for (const issue of error.issues) {
    const code: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
    if (typeof code === 'string' && Object.hasOwn(errorCatalogue, code))
      return { code: code as ErrorCode, message: issue.message };
  }
  return null;
};

export const envelope = (
  c: Context<AppBindings>,
  code: ErrorCode,
  message: string,
  status: ContentfulStatusCode,
  fields?: Record<string, string>,
) => {
  const body: ErrorEnvelope = {
    error: { code, message, requestId: c.get('requestId'), ...(fields ? { fields } : {}) },
  };
  return c.json(body, status);
};

/** The one error handler: domain errors keep their code, anything unexpected becomes a logged 500. */
export const handleError = (error: Error, c: Context<AppBindings>) => {
  if (error instanceof AppError) {
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return envelope(c, error.code, error.message, error.status, error.fields);
  }
  if (error instanceof ZodError) {
    const fields = zodFieldErrors(error);
    const named = zodIssueCode(error);
    if (named) {
      const status = errorCatalogue[named.code].status as ContentfulStatusCode;
      return envelope(c, named.code, named.message, status, fields);
    }
    const first = error.issues[0]?.message ?? errorCatalogue.VALIDATION_FAILED.message;
    return envelope(c, 'VALIDATION_FAILED', first, 400, fields);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = statusToCode(error.status);
    return envelope(c, code, error.message || errorCatalogue[code].message, error.status);
  }
  c.get('logger').error({ err: error }, 'unhandled error');
  return envelope(c, 'INTERNAL', errorCatalogue.INTERNAL.message, 500);
};

/**
 * better-auth's error answer (`{ message, code }`, or an empty body such as its 404) in the app's
 * envelope with docs/design.md §5's statuses: its code kept (else one from the status), 422 for a taken
 * e-mail a 409 (any other 422 a 400), the request id added, every header (Set-Cookie,
 * Retry-After) kept. Successes and redirects pass untouched.
 */
export const authErrorEnvelope = async (
  c: Context<AppBindings>,
  response: Response,
): Promise<Response> => {
  if (response.status < 400) return response;
  const text = await response.text();
  let given: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed !== null && typeof parsed === 'object') given = parsed;
  } catch {
    // not JSON (a plain 'Not Found'): the status says it
  }
  let code = typeof given.code === 'string' && given.code !== '' ? given.code : null;
  let status = response.status;
  if (status === 422) status = code?.startsWith('USER_ALREADY_EXISTS') ? 409 : 400;
  let message =
    typeof given.message === 'string' && given.message !== ''
      ? given.message
      : errorCatalogue[statusToCode(status)].message;
  if (status >= 500) {
    c.get('logger').error({ status, code }, 'auth handler failed');
    code = 'INTERNAL';
    message = errorCatalogue.INTERNAL.message;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  // better-auth's own rate limit names its wait in X-Retry-After.
  const retryAfter = headers.get('x-retry-after');
  if (retryAfter && !headers.has('retry-after')) headers.set('retry-after', retryAfter);
  const body = {
    error: { code: code ?? statusToCode(status), message, requestId: c.get('requestId') },
  };
  // Through the context, so the headers set for every response (X-Request-Id) are added.
  return c.newResponse(JSON.stringify(body), { status: status as StatusCode, headers });
};

/** What the OpenAPI document says of errors: one envelope for every route, /api/auth/* too. */
export const errorsDescription =
  'Every error, those of /api/auth/* (better-auth) included, answers `{ "error": { "code", ' +
  '"message", "requestId" } }` (the Error schema) with status 400 (validation), 401 (not signed ' +
  'in), 403 (not allowed), 404 (not found), 409 (conflict), 413 (too large), 429 (rate limited, ' +
  'with Retry-After) or 5xx. Clients translate by `code`; `message` is English.';

/** The envelope as a JSON Schema, for the OpenAPI document's components. */
export const errorSchema = {
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' as const, description: 'Stable code, e.g. TEAM_NAME_TAKEN' },
        message: { type: 'string' as const, description: 'English message' },
        requestId: { type: 'string' as const, description: 'The X-Request-Id of the request' },
        fields: {
          type: 'object' as const,
          additionalProperties: { type: 'string' as const },
          description: 'Field errors of a 400',
        },
      },
    },
  },
};

/** A failed `fetch` in one line for logs and admins: 'no answer in time', 'fetch failed (ECONNREFUSED)'. */
export const describeFetchError = (error: unknown): string => {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as Error & { cause?: unknown }).cause;
    const code =
      cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
};
