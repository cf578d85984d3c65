import { describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';

// 'Download my data' and 'Delete my account' (issue 14).

let clock = new Date('2031-03-01T09:00:00Z');
const t = appPerFile({ now: () => clock });

describe('my data', () => {
  it('downloads everything held about the player, and nothing of anyone else', async () => {
    await insertFixtures(t, [{ id: 'ex_1', kickoffAt: hoursFrom(clock, 24), season: '2030-31' }]);
    const me = t.agent();
    await me.signUp('export-me@example.com', 'correct-horse-9', 'Exporter');
    const { league, teams } = await createLeague(me, 'Export League', 'Export Eagles');
    await me.put('/api/predictions', {
      teamId: teams[0]?.id,
      predictions: [{ fixtureId: 'ex_1', outcome: 'X', firstGoalMinute: 0, joker: true }],
    });
    await me.put('/api/reminders', { enabled: true });
    const asked = await me.post(`/api/leagues/${league.id}/bonus`, {
      kind: 'free',
      prompt: 'Who wins the derby?',
      options: ['Home', 'Away'],
      points: 4,
      deadline: hoursFrom(clock, 48).toISOString(),
    });
    await me.put(`/api/leagues/${league.id}/bonus/${asked.body.id}/answers/${teams[0]?.id}`, {
      answer: 'Away',
    });
    const other = await player(t, 'Someone Else');
    await other.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Others' });

    const res = await me.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('firstgoal-my-data.json');
    expect(res.body.account).toMatchObject({ email: 'export-me@example.com', name: 'Exporter' });
    expect(res.body.teams).toHaveLength(1);
    expect(res.body.teams[0]).toMatchObject({
      name: 'Export Eagles',
      league: { id: league.id, name: 'Export League' },
    });
    expect(res.body.teams[0].predictions).toEqual([
      expect.objectContaining({ fixtureId: 'ex_1', outcome: 'X', firstGoalMinute: 0, joker: true }),
    ]);
    expect(res.body.teams[0].bonusAnswers).toEqual([
      expect.objectContaining({
        question: expect.objectContaining({ kind: 'free', prompt: 'Who wins the derby?' }),
        answer: 'Away',
        points: null,
      }),
    ]);
    expect(res.body.leaguesYouRun.map((l: { id: string }) => l.id)).toEqual([league.id]);
    expect(res.body.settings).toEqual({ reminderMails: true, pushDevices: 0, calendarLink: null });
    expect(JSON.stringify(res.body)).not.toContain('Others');
    expect((await t.agent().get('/api/account/export')).status).toBe(401);
  });
});

describe('deleting my account', () => {
  it('asks for the typed word, then removes the account, its teams and the session', async () => {
    const me = t.agent();
    await me.signUp('delete-me@example.com', 'correct-horse-9', 'Leaving');
    const shared = await createLeague(me, 'Shared League', 'Leaving Lions');
    await createLeague(me, 'Solo League', 'Lonely Lynx');
    clock = new Date(clock.getTime() + 60_000);
    const first = await player(t, 'First Friend');
    await first.post('/api/leagues/join', {
      codeOrName: shared.league.inviteCode,
      teamName: 'First Foxes',
    });
    clock = new Date(clock.getTime() + 60_000);
    const second = await player(t, 'Second Friend');
    await second.post('/api/leagues/join', {
      codeOrName: shared.league.inviteCode,
      teamName: 'Second Seals',
    });

    for (const confirm of ['delete', 'yes', '']) {
      const refused = await me.delete('/api/account', { confirm });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await me.get('/api/account/me')).body.user.email).toBe('delete-me@example.com');

    const deleted = await me.delete('/api/account', { confirm: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.leagues).toHaveLength(2);
    // Signed out at once, and the account is gone.
    expect((await me.get('/api/account/me')).body.user).toBeNull();
    expect((await t.agent().signIn('delete-me@example.com')).status).toBe(401);
    // The shared league passes to the friend who joined first; the solo league is gone.
    const now = await first.get(`/api/leagues/${shared.league.id}`);
    expect(now.body.league.isAdmin).toBe(true);
    expect(now.body.members.map((m: { teamName: string }) => m.teamName).sort()).toEqual([
      'First Foxes',
      'Second Seals',
    ]);
    const solo = deleted.body.leagues.find((l: { deleted: boolean }) => l.deleted);
    expect((await t.agent().get(`/api/leagues/${solo.leagueId}`)).status).toBe(404);
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'account.delete')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
