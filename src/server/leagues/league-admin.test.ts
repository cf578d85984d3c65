import { describe, expect, it } from 'vitest';
import { createLeague, player } from '../../../tests/setup/leagues';
import { bulkLoad } from '../../../tests/setup/bulk';
import { insertFixtures } from '../../../tests/setup/fixtures';
import { appPerFile } from '../../../tests/setup/test-app';

const t = appPerFile();

const setup = async (name: string) => {
  const admin = await player(t, 'Admin');
  const created = await createLeague(admin, name, 'Admin XI');
  const member = await player(t, 'Member');
  const joined = await member.post('/api/leagues/join', {
    codeOrName: created.league.inviteCode,
    teamName: 'Member FC',
  });
  return { admin, member, league: created.league, memberTeamId: joined.body.team.id as string };
};

describe('league admin', () => {
  it('renames, refusing a name another league has', async () => {
    const { admin, member, league } = await setup('Rename Me');
    await createLeague(await player(t), 'Taken Name', 'T');
    expect((await admin.patch(`/api/leagues/${league.id}`, { name: 'taken name' })).status).toBe(
      409,
    );
    const ok = await admin.patch(`/api/leagues/${league.id}`, { name: 'Renamed League' });
    expect(ok.status).toBe(200);
    expect(ok.body.league.name).toBe('Renamed League');
    const denied = await member.patch(`/api/leagues/${league.id}`, { name: 'Hijacked' });
    expect([denied.status, denied.body.error.code]).toEqual([403, 'NOT_LEAGUE_ADMIN']);
    expect((await t.agent().patch(`/api/leagues/${league.id}`, { name: 'Anon' })).status).toBe(401);
    expect((await t.agent().get(`/api/leagues/${league.id}`)).body.league.name).toBe(
      'Renamed League',
    );
  });

  it('regenerates the invite code; the old code stops working', async () => {
    const { admin, member, league } = await setup('Code Change');
    expect((await member.post(`/api/leagues/${league.id}/invite-code`)).status).toBe(403);
    const res = await admin.post(`/api/leagues/${league.id}/invite-code`);
    expect(res.status).toBe(200);
    expect(res.body.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(res.body.inviteCode).not.toBe(league.inviteCode);
    const newcomer = await player(t);
    expect(
      (
        await newcomer.post('/api/leagues/join', {
          codeOrName: league.inviteCode,
          teamName: 'Late',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await newcomer.post('/api/leagues/join', {
          codeOrName: res.body.inviteCode,
          teamName: 'Late',
        })
      ).status,
    ).toBe(201);
  });

  it('switches joining by name off (code only)', async () => {
    const { admin, member, league } = await setup('Code Only Club');
    expect((await member.patch(`/api/leagues/${league.id}`, { joinByName: false })).status).toBe(
      403,
    );
    expect(
      (await admin.patch(`/api/leagues/${league.id}`, { joinByName: false })).body.league
        .joinByName,
    ).toBe(false);
    const newcomer = await player(t);
    expect(
      (await newcomer.post('/api/leagues/join', { codeOrName: 'Code Only Club', teamName: 'N' }))
        .body.error.code,
    ).toBe('INVALID_LEAGUE');
    expect((await t.agent().get('/api/leagues/lookup?league=Code%20Only%20Club')).status).toBe(404);
    expect(
      (await newcomer.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'N' }))
        .status,
    ).toBe(201);
  });

  it('removes a team together with its predictions', async () => {
    const { admin, member, league, memberTeamId } = await setup('Removal League');
    const { db } = t.services.database;
    const now = new Date().toISOString();
    await insertFixtures(t, [{ id: 'removal_1', kickoffAt: '2030-01-01T15:00:00.000Z' }]);
    const pick = { teamId: memberTeamId, fixtureId: 'removal_1', outcome: '1' as const };
    await bulkLoad(db, { predictions: [{ ...pick, firstGoalMinute: 10 }] }, now);
    expect((await member.delete(`/api/leagues/${league.id}/teams/${memberTeamId}`)).status).toBe(
      403,
    );
    expect((await admin.delete(`/api/leagues/${league.id}/teams/not-a-team`)).status).toBe(404);
    expect((await admin.delete(`/api/leagues/${league.id}/teams/${memberTeamId}`)).status).toBe(
      200,
    );
    expect(
      await db.selectFrom('teams').select('id').where('id', '=', memberTeamId).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db
        .selectFrom('predictions')
        .select('team_id')
        .where('team_id', '=', memberTeamId)
        .execute(),
    ).toEqual([]);
  });

  it('deletes the league only when its name is typed', async () => {
    const { admin, member, league } = await setup('Doomed League');
    expect(
      (await member.delete(`/api/leagues/${league.id}`, { confirmName: 'Doomed League' })).status,
    ).toBe(403);
    const wrong = await admin.delete(`/api/leagues/${league.id}`, { confirmName: 'doomed league' });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, 'CONFIRM_NAME_MISMATCH']);
    expect(
      (await admin.delete(`/api/leagues/${league.id}`, { confirmName: 'Doomed League' })).status,
    ).toBe(200);
    expect((await t.agent().get(`/api/leagues/${league.id}`)).status).toBe(404);
    expect((await member.get('/api/leagues/mine')).body.leagues).toEqual([]);
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', league.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('league.delete');
  });

  it('never lets anyone create a team for another user', async () => {
    const { member, league } = await setup('Own Teams Only');
    const res = await member.post(`/api/leagues/${league.id}/teams`, {
      teamName: 'Mine',
      userId: 'someone-else',
    });
    expect(res.status).toBe(201);
    const team = await t.services.database.db
      .selectFrom('teams')
      .select('user_id')
      .where('id', '=', res.body.team.id)
      .executeTakeFirstOrThrow();
    expect(team.user_id).toBe((await member.get('/api/account/me')).body.user.id);
  });
});
