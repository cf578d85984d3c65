import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { setRole } from '../account/roles';

// One definition of membership and who sees what during a match (issue 51), through the routes
// players use: a player whose second team the league admin removed is still a member through the
// first, on every route; a player with no team left is refused with one code; while a match is in
// play nobody but the league's members learns the live points that tell each pick.

let clock = new Date('2031-10-04T12:00:00Z');
const t = appPerFile({ now: () => clock });

let owner: Agent;
let half: Agent;
let gone: Agent;
let other: Agent;
let siteAdmin: Agent;
let leagueId = '';
let inviteCode = '';
let keptTeam = '';
const ownerTeams: string[] = [];
const siteAdminEmail = 'access-site-admin@example.com';

const membersOnly = [403, 'MEMBERS_ONLY'];
/** The member routes of the league: its chat, log and stories, a kicked-off fixture's picks and race. */
const memberRoutes = () => [
  `/api/leagues/${leagueId}/messages`,
  `/api/leagues/${leagueId}/log`,
  `/api/leagues/${leagueId}/stories`,
  `/api/predictions/league/${leagueId}/fixtures/acc_live`,
  `/api/leagues/${leagueId}/fixtures/acc_live/race`,
];
const outcome = (res: { status: number; body: { error?: { code?: string } } }) => [
  res.status,
  res.body.error?.code,
];

beforeAll(async () => {
  owner = await player(t, 'Olive');
  half = await player(t, 'Hal');
  gone = await player(t, 'Gus');
  other = await player(t, 'Otto');
  const created = await createLeague(owner, 'Access League', 'Olive United');
  leagueId = created.league.id;
  inviteCode = created.league.inviteCode;
  ownerTeams.push(...created.teams.map((team) => team.id));
  const join = async (agent: Agent, teamName: string) =>
    (await agent.post('/api/leagues/join', { codeOrName: inviteCode, teamName })).body.team
      .id as string;
  keptTeam = await join(half, 'Hal Kept');
  const removed = await half.post(`/api/leagues/${leagueId}/teams`, { teamName: 'Hal Second' });
  expect(removed.status).toBe(201);
  const goneTeam = await join(gone, 'Gus Only');
  await insertFixtures(t, [
    { id: 'acc_open', kickoffAt: hoursFrom(clock, 3), home: 'Arsenal', away: 'Chelsea' },
    { id: 'acc_live', kickoffAt: hoursFrom(clock, 1), home: 'Everton', away: 'Fulham' },
  ]);
  for (const [agent, teamId] of [
    [owner, ownerTeams[0]],
    [half, keptTeam],
    [gone, goneTeam],
  ] as const) {
    const saved = await agent.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: 'acc_live', outcome: '1', firstGoalMinute: 10, joker: true }],
    });
    expect(saved.status).toBe(200);
  }
  // The league admin removes Hal's second team and Gus's only one.
  for (const teamId of [removed.body.team.id as string, goneTeam])
    expect((await owner.delete(`/api/leagues/${leagueId}/teams/${teamId}`)).status).toBe(200);
  await t.agent().signUp(siteAdminEmail);
  siteAdmin = t.agent();
  await setRole(t.services.database.db, {
    email: siteAdminEmail,
    role: 'admin',
    actorUserId: null,
    actorLabel: 'test',
    at: clock,
  });
  await siteAdmin.signIn(siteAdminEmail);
  // Kick-off passes: acc_live is in play, 1–0 with a first goal at 10'.
  clock = hoursFrom(clock, 1.5);
  await t.services.database.db
    .updateTable('fixtures')
    .set({ status: 'live', home_score: 1, away_score: 0, first_goal_minute: 10, clock: "30'" })
    .where('id', '=', 'acc_live')
    .execute();
});

describe('a player whose second team the league admin removed', () => {
  it('is a member through the kept team on every member route', async () => {
    for (const path of memberRoutes())
      expect([path, (await half.get(path)).status]).toEqual([path, 200]);
    const posted = await half.post(`/api/leagues/${leagueId}/messages`, {
      text: 'Still here with my first team',
    });
    expect(posted.status).toBe(201);
    const saved = await half.put('/api/predictions', {
      teamId: keptTeam,
      predictions: [{ fixtureId: 'acc_open', outcome: 'X', firstGoalMinute: null, joker: false }],
    });
    expect(saved.status).toBe(200);
    const league = (await half.get(`/api/leagues/${leagueId}`)).body;
    expect(league.league.inviteCode).toBe(inviteCode);
    const live = (await half.get(`/api/leagues/${leagueId}/standings?view=live`)).body;
    expect(live.rows.every((r: object) => 'livePoints' in r)).toBe(true);
  });

  it('may not add a team in place of the removed one', async () => {
    const res = await half.post(`/api/leagues/${leagueId}/teams`, { teamName: 'Hal Third' });
    expect(outcome(res)).toEqual([403, 'REMOVED_FROM_LEAGUE']);
  });
});

describe('a player with no team left in the league', () => {
  it('is refused as a non-member everywhere, with one code', async () => {
    for (const path of memberRoutes())
      expect([path, ...outcome(await gone.get(path))]).toEqual([path, ...membersOnly]);
    const posted = await gone.post(`/api/leagues/${leagueId}/messages`, { text: 'Hello?' });
    expect(outcome(posted)).toEqual(membersOnly);
    expect((await gone.get(`/api/leagues/${leagueId}`)).body.league.inviteCode).toBeNull();
  });

  it('may not join again', async () => {
    const res = await gone.post('/api/leagues/join', { codeOrName: inviteCode, teamName: 'Gus 2' });
    expect(outcome(res)).toEqual([403, 'REMOVED_FROM_LEAGUE']);
  });
});

describe('the live table while a match is in play', () => {
  const liveFields = (rows: object[]) =>
    rows.flatMap((r) => Object.keys(r).filter((k) => k === 'livePoints' || k === 'liveRank'));

  it("gives members every team's live points and ranks", async () => {
    const res = await owner.get(`/api/leagues/${leagueId}/standings?view=live`);
    expect(res.status).toBe(200);
    const byTeam = new Map(
      (res.body.rows as { teamId: string; livePoints: number; points: number }[]).map((r) => [
        r.teamId,
        r,
      ]),
    );
    // The joker doubles the right outcome and the exact minute: (1 + 3) × 2.
    expect(byTeam.get(keptTeam)?.livePoints).toBe(8);
    expect(byTeam.get(keptTeam)?.points).toBe(0);
  });

  it('gives visitors, other players and the site admin the confirmed table and the scores only', async () => {
    for (const [who, agent] of [
      ['visitor', t.agent()],
      ['other player', other],
      ['removed player', gone],
      ['site admin', siteAdmin],
    ] as const) {
      const res = await agent.get(`/api/leagues/${leagueId}/standings?view=live`);
      expect([who, res.status]).toEqual([who, 200]);
      expect([who, liveFields([...res.body.rows, ...res.body.top])]).toEqual([who, []]);
      expect(res.body.rows.map((r: { points: number }) => r.points)).toEqual([0, 0]);
      // The match itself is public: its score and clock.
      expect(res.body.live.fixtures).toEqual([
        expect.objectContaining({ id: 'acc_live', homeScore: 1, awayScore: 0, clock: "30'" }),
      ]);
    }
  });
});
