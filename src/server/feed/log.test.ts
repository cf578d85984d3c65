import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// A league's open log (issue 32): what its admin changed and the confirmed results and kick-off
// moves of its fixtures, with who did it — members only, newest first, paged; never an e-mail,
// an invite code or anybody's pick.

let clock = new Date('2031-10-01T12:00:00Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'log-admin@example.com' } });

let siteAdmin: Agent;
let owner: Agent;
let member: Agent;
let leaver: Agent;
let stranger: Agent;
let leagueId = '';
let code = '';
let memberTeam = '';
let leaverUser = '';

interface Entry {
  id: string;
  at: string;
  kind: string;
  actor: { kind: string; name: string | null };
  data: Record<string, unknown>;
}
const log = async (agent: Agent = member, query = '') => {
  const res = await agent.get(`/api/leagues/${leagueId}/log${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { entries: Entry[]; nextBefore: string | null };
};

beforeAll(async () => {
  siteAdmin = t.agent();
  await siteAdmin.signUp('log-admin@example.com', 'correct-horse-9', 'Site Admin');
  // Fixtures of the league's competition, one from before the league (not in its log).
  await insertFixtures(t, [
    { id: 'log_1', kickoffAt: hoursFrom(clock, 2), home: 'Arsenal', away: 'Chelsea' },
    { id: 'log_2', kickoffAt: hoursFrom(clock, 26), home: 'Everton', away: 'Leeds United' },
  ]);
  tick();
  owner = await player(t, 'Olga');
  member = await player(t, 'Mo');
  leaver = await player(t, 'Lee');
  stranger = await player(t, 'Stan');
  const created = await createLeague(owner, 'Logged League', 'Owls');
  leagueId = created.league.id;
  code = created.league.inviteCode;
  memberTeam = (await member.post('/api/leagues/join', { codeOrName: code, teamName: 'Mice' })).body
    .team.id;
  await leaver.post('/api/leagues/join', { codeOrName: code, teamName: 'Larks' });
  leaverUser = (await leaver.get('/api/account/me')).body.user.id;
});

describe("a league's log", () => {
  it('is for members', async () => {
    expect((await t.agent().get(`/api/leagues/${leagueId}/log`)).status).toBe(401);
    const other = await stranger.get(`/api/leagues/${leagueId}/log`);
    expect([other.status, other.body.error.code]).toEqual([403, 'MEMBERS_ONLY']);
    expect((await log()).entries).toEqual([]);
  });

  it('names what the league admin changed, newest first, without codes or e-mails', async () => {
    tick();
    await owner.patch(`/api/leagues/${leagueId}`, { name: 'Logged League II', joinByName: false });
    tick();
    await owner.patch(`/api/leagues/${leagueId}`, { rules: { minutePoints: 5, jokers: 3 } });
    tick();
    const regenerated = await owner.post(`/api/leagues/${leagueId}/invite-code`, {});
    expect(regenerated.status).toBe(200);
    tick();
    const larks = (await owner.get(`/api/leagues/${leagueId}`)).body.members.find(
      (m: { teamName: string }) => m.teamName === 'Larks',
    ).teamId;
    expect((await owner.delete(`/api/leagues/${leagueId}/teams/${larks}`)).status).toBe(200);
    tick();
    expect((await owner.delete(`/api/leagues/${leagueId}/bars/${leaverUser}`)).status).toBe(200);
    tick();
    const asked = await owner.post(`/api/leagues/${leagueId}/bonus`, {
      kind: 'free',
      prompt: 'Will it snow?',
      options: ['Yes', 'No'],
      points: 4,
      deadline: hoursFrom(clock, 48).toISOString(),
    });
    expect(asked.status).toBe(201);
    tick();
    await owner.post(`/api/leagues/${leagueId}/admin`, { teamId: memberTeam });

    const { entries } = await log();
    expect(entries.map((e) => e.kind)).toEqual([
      'admin_handed',
      'bonus_set',
      'bar_lifted',
      'team_removed',
      'invite_code',
      'rules',
      // One change of both at the same instant: either order.
      ...entries.slice(6).map((e) => e.kind),
    ]);
    expect(
      entries
        .slice(6)
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['join_by_name', 'renamed']);
    expect(new Set(entries.map((e) => `${e.actor.kind} ${e.actor.name}`))).toEqual(
      new Set(['league_admin Olga']),
    );
    const data = Object.fromEntries(entries.map((e) => [e.kind, e.data]));
    expect(data.admin_handed).toEqual({ to: 'Mice' });
    expect(data.bonus_set).toMatchObject({ question: 'Will it snow?', points: 4 });
    expect(data.bar_lifted).toEqual({ team: 'Larks' });
    expect(data.team_removed).toEqual({ team: 'Larks', barred: true });
    expect(data.invite_code).toEqual({});
    expect(data.rules).toEqual({
      'minutePoints.before': 3,
      'minutePoints.after': 5,
      'jokers.before': 2,
      'jokers.after': 3,
    });
    expect(data.join_by_name).toEqual({ after: false });
    expect(data.renamed).toEqual({ before: 'Logged League', after: 'Logged League II' });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('@example.com');
    expect(text).not.toContain(code);
    expect(text).not.toContain(regenerated.body.inviteCode);
  });

  it("holds its fixtures' confirmed results and kick-off moves with who made them", async () => {
    tick();
    const moved = hoursFrom(clock, 30).toISOString();
    expect((await siteAdmin.patch('/api/admin/fixtures/log_2', { kickoffAt: moved })).status).toBe(
      200,
    );
    // A match in play moving is not logged; its confirmed result is.
    clock = hoursFrom(clock, 3);
    const live = { status: 'live', homeScore: 1, awayScore: 0, firstGoalMinute: 12 };
    expect((await siteAdmin.patch('/api/admin/fixtures/log_1', live)).status).toBe(200);
    tick();
    const final = { status: 'final', homeScore: 2, awayScore: 0 };
    expect((await siteAdmin.patch('/api/admin/fixtures/log_1', final)).status).toBe(200);
    tick();
    const corrected = { homeScore: 2, awayScore: 1 };
    expect((await siteAdmin.patch('/api/admin/fixtures/log_1', corrected)).status).toBe(200);

    const { entries } = await log(owner);
    expect(entries.slice(0, 3).map((e) => [e.kind, e.actor])).toEqual([
      ['result', { kind: 'site_admin', name: null }],
      ['result', { kind: 'site_admin', name: null }],
      ['kickoff', { kind: 'site_admin', name: null }],
    ]);
    expect(entries[0]?.data).toMatchObject({
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      'status.before': 'final',
      'score.before': '2–0',
      'score.after': '2–1',
      'minute.after': 12,
    });
    expect(entries[1]?.data).toMatchObject({ 'status.before': 'live', 'score.after': '2–0' });
    expect(entries[2]?.data).toMatchObject({ homeTeam: 'Everton', after: moved });
    expect(JSON.stringify(entries)).not.toContain('log-admin@example.com');
  });

  it('pages back 50 entries at a time', async () => {
    for (let i = 0; i < 50; i += 1) {
      tick();
      await member.patch(`/api/leagues/${leagueId}`, { joinByName: i % 2 === 0 });
    }
    const first = await log();
    expect(first.entries).toHaveLength(50);
    expect(first.nextBefore).not.toBeNull();
    const second = await log(member, `?before=${encodeURIComponent(first.nextBefore ?? '')}`);
    const all = [...first.entries, ...second.entries];
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(second.nextBefore).toBeNull();
    // 50 switches, 8 admin entries, 3 fixtures'.
    expect(all).toHaveLength(50 + 8 + 3);
    const bad = await member.get(`/api/leagues/${leagueId}/log?before=nonsense`);
    expect(bad.status).toBe(400);
  });
});
