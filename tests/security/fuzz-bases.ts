import type { Operation } from './fuzz-operations';
import type { Schema } from './fuzz-schema';
import { emails, ids, password } from './fuzz-world';

/*
 * Each operation's base: its request with real ids (the seeded league, teams, fixtures, contact
 * message and mail) and valid values everywhere, so that only the place a mutation breaks is wrong.
 */

/** The operation's request with every input valid: breaking one place then tests that place. */
export interface Base {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
}

const hint = (name: string, op: Operation): unknown => {
  const auth = op.path.startsWith('/api/auth/');
  const hints: Record<string, unknown> = {
    leagueId: ids.league,
    messageId: ids.message,
    replyTo: ids.message,
    emoji: '🔥',
    text: 'Nice one',
    notify: false,
    userId: ids.bob,
    teamId: op.path.includes('/teams/') ? ids.teams[1] : ids.teams[0],
    fixtureId: op.path.startsWith('/api/predictions/league') ? 'fz_past' : 'fz_1',
    competitionId: 'premier_league',
    id: op.path.includes('outbox')
      ? ids.outbox
      : op.path.includes('contact')
        ? ids.contact
        : 'fuzz_cup',
    code: ids.inviteCode,
    league: ids.leagueName,
    entityId: ids.league,
    leagueName: 'Another League',
    teamName: 'Fresh Team',
    secondTeamName: 'Fresh Reserves',
    codeOrName: ids.inviteCode,
    joinByName: false,
    confirmName: ids.leagueName,
    fromTeamId: ids.teams[0],
    toTeamId: ids.teams[1],
    teamIds: ids.teams,
    fixtureIds: ['fz_1'],
    firstGoalMinute: 12,
    joker: false,
    locale: 'de',
    subject: 'general',
    message: 'Hello there',
    enabled: false,
    handled: true,
    homeScore: 1,
    awayScore: 0,
    status: 'postponed',
    kickoffAt: '2030-06-03T15:00:00.000Z',
    homeTeam: 'Home FC',
    awayTeam: 'Away FC',
    round: 'Matchday 1',
    season: '',
    format: 'csv',
    content: 'date,time,home,away\n2030-06-05,15:00,Home FC,Away FC',
    timeZone: 'Europe/London',
    route: '/fuzz-cup',
    kind: 'table',
    country: 'England',
    seasonLabel: '',
    page: 1,
    around: 'me',
    limit: 10,
    name: auth ? 'Ann' : op.path.includes('contact') ? 'Visitor' : 'Fuzz Cup',
    email: op.path.includes('sign-up')
      ? 'newcomer@example.com'
      : op.path.includes('sign-in')
        ? emails.ann
        : op.path.includes('reset')
          ? emails.bob
          : 'visitor@example.com',
    password,
    currentPassword: password,
    newPassword: 'another-horse-8',
    token: 'not-a-real-token',
    redirectTo: '/reset-password',
    callbackURL: '/',
    rememberMe: true,
    revokeOtherSessions: false,
    image: '/avatar.png',
    provider: 'google',
    disableRedirect: true,
  };
  if (op.method === 'PATCH' && op.path === '/api/leagues/{leagueId}' && name === 'name')
    return 'Renamed League';
  return Object.hasOwn(hints, name) ? hints[name] : undefined;
};

const sample = (s: Schema, name: string, op: Operation): unknown => {
  const hinted = hint(name, op);
  if (hinted !== undefined) return hinted;
  if (s.anyOf?.[0]) return sample(s.anyOf[0], name, op);
  if (s.enum) return s.enum[0];
  const type = [s.type].flat()[0];
  if (type === 'string') return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return s.items ? [sample(s.items, '', op)] : [];
  if (s.additionalProperties !== undefined && !s.properties)
    // The admin's new fixture: the route reads it itself.
    return {
      competitionId: 'premier_league',
      homeTeam: 'Home FC',
      awayTeam: 'Away FC',
      kickoffAt: '2030-06-04T15:00:00.000Z',
      round: 'Matchday 9',
    };
  return Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([k, x]) => [k, sample(x, k, op)]),
  );
};

export const baseOf = (op: Operation): Base => ({
  path: Object.fromEntries(
    op.params
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, String(sample(p.schema, p.name, op))]),
  ),
  query: op.params
    .filter((p) => p.in === 'query')
    .map((p) => [p.name, String(sample(p.schema, p.name, op))]),
  body: op.body ? sample(op.body.schema, '', op) : undefined,
});
