import { all, byAction, anyone, signedIn, teamOwnerOnly, type Table } from './authorization-rows';
import { kickedOffFixture, openFixture2, t, world, type Cell } from './authorization-world';

const league = (c: Cell) => `/api/leagues/${c.scene.league.id}`;
const member = (c: Cell) => c.scene.memberTeamId;
const removed = '403 REMOVED_FROM_LEAGUE';

/** A yes/no bonus question of the cell's league, open or past its deadline (the world's clock). */
const question = async (c: Cell, state: 'open' | 'closed') => {
  const id = `authz_q_${c.n}`;
  const at = new Date().toISOString();
  await t.services.database.db
    .insertInto('bonus_questions')
    .values({
      id,
      league_id: c.scene.league.id,
      season: '',
      kind: 'free',
      prompt: 'Will it rain?',
      options_json: JSON.stringify(['Yes', 'No']),
      points: 3,
      deadline_at: state === 'open' ? '2030-06-01T12:00:00.000Z' : '2030-01-01T12:00:00.000Z',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
};

/** Competitions, leagues and their live stream, and predictions: the game itself. */
export const leaguesTable: Table = {
  // --- competitions and fixtures (public) ---
  'GET /api/competitions': { expect: anyone, request: () => ({ path: '/api/competitions' }) },
  'GET /api/competitions/{competitionId}/fixtures': {
    expect: anyone,
    request: () => ({ path: '/api/competitions/premier_league/fixtures' }),
  },

  // --- leagues ---
  'GET /api/leagues/mine': { expect: anyone, request: () => ({ path: '/api/leagues/mine' }) },
  'GET /api/leagues/hub': { expect: signedIn, request: () => ({ path: '/api/leagues/hub' }) },
  'POST /api/leagues': {
    expect: all('ok', {
      visitor: '401 SIGN_IN_TO_CREATE_LEAGUE',
      guest: '403 ACCOUNT_REQUIRED',
    }),
    request: (c) => ({
      path: '/api/leagues',
      body: { leagueName: `Created League ${c.n}`, teamName: 'Founders' },
    }),
  },
  'GET /api/leagues/lookup': {
    expect: anyone,
    request: (c) => ({
      path: `/api/leagues/lookup?league=${encodeURIComponent(c.scene.league.name)}`,
    }),
  },
  'POST /api/leagues/join': {
    // A success makes the identity a member: a new league each time.
    state: 'league',
    // A removed team's owner may not come back, whether or not they kept another team.
    ...byAction('join'),
    request: (c) => ({
      path: '/api/leagues/join',
      body: { codeOrName: c.scene.league.inviteCode, teamName: `Joiner ${c.n}` },
    }),
  },
  'POST /api/leagues/quick-join': {
    // Signed out, quick join starts a guest session (docs/design.md §4).
    state: 'league',
    expect: all('ok', { halfRemoved: removed, barred: removed }),
    request: (c) => ({
      path: '/api/leagues/quick-join',
      body: { code: c.scene.league.inviteCode, teamName: `Quick ${c.n}` },
    }),
  },
  'GET /api/leagues/{leagueId}': { expect: anyone, request: (c) => ({ path: league(c) }) },
  'GET /api/leagues/{leagueId}/standings': {
    expect: anyone,
    request: (c) => ({ path: `${league(c)}/standings` }),
  },
  // Whoever may read the standings may read the statistics (scored picks only).
  'GET /api/leagues/{leagueId}/statistics': {
    expect: anyone,
    request: (c) => ({ path: `${league(c)}/statistics?teamId=${member(c)}` }),
  },
  'POST /api/leagues/{leagueId}/teams': {
    ...byAction('addTeam'),
    request: (c) => ({ path: `${league(c)}/teams`, body: { teamName: `Extra ${c.n}` } }),
  },
  'PATCH /api/leagues/{leagueId}': {
    state: 'league',
    ...byAction('administer'),
    request: (c) => ({ path: league(c), body: { name: `Renamed League ${c.n}` } }),
  },
  'DELETE /api/leagues/{leagueId}': {
    state: 'league',
    ...byAction('administer'),
    request: (c) => ({ path: league(c), body: { confirmName: c.scene.league.name } }),
  },
  'POST /api/leagues/{leagueId}/invite-code': {
    state: 'league',
    ...byAction('administer'),
    request: (c) => ({ path: `${league(c)}/invite-code`, body: {} }),
  },
  'DELETE /api/leagues/{leagueId}/teams/{teamId}': {
    state: 'league',
    ...byAction('administer'),
    request: (c) => ({ path: `${league(c)}/teams/${member(c)}` }),
  },
  'POST /api/leagues/{leagueId}/leave': {
    state: 'league',
    expect: teamOwnerOnly,
    request: (c) => ({ path: `${league(c)}/leave`, body: { teamId: member(c) } }),
  },
  'POST /api/leagues/{leagueId}/admin': {
    state: 'league',
    ...byAction('administer'),
    request: (c) => ({ path: `${league(c)}/admin`, body: { teamId: member(c) } }),
  },
  'GET /api/leagues/{leagueId}/bars': {
    ...byAction('administer'),
    request: (c) => ({ path: `${league(c)}/bars` }),
  },
  'DELETE /api/leagues/{leagueId}/bars/{userId}': {
    state: 'league',
    ...byAction('administer'),
    request: async (c) => {
      // A bar to lift: the extra player joins and the league admin removes their team.
      const joined = await world.extra.post('/api/leagues/join', {
        codeOrName: c.scene.league.inviteCode,
        teamName: `Removed ${c.n}`,
      });
      const removed = await c.scene.agents.leagueAdmin.delete(
        `${league(c)}/teams/${joined.body.team.id as string}`,
      );
      if (removed.status !== 200) throw new Error(`could not remove: ${removed.status}`);
      return { path: `${league(c)}/bars/${world.extraUserId}` };
    },
  },
  'GET /api/leagues/{leagueId}/bonus': {
    expect: anyone,
    request: (c) => ({ path: `${league(c)}/bonus` }),
  },
  'POST /api/leagues/{leagueId}/bonus': {
    state: 'league',
    ...byAction('manageBonus'),
    request: (c) => ({
      path: `${league(c)}/bonus`,
      body: { kind: 'topScorer', points: 5, deadline: '2030-06-01T12:00:00Z' },
    }),
  },
  'PUT /api/leagues/{leagueId}/bonus/{questionId}/answers/{teamId}': {
    expect: teamOwnerOnly,
    request: async (c) => ({
      path: `${league(c)}/bonus/${await question(c, 'open')}/answers/${member(c)}`,
      body: { answer: 'Yes' },
    }),
  },
  'POST /api/leagues/{leagueId}/bonus/{questionId}/settle': {
    ...byAction('manageBonus'),
    request: async (c) => ({
      path: `${league(c)}/bonus/${await question(c, 'closed')}/settle`,
      body: { correct: ['No'] },
    }),
  },
  'DELETE /api/leagues/{leagueId}/bonus/{questionId}': {
    ...byAction('manageBonus'),
    request: async (c) => ({ path: `${league(c)}/bonus/${await question(c, 'closed')}` }),
  },
  'GET /api/live/leagues/{leagueId}': {
    // "Readable like the league page" (realtime/routes.ts).
    expect: anyone,
    stream: true,
    request: (c) => ({ path: `/api/live/leagues/${c.scene.league.id}` }),
  },

  // --- predictions ---
  'GET /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({ path: `/api/predictions?teamId=${member(c)}` }),
  },
  'GET /api/predictions/mine': {
    expect: signedIn,
    request: () => ({ path: '/api/predictions/mine' }),
  },
  'PUT /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions',
      body: {
        teamId: member(c),
        predictions: [{ fixtureId: openFixture2, outcome: '2', firstGoalMinute: 30 }],
      },
    }),
  },
  'DELETE /api/predictions': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions',
      body: { teamId: member(c), fixtureIds: [openFixture2] },
    }),
  },
  'POST /api/predictions/copy': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions/copy',
      body: { fromTeamId: member(c), toTeamId: c.scene.memberSecondTeamId },
    }),
  },
  'PUT /api/predictions/multi': {
    expect: teamOwnerOnly,
    request: (c) => ({
      path: '/api/predictions/multi',
      body: {
        teamIds: [member(c), c.scene.memberSecondTeamId],
        predictions: [{ fixtureId: openFixture2, outcome: 'X', firstGoalMinute: 0 }],
      },
    }),
  },
  'GET /api/predictions/league/{leagueId}': {
    // Anyone holding the link reads the fixtures and who has predicted (picks: see below).
    expect: anyone,
    request: (c) => ({ path: `/api/predictions/league/${c.scene.league.id}` }),
  },
  'GET /api/predictions/league/{leagueId}/fixtures/{fixtureId}': {
    // Every team's pick of a kicked-off fixture: members only (docs/design.md §3 Visibility).
    ...byAction('readPicks'),
    request: (c) => ({
      path: `/api/predictions/league/${c.scene.league.id}/fixtures/${kickedOffFixture}`,
    }),
  },
  'GET /api/leagues/{leagueId}/fixtures/{fixtureId}/race': {
    // The minute race of a kicked-off fixture (issue 29): every team's pick, members only.
    ...byAction('readPicks'),
    request: (c) => ({
      path: `/api/leagues/${c.scene.league.id}/fixtures/${kickedOffFixture}/race`,
    }),
  },
};
