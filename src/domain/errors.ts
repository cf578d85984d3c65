/**
 * Stable error codes shared by server and browser. The server answers
 * `{ error: { code, message } }`; the browser translates by `code` (locale key `errors.<code>`)
 * and falls back to the English `message`, which uses the specification's wording.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this.' },
  ADMIN_ONLY: { status: 403, message: 'Access denied. This page is for administrators only.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is not available right now.' },
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; requestId?: string; fields?: Record<string, string> };
}

export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope =>
  typeof value === 'object' &&
  value !== null &&
  'error' in value &&
  typeof (value as { error: unknown }).error === 'object';
