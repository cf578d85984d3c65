import type { Agent } from '../setup/test-app';
import { all, anyone, authSignedIn, type Table } from './authorization-rows';
import { loginEmail, op, password } from './authorization-world';

const googleStart = { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/?e=1' };

/** The authorization code and state of a completed sign-in at the provider, for `agent`. */
const googleReturn = async (agent: Agent) => {
  const started = await agent.post('/api/auth/sign-in/social', googleStart);
  if (started.status !== 200) throw new Error(`sign-in/social: ${started.status}`);
  return op.browser().authorize(started.body.url as string, 'approve');
};

/** better-auth's sign-up, sign-in (with e-mail, as a guest, with Google) and sessions. */
export const sessionsTable: Table = {
  // --- better-auth: sign-up, sign-in, sessions ---
  'POST /api/auth/sign-up/email': {
    // Signed in or a guest (who keeps their teams), sign-up starts the new account's session.
    state: 'identity',
    expect: anyone,
    request: (c) => ({
      path: '/api/auth/sign-up/email',
      body: { email: `signup-${c.n}@authz.test`, password, name: `New ${c.n}` },
    }),
  },
  'POST /api/auth/sign-in/email': {
    state: 'identity',
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-in/email', body: { email: loginEmail, password } }),
  },
  'POST /api/auth/sign-in/anonymous': {
    state: 'identity',
    expect: all('ok', { guest: '400 ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY' }),
    request: () => ({ path: '/api/auth/sign-in/anonymous', body: {} }),
  },
  'POST /api/auth/delete-anonymous-user': {
    state: 'identity',
    expect: all('403 USER_IS_NOT_ANONYMOUS', { visitor: '401 UNAUTHORIZED', guest: 'ok' }),
    request: () => ({ path: '/api/auth/delete-anonymous-user', body: {} }),
  },
  'POST /api/auth/sign-in/social': {
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-in/social', body: googleStart }),
  },
  'GET /api/auth/callback/{id}': {
    // The provider's redirect back after a completed Google sign-in (it replaces the session).
    state: 'identity',
    expect: all('302'),
    redirect: '/dashboard',
    request: async (c) => {
      const back = await googleReturn(c.agent);
      return { path: `${back.pathname}${back.search}` };
    },
  },
  'POST /api/auth/callback/{id}': {
    // form_post answers are turned into the GET callback above.
    expect: all('302'),
    redirect: '/api/auth/callback/google',
    request: async (c) => {
      const back = await googleReturn(c.agent);
      return {
        path: '/api/auth/callback/google',
        body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      };
    },
  },
  'GET /api/auth/get-session': {
    expect: anyone,
    request: () => ({ path: '/api/auth/get-session' }),
  },
  'POST /api/auth/get-session': {
    // Only with better-auth's deferSessionRefresh, which we do not use.
    expect: all('405'),
    request: () => ({ path: '/api/auth/get-session', body: {} }),
  },
  'POST /api/auth/sign-out': {
    state: 'identity',
    expect: anyone,
    request: () => ({ path: '/api/auth/sign-out', body: {} }),
  },
  'POST /api/auth/update-session': {
    // No session fields are writable.
    expect: authSignedIn('400'),
    request: () => ({ path: '/api/auth/update-session', body: {} }),
  },
  'GET /api/auth/list-sessions': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/list-sessions' }),
  },
  'POST /api/auth/revoke-session': {
    state: 'identity',
    expect: authSignedIn(),
    request: async (c) => {
      const session = await c.agent.get('/api/auth/get-session');
      return {
        path: '/api/auth/revoke-session',
        body: { token: (session.body?.session?.token as string | undefined) ?? 'none' },
      };
    },
  },
  'POST /api/auth/revoke-sessions': {
    state: 'identity',
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/revoke-sessions', body: {} }),
  },
  'POST /api/auth/revoke-other-sessions': {
    expect: authSignedIn(),
    request: () => ({ path: '/api/auth/revoke-other-sessions', body: {} }),
  },

  // --- better-auth: plumbing ---
  'GET /api/auth/ok': { expect: anyone, request: () => ({ path: '/api/auth/ok' }) },
  'GET /api/auth/error': { expect: anyone, request: () => ({ path: '/api/auth/error' }) },
};
