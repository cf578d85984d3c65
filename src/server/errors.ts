import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
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

const statusToCode = (status: number): ErrorCode => {
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
