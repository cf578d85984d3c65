import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// An injectable clock: the server's "now" is whatever the test says.
let clock = new Date('2030-05-01T12:00:00Z');
let ann: Agent;
let annTeam: string;
let annSecond: string;
let leagueId: string;
let inviteCode: string;

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'pt-admin@example.com' } });
beforeAll(async () => {
  await insertFixtures(t, [
    { id: 'pt_open1', kickoffAt: hoursFrom(clock, 2) },
    { id: 'pt_open2', kickoffAt: hoursFrom(clock, 3) },
    { id: 'pt_open3', kickoffAt: hoursFrom(clock, 4) },
    { id: 'pt_open4', kickoffAt: hoursFrom(clock, 5) },
    { id: 'pt_late', kickoffAt: hoursFrom(clock, 1) },
    { id: 'pt_past', kickoffAt: hoursFrom(clock, -2) },
    { id: 'pt_tbd', kickoffAt: hoursFrom(clock, 24), home: 'TBD' },
    { id: 'pt_other', kickoffAt: hoursFrom(clock, 24), competitionId: 'bundesliga_2025' },
  ]);
  ann = await player(t, 'Ann');
  const created = await createLeague(ann, 'Prediction League', 'Ann United', {
    secondTeamName: 'Ann Rovers',
  });
  leagueId = created.league.id;
  inviteCode = created.league.inviteCode;
  annTeam = created.teams[0]?.id ?? '';
  annSecond = created.teams[1]?.id ?? '';
});

const save = (agent: Agent, teamId: string, predictions: unknown[]) =>
  agent.put('/api/predictions', { teamId, predictions });
const mine = async (teamId: string) => (await ann.get(`/api/predictions?teamId=${teamId}`)).body;

describe('saving predictions', () => {
  it('saves open fixtures, reports the kicked-off one, and keeps jokers within two', async () => {
    const res = await save(ann, annTeam, [
      { fixtureId: 'pt_open1', outcome: '1', firstGoalMinute: 12, joker: true },
      { fixtureId: 'pt_open2', outcome: 'X', firstGoalMinute: 0 },
      { fixtureId: 'pt_past', outcome: '2', firstGoalMinute: 30 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      saved: ['pt_open1', 'pt_open2'],
      locked: ['pt_past'],
      jokersRemaining: 1,
      jokerUsed: true,
      teamName: 'Ann United',
      leagueName: 'Prediction League',
    });
    const saved = await mine(annTeam);
    expect(saved.jokersRemaining).toBe(1);
    expect(
      saved.predictions
        .map((p: any) => [p.fixtureId, p.outcome, p.firstGoalMinute, p.joker])
        .sort(),
    ).toEqual([
      ['pt_open1', '1', 12, true],
      ['pt_open2', 'X', 0, false],
    ]);
  });

  it.each([
    ['outcome Y', { fixtureId: 'pt_open3', outcome: 'Y', firstGoalMinute: 10 }, 400],
    ['minute 91', { fixtureId: 'pt_open3', outcome: '1', firstGoalMinute: 91 }, 400],
    ['minute -1', { fixtureId: 'pt_open3', outcome: '1', firstGoalMinute: -1 }, 400],
    ['minute 2.5', { fixtureId: 'pt_open3', outcome: '1', firstGoalMinute: 2.5 }, 400],
    ["minute '45+2'", { fixtureId: 'pt_open3', outcome: '1', firstGoalMinute: '45+2' }, 400],
    ['an unknown fixture', { fixtureId: 'pt_nope', outcome: '1' }, 404],
    ["another competition's fixture", { fixtureId: 'pt_other', outcome: '1' }, 400],
    ['a TBD fixture', { fixtureId: 'pt_tbd', outcome: '1' }, 400],
  ])('refuses %s and changes nothing', async (_label, bad, status) => {
    const before = await mine(annTeam);
    const res = await save(ann, annTeam, [
      { fixtureId: 'pt_open4', outcome: '2', firstGoalMinute: 5 },
      bad,
    ]);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBeTruthy();
    expect(await mine(annTeam)).toEqual(before);
  });

  it('refuses a third joker and changes nothing; a joker can move before kick-off', async () => {
    expect(
      (await save(ann, annTeam, [{ fixtureId: 'pt_open3', outcome: '1', joker: true }])).body
        .jokersRemaining,
    ).toBe(0);
    const third = await save(ann, annTeam, [{ fixtureId: 'pt_open4', outcome: '1', joker: true }]);
    expect([third.status, third.body.error.code]).toEqual([409, 'JOKER_LIMIT']);
    const moved = await save(ann, annTeam, [
      { fixtureId: 'pt_open3', outcome: '1', joker: false },
      { fixtureId: 'pt_open4', outcome: '1', joker: true },
    ]);
    expect(moved.status).toBe(200);
    expect(moved.body.jokersRemaining).toBe(0);
  });

  it("refuses writes to someone else's team and reading it", async () => {
    const bob = await player(t, 'Bob');
    const joined = await bob.post('/api/leagues/join', {
      codeOrName: inviteCode,
      teamName: 'Bob XI',
    });
    const bobTeam = joined.body.team.id;
    const res = await save(ann, bobTeam, [{ fixtureId: 'pt_open1', outcome: '1' }]);
    expect([res.status, res.body.error.code]).toEqual([403, 'NOT_YOUR_TEAM']);
    expect((await ann.get(`/api/predictions?teamId=${bobTeam}`)).status).toBe(403);
    expect(
      (await ann.delete('/api/predictions', { teamId: bobTeam, fixtureIds: ['pt_open1'] })).status,
    ).toBe(403);
    expect(
      (
        await t.agent().put('/api/predictions', {
          teamId: bobTeam,
          predictions: [{ fixtureId: 'pt_open1', outcome: '1' }],
        })
      ).status,
    ).toBe(401);
    // Before kick-off Ann may only see that Bob has predicted, not what.
    await save(bob, bobTeam, [{ fixtureId: 'pt_late', outcome: '2', firstGoalMinute: 77 }]);
    const hidden = await ann.get(`/api/predictions/league/${leagueId}/fixtures/pt_late`);
    expect([hidden.status, hidden.body.error.code]).toEqual([403, 'PREDICTIONS_HIDDEN']);
    const overview = await ann.get(`/api/predictions/league/${leagueId}`);
    const late = overview.body.fixtures.find((f: any) => f.id === 'pt_late');
    expect(late.entries.find((e: any) => e.teamName === 'Bob XI')).toMatchObject({
      predicted: true,
      outcome: null,
      firstGoalMinute: null,
    });
  });

  it('keeps a prediction saved before kick-off through every later save and delete', async () => {
    await save(ann, annTeam, [
      { fixtureId: 'pt_late', outcome: 'X', firstGoalMinute: 33, joker: false },
    ]);
    clock = hoursFrom(clock, 1); // pt_late kicks off now
    const resave = await save(ann, annTeam, [
      { fixtureId: 'pt_late', outcome: '1', firstGoalMinute: 1 },
    ]);
    expect(resave.body.locked).toEqual(['pt_late']);
    const del = await ann.delete('/api/predictions', {
      teamId: annTeam,
      fixtureIds: ['pt_late', 'pt_open2'],
    });
    expect(del.body).toEqual({ deleted: ['pt_open2'], locked: ['pt_late'] });
    const kept = (await mine(annTeam)).predictions.find((p: any) => p.fixtureId === 'pt_late');
    expect(kept).toMatchObject({ outcome: 'X', firstGoalMinute: 33 });
    // After kick-off members see every pick.
    const revealed = await ann.get(`/api/predictions/league/${leagueId}/fixtures/pt_late`);
    expect(revealed.status).toBe(200);
    expect(revealed.body.entries.find((e: any) => e.teamName === 'Bob XI')).toMatchObject({
      outcome: '2',
      firstGoalMinute: 77,
    });
    const outsider = await player(t);
    expect(
      (await outsider.get(`/api/predictions/league/${leagueId}/fixtures/pt_late`)).status,
    ).toBe(403);
  });
});

describe('copy and multi-league', () => {
  it('copies outcome and minute but not jokers, skipping kicked-off fixtures', async () => {
    const res = await ann.post('/api/predictions/copy', {
      fromTeamId: annTeam,
      toTeamId: annSecond,
    });
    expect(res.status).toBe(200);
    const copied = (await mine(annSecond)).predictions;
    expect(copied.every((p: any) => p.joker === false)).toBe(true);
    expect(copied.map((p: any) => p.fixtureId).sort()).toEqual([
      'pt_open1',
      'pt_open3',
      'pt_open4',
    ]);
    expect(res.body).toEqual({ copied: 3, leagueName: 'Prediction League' });
  });

  it('applies the same picks to several teams, and needs at least one', async () => {
    const res = await ann.put('/api/predictions/multi', {
      teamIds: [annTeam, annSecond],
      predictions: [{ fixtureId: 'pt_open2', outcome: '2', firstGoalMinute: 60 }],
    });
    expect(res.body).toMatchObject({ saved: 1, teams: 2 });
    for (const team of [annTeam, annSecond]) {
      expect(
        (await mine(team)).predictions.find((p: any) => p.fixtureId === 'pt_open2'),
      ).toMatchObject({ outcome: '2', firstGoalMinute: 60 });
    }
    const none = await ann.put('/api/predictions/multi', {
      teamIds: [],
      predictions: [{ fixtureId: 'pt_open2', outcome: '2' }],
    });
    expect([none.status, none.body.error.message]).toEqual([
      400,
      'Please select at least one league to save predictions.',
    ]);
  });

  it('lists my predictions newest first for /team, each with its result and points', async () => {
    const res = await ann.get('/api/predictions/mine');
    expect(res.status).toBe(200);
    expect(res.body.predictions.length).toBeGreaterThan(3);
    const times = res.body.predictions.map((p: any) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const open1 = (body: any) =>
      body.predictions.find((p: any) => p.fixtureId === 'pt_open1' && p.teamId === annTeam);
    expect(open1(res.body)).toMatchObject({ result: null, points: null, outcome: '1' });

    // Full time 2-1, first goal in minute 12: the joker's pick scores (1 + 3) × 2.
    const admin = t.agent();
    await admin.signUp('pt-admin@example.com', 'correct-horse-9', 'Site Admin');
    clock = hoursFrom(clock, 4);
    const scored = await admin.patch('/api/admin/fixtures/pt_open1', {
      status: 'final',
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: 12,
    });
    expect(scored.status).toBe(200);
    const after = await ann.get('/api/predictions/mine');
    expect(open1(after.body)).toMatchObject({
      status: 'final',
      result: { homeScore: 2, awayScore: 1, firstGoalMinute: 12 },
      outcome: '1',
      firstGoalMinute: 12,
      joker: true,
      points: 8,
    });
  });
});
