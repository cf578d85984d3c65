import { describe, expect, it } from 'vitest';
import { insertFixtures, hoursFrom } from '../../../tests/setup/fixtures';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import { bulkLoad } from '../../../tests/setup/bulk';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { fillNameKeys } from './repository';

// Issue 11: the invite code only for members, removed players barred, names compared by one
// Unicode key, and other teams' counts only from fixtures with a result.

let clock = new Date('2026-11-22T12:00:00Z');
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'ref@example.com' } });

const userIdOf = async (agent: Agent) =>
  (await agent.get('/api/account/me')).body.user.id as string;

describe('the invite code', () => {
  it('goes to members and the admin only, or to whoever gave it', async () => {
    const admin = await player(t, 'Code Admin');
    const { league } = await createLeague(admin, 'Code Keepers', 'Keepers');
    const member = await player(t, 'Code Member');
    await member.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Inside' });
    const outsider = await player(t, 'Code Outsider');
    const visitor = t.agent();

    for (const agent of [admin, member]) {
      const page = await agent.get(`/api/leagues/${league.id}`);
      expect(page.body.league.inviteCode).toBe(league.inviteCode);
      expect(page.body.inviteLink).toContain(league.inviteCode);
      const table = await agent.get(`/api/leagues/${league.id}/standings`);
      expect(table.body.league.inviteCode).toBe(league.inviteCode);
    }
    for (const agent of [outsider, visitor, await guest(t)]) {
      const page = await agent.get(`/api/leagues/${league.id}`);
      expect(page.status).toBe(200);
      expect([page.body.league.inviteCode, page.body.inviteLink]).toEqual([null, null]);
      expect(JSON.stringify(page.body)).not.toContain(league.inviteCode);
      const table = await agent.get(`/api/leagues/${league.id}/standings`);
      expect(JSON.stringify(table.body)).not.toContain(league.inviteCode);
      const byName = await agent.get(
        `/api/leagues/lookup?league=${encodeURIComponent(league.name)}`,
      );
      expect(byName.status).toBe(200);
      expect(byName.body.league.inviteCode).toBeNull();
      // Given the code, the caller knows it already.
      const byCode = await agent.get(`/api/leagues/lookup?code=${league.inviteCode}`);
      expect(byCode.body.league.inviteCode).toBe(league.inviteCode);
    }
    // A league found by name is joined (and quick-joined) by its name.
    expect(
      (await outsider.post('/api/leagues/join', { codeOrName: league.name, teamName: 'By Name' }))
        .status,
    ).toBe(201);
    const quick = await t
      .agent()
      .post('/api/leagues/quick-join', { league: league.name, teamName: 'Quick By Name' });
    expect([quick.status, quick.body.league.inviteCode]).toEqual([200, league.inviteCode]);
  });
});

describe('a removed player', () => {
  it('cannot rejoin by code, name or link until the league admin lifts the bar', async () => {
    const admin = await player(t, 'Bar Admin');
    const { league } = await createLeague(admin, 'Barred Gates', 'Gatekeepers', {
      secondTeamName: 'Admin Reserve',
    });
    const removed = await player(t, 'Removed Rita');
    const joined = await removed.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'Troublemakers',
    });
    const removedId = await userIdOf(removed);

    // The admin removes the team and changes the code: the removed player learns nothing new.
    expect(
      (await admin.delete(`/api/leagues/${league.id}/teams/${joined.body.team.id}`)).status,
    ).toBe(200);
    const newCode = (await admin.post(`/api/leagues/${league.id}/invite-code`)).body.inviteCode;
    expect(JSON.stringify((await removed.get(`/api/leagues/${league.id}`)).body)).not.toContain(
      newCode,
    );

    // Even with the new code (shared by a friend), by name, by link (quick join): 403.
    for (const attempt of [
      () => removed.post('/api/leagues/join', { codeOrName: newCode, teamName: 'Back Again' }),
      () => removed.post('/api/leagues/join', { codeOrName: league.name, teamName: 'Back Again' }),
      () => removed.post('/api/leagues/quick-join', { code: newCode, teamName: 'Back Again' }),
    ]) {
      const res = await attempt();
      expect([res.status, res.body.error.code]).toEqual([403, 'REMOVED_FROM_LEAGUE']);
    }
    // Not a member any more: the league's name is simply taken.
    expect(
      (await removed.post('/api/leagues', { leagueName: league.name, teamName: 'Back Again' }))
        .status,
    ).toBe(409);
    expect((await removed.get('/api/leagues/mine')).body.leagues).toEqual([]);

    // Removing the admin's own team bars nobody.
    const reserve = (await admin.get(`/api/leagues/${league.id}`)).body.members.find(
      (m: { teamName: string }) => m.teamName === 'Admin Reserve',
    );
    await admin.delete(`/api/leagues/${league.id}/teams/${reserve.teamId}`);

    // Only the league admin sees and lifts bars.
    const outsider = await player(t, 'Bar Outsider');
    expect((await outsider.get(`/api/leagues/${league.id}/bars`)).status).toBe(403);
    expect((await removed.delete(`/api/leagues/${league.id}/bars/${removedId}`)).status).toBe(403);
    const bars = await admin.get(`/api/leagues/${league.id}/bars`);
    expect(bars.body.bars).toEqual([
      expect.objectContaining({
        userId: removedId,
        manager: 'Removed Rita',
        teamName: 'Troublemakers',
      }),
    ]);
    expect((await admin.delete(`/api/leagues/${league.id}/bars/${removedId}`)).status).toBe(200);
    expect((await admin.delete(`/api/leagues/${league.id}/bars/${removedId}`)).status).toBe(404);
    expect((await admin.get(`/api/leagues/${league.id}/bars`)).body.bars).toEqual([]);
    const back = await removed.post('/api/leagues/join', {
      codeOrName: newCode,
      teamName: 'Reformed',
    });
    expect(back.status).toBe(201);
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', league.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('league.lift_bar');
  });
});

describe('names', () => {
  it('are one name whatever their case or Unicode form, on both databases', async () => {
    const admin = await player(t, 'Unicode Admin');
    const { league } = await createLeague(admin, 'Équipe Paris', 'Équipe');
    const found = await t
      .agent()
      .get(`/api/leagues/lookup?league=${encodeURIComponent('ÉQUIPE PARIS')}`);
    expect([found.status, found.body.league?.id]).toEqual([200, league.id]);
    // NFKC: a ligature ('ﬃ') and its letters ('ffi') are one name too.
    const twin = await admin.post('/api/leagues', { leagueName: ' équipe paris ', teamName: 'X' });
    expect(twin.body.addedToExisting).toBe(true);
    const other = await player(t, 'Unicode Other');
    const clash = await other.post('/api/leagues', { leagueName: 'ÉQUIPE paris', teamName: 'Y' });
    expect([clash.status, clash.body.error.code]).toEqual([409, 'LEAGUE_NAME_TAKEN']);
    const team = await other.post('/api/leagues/join', {
      codeOrName: league.inviteCode,
      teamName: 'équipe',
    });
    expect([team.status, team.body.error.code]).toEqual([409, 'TEAM_NAME_TAKEN']);
    await createLeague(admin, 'Oﬃce League', 'Oﬃce');
    const office = await other.post('/api/leagues', { leagueName: 'office league', teamName: 'Z' });
    expect(office.status).toBe(409);
  });

  it('of rows a bulk load inserted without a key get one at start (a taken key: a suffix)', async () => {
    const admin = await player(t, 'Bulk Admin');
    const { league } = await createLeague(admin, 'Bulk Loaded', 'Straße');
    const { db } = t.services.database;
    const userId = await userIdOf(admin);
    const at = new Date().toISOString();
    const team = (id: string, name: string) => ({ id, leagueId: league.id, userId, name });
    const teams = [team('bulk-1', 'STRASSE'), team('bulk-2', 'Bulk Two')];
    await bulkLoad(db, { teams }, at);
    expect(await fillNameKeys(db, t.services.database.dialect)).toBe(2);
    const rows = await db
      .selectFrom('teams')
      .select(['id', 'name', 'name_key'])
      .where('id', 'in', ['bulk-1', 'bulk-2'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'bulk-1', name: 'STRASSE (2)', name_key: 'strasse (2)' },
      { id: 'bulk-2', name: 'Bulk Two', name_key: 'bulk two' },
    ]);
    expect(await fillNameKeys(db, t.services.database.dialect)).toBe(0);
    // Printable ASCII is keyed in SQL, anything else (a tab, an accent) by nameKey.
    await bulkLoad(db, { teams: [team('bulk-3', ' Bulk THREE '), team('bulk-4', '\tÉté\n')] }, at);
    expect(await fillNameKeys(db, t.services.database.dialect)).toBe(2);
    const keyed = await db
      .selectFrom('teams')
      .select(['id', 'name_key'])
      .where('id', 'in', ['bulk-3', 'bulk-4'])
      .orderBy('id')
      .execute();
    expect(keyed.map((r) => r.name_key)).toEqual(['bulk three', 'été']);
  });
});

describe("other teams' statistics", () => {
  it('count picks and jokers only of fixtures with a result', async () => {
    await insertFixtures(t, [
      { id: 'hd_1', kickoffAt: hoursFrom(clock, 2), season: '' },
      { id: 'hd_2', kickoffAt: hoursFrom(clock, 30), season: '' },
    ]);
    const owner = await player(t, 'Stats Owner');
    const { league, teams } = await createLeague(owner, 'Secret Jokers', 'Sly');
    const rival = await player(t, 'Stats Rival');
    await rival.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Nosy' });
    const saved = await owner.put('/api/predictions', {
      teamId: teams[0]?.id,
      predictions: [
        { fixtureId: 'hd_1', outcome: '1', firstGoalMinute: 20, joker: true },
        { fixtureId: 'hd_2', outcome: 'X', firstGoalMinute: null, joker: true },
      ],
    });
    expect(saved.status).toBe(200);
    const statsOf = async (agent: Agent) =>
      (await agent.get(`/api/leagues/${league.id}/standings`)).body.statistics.find(
        (s: { teamName: string }) => s.teamName === 'Sly',
      );
    // Nobody, the owner included, counts picks before kick-off (the same figures for everyone).
    for (const agent of [owner, rival, t.agent()])
      expect(await statsOf(agent)).toMatchObject({ predictions: 0, jokers: 0 });

    // hd_1 is played and scored: its pick and joker become visible, hd_2's stay hidden.
    const referee = t.agent();
    await referee.signUp('ref@example.com', 'correct-horse-9', 'Referee');
    clock = hoursFrom(clock, 4);
    const result = await referee.patch('/api/admin/fixtures/hd_1', {
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: '20',
      status: 'final',
    });
    expect(result.status).toBe(200);
    await t.services.standings.drain();
    expect(await statsOf(rival)).toMatchObject({ predictions: 1, jokers: 1, points: 8 });
    expect(await statsOf(owner)).toMatchObject({ predictions: 1, jokers: 1, points: 8 });

    // A corrected (un-finalised) result hides it again; a rebuild agrees with the moves.
    await referee.patch('/api/admin/fixtures/hd_1', { status: 'live' });
    await t.services.standings.drain();
    expect(await statsOf(rival)).toMatchObject({ predictions: 0, jokers: 0, points: 0 });
    const before = await t.services.database.db
      .selectFrom('team_totals')
      .selectAll()
      .where('team_id', '=', teams[0]?.id ?? '')
      .execute();
    expect(
      (await referee.post('/api/admin/competitions/premier_league/rebuild-standings')).status,
    ).toBe(200);
    await t.services.standings.drain();
    const after = await t.services.database.db
      .selectFrom('team_totals')
      .selectAll()
      .where('team_id', '=', teams[0]?.id ?? '')
      .execute();
    expect(after).toEqual(before);
  });
});
