import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { isErrorEnvelope } from '../../domain/errors';

/** The typed API client (STYLE §3): request and response types come from the server routes. */
export const api = hc<AppType>(`${globalThis.location?.origin ?? 'http://localhost'}/api`, {
  init: { credentials: 'same-origin' },
});

/** A failed API call, carrying the server's stable error code (translated via `errors.<code>`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface JsonResponse<T> {
  ok: boolean;
  status: number;
  json(): Promise<T>;
}

/** Resolves to the body of a successful response, or throws an ApiError. */
export const unwrap = async <T>(request: Promise<JsonResponse<T>>): Promise<T> => {
  const response = await request;
  if (response.ok) return response.json();
  const body: unknown = await response.json().catch(() => null);
  if (isErrorEnvelope(body)) {
    throw new ApiError(response.status, body.error.code, body.error.message, body.error.requestId);
  }
  throw new ApiError(response.status, 'INTERNAL', `HTTP ${response.status}`);
};

/** Client errors (4xx) will not go away by retrying. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2;
