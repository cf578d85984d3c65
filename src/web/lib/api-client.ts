import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { isErrorEnvelope } from '../../domain/errors';
import { rememberClubs } from './club-colours';

const inFlight = new Map<string, Promise<Response>>();

/**
 * fetch, sending a change once per tap burst: while a write (not GET or HEAD) with the same
 * method, address and body is on its way, a second one (a double click on any button) shares
 * its answer instead of writing again. Form bodies (files) always go.
 */
export const onceFetch: typeof fetch = (input, init) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const body = init?.body;
  if (method === 'GET' || method === 'HEAD' || (body != null && typeof body !== 'string'))
    return globalThis.fetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  const key = `${method} ${url} ${body ?? ''}`;
  let shared = inFlight.get(key);
  if (!shared) {
    shared = globalThis.fetch(input, init).finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
  }
  // Each caller reads a body of its own.
  return shared.then((response) => response.clone());
};

/** The typed API client (STYLE §3): request and response types come from the server routes. */
export const api = hc<AppType>(`${globalThis.location?.origin ?? 'http://localhost'}/api`, {
  init: { credentials: 'same-origin' },
  fetch: onceFetch,
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
  if (response.ok) {
    const body = await response.json();
    // Answers that name clubs carry their colours for the badges.
    rememberClubs(body);
    return body;
  }
  const body: unknown = await response.json().catch(() => null);
  if (isErrorEnvelope(body)) {
    throw new ApiError(response.status, body.error.code, body.error.message, body.error.requestId);
  }
  throw new ApiError(response.status, 'INTERNAL', `HTTP ${response.status}`);
};

/** Client errors (4xx) will not go away by retrying. */
export const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 2;
