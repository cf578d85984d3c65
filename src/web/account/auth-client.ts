import { createAuthClient } from 'better-auth/react';
import {
  anonymousClient,
  inferAdditionalFields,
  twoFactorClient,
} from 'better-auth/client/plugins';

/**
 * better-auth in the browser. Google sign-in is a generic-OAuth provider on the server; in
 * better-auth 1.7 such providers are used through the standard `signIn.social` endpoint, so no
 * extra client plugin is needed.
 */
export const authClient = createAuthClient({
  baseURL: globalThis.location?.origin ?? 'http://localhost',
  basePath: '/api/auth',
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
