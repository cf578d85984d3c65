import { createAuthClient } from 'better-auth/react';
import {
  anonymousClient,
  inferAdditionalFields,
  twoFactorClient,
} from 'better-auth/client/plugins';
import { isErrorEnvelope } from '../../domain/errors';

/**
 * The server answers every error, better-auth's included, with the app's envelope
 * `{ error: { code, message } }` (docs/design.md §5); better-auth's client reads `{ code, message }`.
 * Unwrapped here, once for every call, so callers keep reading `result.error.code`, `.message`
 * and `.status`. Successes, redirects and other bodies pass untouched.
 */
export const unwrapEnvelope = async (response: Response): Promise<Response> => {
  if (response.status < 400) return response;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  if (!isErrorEnvelope(body)) return response;
  const { code, message, requestId } = body.error;
  return new Response(JSON.stringify({ code, message, requestId }), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

/**
 * better-auth in the browser. Google sign-in is a generic-OAuth provider on the server; in
 * better-auth 1.7 such providers are used through the standard `signIn.social` endpoint, so no
 * extra client plugin is needed.
 */
export const authClient = createAuthClient({
  baseURL: globalThis.location?.origin ?? 'http://localhost',
  basePath: '/api/auth',
  fetchOptions: { onResponse: ({ response }) => unwrapEnvelope(response) },
  plugins: [
    anonymousClient(),
    // A sign-in answered with `twoFactorRedirect` asks for the code in the same dialog.
    twoFactorClient(),
    inferAdditionalFields({ user: { locale: { type: 'string', required: false } } }),
  ],
});

/** The error object better-auth's client returns instead of throwing. */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}
