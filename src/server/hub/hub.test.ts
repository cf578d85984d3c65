import { describe, expect, it } from 'vitest';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';

// A season of our own, well after the built-in fixtures: the clock sits between Matchday 2 (with
// results) and Matchday 3 (open).
const t = appPerFile({ now: () => new Date('2031-03-01T12:00:00Z') });
const season = '2030-31';

describe('the home hub', () => {
  it('gives each team its rank, the rank before the latest round, missing picks and the latest results with their points', async () => {
    const { db } = t.services.database;
    await insertFixtures(t, [
      { id: 'hub_1', kickoffAt: '2031-02-20T15:00:00Z', season, round: 'Matchday 1' },
      { id: 'hub_2', kickoffAt: '2031-02-27T15:00:00Z', season, round: 'Matchday 2' },
      { id: 'hub_3', kickoffAt: '2031-03-02T15:00:00Z', season, round: 'Matchday 3' },
      { id: 'hub_4', kickoffAt: '2031-03-02T17:30:00Z', season, round: 'Matchday 3' },
      { id: 'hub_5', kickoffAt: '2031-03-09T15:00:00Z', season, round: 'Matchday 4' },
    ]);
    await setFinal(db, 'hub_1', { homeScore: 2, awayScore: 1, firstGoalMinute: 12 });
    await setFinal(db, 'hub_2', { homeScore: 0, awayScore: 3, firstGoalMinute: 70 });

    const ada = await player(t, 'Ada');
    const { league, teams } = await createLeague(ada, 'Hub League', 'Lions', {
      secondTeamName: 'Tigers',
    });
    const [lions, tigers] = teams;
    const others: Record<string, string> = {};
    for (const name of ['Bears', 'Cats']) {
      const p = await player(t, `${name} Boss`);
      others[name] = (
        await p.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: name })
      ).body.team.id;
    }
    // After Matchday 1: Lions 4, Bears 1, Cats and Tigers 0. Matchday 2: Cats 8 (a joker).
    const pick = (teamId: string, fixtureId: string, outcome: '1' | 'X' | '2', points: number) => ({
      teamId,
      fixtureId,
      outcome,
      firstGoalMinute: 12,
      points,
    });
    await bulkLoad(db, {
      predictions: [
        pick(lions?.id ?? '', 'hub_1', '1', 4),
        { ...pick(others.Bears ?? '', 'hub_1', '1', 1), firstGoalMinute: 50 },
        { ...pick(others.Cats ?? '', 'hub_1', '2', 0), firstGoalMinute: 50 },
        pick(lions?.id ?? '', 'hub_2', '1', 0),
        { ...pick(others.Cats ?? '', 'hub_2', '2', 8), joker: true, firstGoalMinute: 70 },
      ],
    });
    await t.services.standings.catchUp();
    // Lions have predicted one of Matchday 3's two fixtures.
    expect(
      (
        await ada.put('/api/predictions', {
          teamId: lions?.id,
          predictions: [{ fixtureId: 'hub_3', outcome: 'X', firstGoalMinute: 30 }],
        })
      ).status,
    ).toBe(200);

    const res = await ada.get('/api/leagues/hub');
    expect(res.status).toBe(200);
    expect(res.body.now).toBe('2031-03-01T12:00:00.000Z');
    const byName = Object.fromEntries(res.body.teams.map((team: any) => [team.teamName, team]));
    expect(Object.keys(byName).sort()).toEqual(['Lions', 'Tigers']);
    expect(byName.Lions).toMatchObject({
      leagueId: league.id,
      leagueName: 'Hub League',
      competitionId: 'premier_league',
      season,
      rank: 2,
      previousRank: 1,
      teams: 4,
      points: 4,
      nextRound: { round: 'Matchday 3', deadline: '2031-03-02T15:00:00.000Z', open: 2, missing: 1 },
    });
    // Level with Cats before Matchday 2 (they share rank 3); last now.
    expect(byName.Tigers).toMatchObject({
      rank: 4,
      previousRank: 3,
      points: 0,
      nextRound: { round: 'Matchday 3', open: 2, missing: 2 },
    });
    expect(
      res.body.results.map((r: any) => [r.fixtureId, r.homeScore, r.awayScore, r.picks]),
    ).toEqual([
      [
        'hub_2',
        0,
        3,
        [
          {
            teamId: lions?.id,
            teamName: 'Lions',
            leagueName: 'Hub League',
            outcome: '1',
            firstGoalMinute: 12,
            joker: false,
            points: 0,
          },
        ],
      ],
      [
        'hub_1',
        2,
        1,
        [
          {
            teamId: lions?.id,
            teamName: 'Lions',
            leagueName: 'Hub League',
            outcome: '1',
            firstGoalMinute: 12,
            joker: false,
            points: 4,
          },
        ],
      ],
    ]);
    expect(res.body.results[0]).toMatchObject({ round: 'Matchday 2', firstGoalMinute: 70 });
    expect(tigers).toBeDefined();
  });

  it('shows no movement after a new league’s first result (there was no table before it)', async () => {
    const { db } = t.services.database;
    const zoe = await player(t, 'Zoe');
    const { league, teams } = await createLeague(zoe, 'Fresh League', 'Zebras');
    const yak = await player(t, 'Yak');
    const yaks = (
      await yak.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: 'Yaks' })
    ).body.team.id as string;
    // Their first picks are of Matchday 2, the latest round with results: Yaks score 8, Zebras 0.
    await bulkLoad(db, {
      predictions: [
        {
          teamId: teams[0]?.id ?? '',
          fixtureId: 'hub_2',
          outcome: '1',
          firstGoalMinute: 12,
          points: 0,
        },
        {
          teamId: yaks,
          fixtureId: 'hub_2',
          outcome: '2',
          firstGoalMinute: 70,
          joker: true,
          points: 8,
        },
      ],
    });
    await t.services.standings.catchUp();
    const zebras = (await zoe.get('/api/leagues/hub')).body.teams.find(
      (team: { teamName: string }) => team.teamName === 'Zebras',
    );
    expect(zebras).toMatchObject({ rank: 2, previousRank: null, points: 0 });
    const yakTeam = (await yak.get('/api/leagues/hub')).body.teams[0];
    expect(yakTeam).toMatchObject({ rank: 1, previousRank: null, points: 8 });
  });

  it('is empty for a player without a league and refused without a session', async () => {
    const loner = await player(t, 'Loner');
    expect((await loner.get('/api/leagues/hub')).body).toEqual({
      now: '2031-03-01T12:00:00.000Z',
      teams: [],
      results: [],
      clubs: {},
    });
    const anonymous = await t.agent().get('/api/leagues/hub');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHENTICATED');
  });
});
