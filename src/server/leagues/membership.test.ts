import { describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// Leaving a league (deleting one's own team) and passing its admin role on (issue 14).

// The clock moves a minute with every join: who joined first is known.
let clock = new Date('2026-11-22T12:00:00Z');
const t = appPerFile({ now: () => clock });

const join = async (agent: Agent, code: string, teamName: string) => {
  clock = new Date(clock.getTime() + 60_000);
  const res = await agent.post('/api/leagues/join', { codeOrName: code, teamName });
  expect(res.status).toBe(201);
  return res.body.team.id as string;
};
const teamsOf = async (leagueId: string) =>
  ((await t.agent().get(`/api/leagues/${leagueId}/standings`)).body.rows as { teamName: string }[])
    .map((r) => r.teamName)
    .sort();

describe('leaving a league', () => {
  it('deletes only the player’s own team; a second team keeps them a member', async () => {
    const admin = await player(t, 'Ada');
    const { league } = await createLeague(admin, 'Leavers', 'Ada Athletic');
    const member = await player(t, 'Ben');
    const first = await join(member, league.inviteCode, 'Ben Bears');
    await member.post(`/api/leagues/${league.id}/teams`, { teamName: 'Ben Bulls' });

    const refused = await admin.post(`/api/leagues/${league.id}/leave`, { teamId: first });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('NOT_YOUR_TEAM');
    expect((await member.post(`/api/leagues/${league.id}/leave`, { teamId: 'nope' })).status).toBe(
      404,
    );

    const left = await member.post(`/api/leagues/${league.id}/leave`, { teamId: first });
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ leagueDeleted: false, stillMember: true });
    expect(await teamsOf(league.id)).toEqual(['Ada Athletic', 'Ben Bulls']);
  });

  it('passes the admin role to the longest-standing member when the admin leaves, and deletes an empty league', async () => {
    const admin = await player(t, 'Cleo');
    const { league, teams } = await createLeague(admin, 'Heirs', 'Cleo City');
    const early = await player(t, 'Dana');
    await join(early, league.inviteCode, 'Dana Dynamo');
    const late = await player(t, 'Eli');
    const lateTeam = await join(late, league.inviteCode, 'Eli Eagles');

    const left = await admin.post(`/api/leagues/${league.id}/leave`, {
      teamId: teams[0]?.id,
    });
    expect(left.body).toEqual({ leagueDeleted: false, stillMember: false });
    expect((await early.get(`/api/leagues/${league.id}`)).body.league.isAdmin).toBe(true);
    expect((await admin.patch(`/api/leagues/${league.id}`, { name: 'Mine Again' })).status).toBe(
      403,
    );
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', league.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('league.leave');

    // The new admin hands over, then everyone leaves: the league goes.
    const handed = await early.post(`/api/leagues/${league.id}/admin`, { teamId: lateTeam });
    expect(handed.status).toBe(200);
    expect(handed.body.league.isAdmin).toBe(false);
    expect((await late.get(`/api/leagues/${league.id}`)).body.league.isAdmin).toBe(true);
    const dana = (await early.get('/api/leagues/mine')).body.leagues.find(
      (l: { id: string }) => l.id === league.id,
    ).teams[0].id;
    expect((await early.post(`/api/leagues/${league.id}/leave`, { teamId: dana })).body).toEqual({
      leagueDeleted: false,
      stillMember: false,
    });
    expect((await late.post(`/api/leagues/${league.id}/leave`, { teamId: lateTeam })).body).toEqual(
      { leagueDeleted: true, stillMember: false },
    );
    expect((await t.agent().get(`/api/leagues/${league.id}`)).status).toBe(404);
  });

  it('hands the admin role only from the admin, to another player’s team', async () => {
    const admin = await player(t, 'Fay');
    const { league, teams } = await createLeague(admin, 'Handover', 'Fay Foxes');
    const member = await player(t, 'Gus');
    const gusTeam = await join(member, league.inviteCode, 'Gus Gulls');
    const byMember = await member.post(`/api/leagues/${league.id}/admin`, { teamId: gusTeam });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.code).toBe('NOT_LEAGUE_ADMIN');
    const own = await admin.post(`/api/leagues/${league.id}/admin`, { teamId: teams[0]?.id });
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('ALREADY_LEAGUE_ADMIN');
    expect((await admin.post(`/api/leagues/${league.id}/admin`, { teamId: 'x' })).status).toBe(404);
    expect((await admin.post(`/api/leagues/${league.id}/admin`, {})).status).toBe(400);
    expect((await admin.get(`/api/leagues/${league.id}`)).body.league.isAdmin).toBe(true);
  });
});
