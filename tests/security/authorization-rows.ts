import { authorize, type LeagueAction, type Standing } from '../../src/server/access/league-access';
import { AppError } from '../../src/server/errors';
import { identities, type Cell, type CellState, type Identity } from './authorization-world';

/*
 * What a row of the authorization matrix is, and the expectations rows share. Keys of a table
 * are "METHOD path" with OpenAPI-style `{params}`. Identities: visitor (no session), guest
 * (anonymous session, no team in the league), other (signed in, no team in the league), member
 * (owns the league's member teams), siteAdmin (role admin, no team in the league), leagueAdmin
 * (created the league), halfRemoved (the league admin removed the second of their two teams) and
 * barred (the league admin removed their only team).
 */

/** 'ok' = any 2xx; otherwise the exact status, optionally with the error code the body carries. */
export type Outcome = 'ok' | `${number}` | `${number} ${string}`;
type Expectations = Record<Identity, Outcome>;

export interface Probe {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Row {
  expect: Expectations;
  request: (cell: Cell) => Probe | Promise<Probe>;
  state?: CellState;
  /** Where a 3xx answer must lead (its path), so a redirect to an error page is not 'ok'. */
  redirect?: string;
  /** The route streams (Server-Sent Events): read the first event, then hang up. */
  stream?: true;
  /** The league-level decisions the route asks the access module, in order (`byAction`). */
  actions?: readonly LeagueAction[];
}

export type Table = Record<string, Row>;

/**
 * Everyone gets `outcome` unless overridden. The two removed players follow the member and the
 * other player unless a row says otherwise: one definition of membership (issue 51) — a player
 * whose second team was removed is a member through the first; one with no team left is not.
 */
export const all = (outcome: Outcome, overrides: Partial<Expectations> = {}): Expectations => ({
  ...(Object.fromEntries(identities.map((who) => [who, outcome])) as Expectations),
  halfRemoved: overrides.member ?? outcome,
  barred: overrides.other ?? outcome,
  ...overrides,
});
export const unauthenticated = '401 UNAUTHENTICATED';
export const anyone = all('ok');
export const signedIn = all('ok', { visitor: unauthenticated });
export const withAccount = all('ok', { visitor: unauthenticated, guest: '403 FORBIDDEN' });
export const siteAdminOnly = all('403 ADMIN_ONLY', { visitor: unauthenticated, siteAdmin: 'ok' });
export const leagueAdminOnly = all('403 NOT_LEAGUE_ADMIN', {
  visitor: unauthenticated,
  leagueAdmin: 'ok',
});
/** The member owns the team the request names; nobody else may read or write it. */
export const teamOwnerOnly = all('403 NOT_YOUR_TEAM', {
  visitor: unauthenticated,
  member: 'ok',
  halfRemoved: '403 NOT_YOUR_TEAM',
});
/** better-auth's own answer to a request without a session. */
export const authSignedIn = (signed: Outcome = 'ok', overrides: Partial<Expectations> = {}) =>
  all(signed, { visitor: '401 UNAUTHORIZED', ...overrides });
/** Self-service that asks for the account's password (a guest has none). */
export const withPassword = authSignedIn('ok', { guest: '400 INVALID_PASSWORD' });

/** The tables of each feature area as one; a route named twice would hide one of its rows. */
export const joinTables = (...tables: Table[]): Table => {
  const joined: Table = {};
  for (const [key, row] of tables.flatMap((table) => Object.entries(table))) {
    if (key in joined) throw new Error(`${key} has two rows`);
    joined[key] = row;
  }
  return joined;
};

/** Each signed-in identity's standing in the scene's league (authorization-world.ts makes it so). */
const standingOf = (who: Exclude<Identity, 'visitor'>): Standing => ({
  userId: who,
  teams: [],
  member: ['member', 'leagueAdmin', 'halfRemoved'].includes(who),
  leagueAdmin: who === 'leagueAdmin',
  siteAdmin: who === 'siteAdmin',
  barred: who === 'halfRemoved' || who === 'barred',
});

/**
 * A league-level row's expectations generated from the access module (issue 51): each identity
 * gets what `authorize` decides for its standing, the first refusal among the route's actions
 * (signed out: 401 UNAUTHENTICATED). The request then shows that the route really asks it.
 */
export const byAction = (
  actions: LeagueAction | readonly LeagueAction[],
  overrides: Partial<Expectations> = {},
): Pick<Row, 'expect' | 'actions'> => {
  const list = typeof actions === 'string' ? [actions] : actions;
  const outcome = (who: Identity): Outcome => {
    if (who === 'visitor') return unauthenticated;
    try {
      for (const action of list) authorize(standingOf(who), action);
      return 'ok';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return `${error.status} ${error.code}`;
    }
  };
  return {
    actions: list,
    expect: {
      ...(Object.fromEntries(identities.map((who) => [who, outcome(who)])) as Expectations),
      ...overrides,
    },
  };
};
