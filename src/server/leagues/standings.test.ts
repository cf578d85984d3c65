import { describe, expect, it } from 'vitest';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';

const t = appPerFile({ now: () => new Date('2026-11-22T12:00:00Z') });

describe('standings', () => {
  it('ranks by points, then exact minutes, then outcomes; level teams share a rank', async () => {
    const { db } = t.services.database;
    const now = new Date().toISOString();
    const admin = await player(t, 'Admin');
    const { league, teams } = await createLeague(admin, 'Standings League', 'Delta');
    const teamIds: Record<string, string> = { Delta: teams[0]?.id ?? '' };
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Echo']) {
      const p = await player(t, `${name} Boss`);
      teamIds[name] = (
        await p.post('/api/leagues/join', { codeOrName: league.inviteCode, teamName: name })
      ).body.team.id;
    }
    // Final 2-1, first goal 45: outcome '1' correct, minute 45 exact.
    await insertFixtures(t, [
      { id: 'st_1', kickoffAt: '2025-08-15T19:00:00.000Z', season: '2026-27', round: 'Gameweek 1' },
    ]);
    await setFinal(db, 'st_1', { homeScore: 2, awayScore: 1, firstGoalMinute: 45 });
    // Points as the scoring engine would give them (tests set them through the repository layer).
    const predict = (team: string, outcome: '1' | 'X' | '2', minute: number, points: number) => {
      const pick = { teamId: teamIds[team] ?? '', fixtureId: 'st_1', outcome, points };
      return bulkLoad(db, { predictions: [{ ...pick, firstGoalMinute: minute }] }, now);
    };
    await predict('Alpha', '1', 45, 4); // exact + outcome
    await predict('Bravo', '1', 45, 4); // same as Alpha → shares rank 1
    await predict('Charlie', '2', 45, 3); // exact only
    await predict('Delta', '1', 10, 1); // outcome only
    // Echo has no prediction: 0.
    // Rows written straight to the table count once tallied (at start, or Save & Recalculate).
    await t.services.standings.catchUp();

    const res = await t.agent().get(`/api/leagues/${league.id}/standings`);
    expect(res.status).toBe(200);
    expect(
      res.body.rows.map((r: any) => [
        r.rank,
        r.teamName,
        r.points,
        r.exactMinutes,
        r.correctOutcomes,
      ]),
    ).toEqual([
      [1, 'Alpha', 4, 1, 1],
      [1, 'Bravo', 4, 1, 1],
      [3, 'Charlie', 3, 1, 0],
      [4, 'Delta', 1, 0, 1],
      [5, 'Echo', 0, 0, 0],
    ]);
    expect(res.body.summary).toEqual({ totalTeams: 5, highestScore: 4, averageScore: 2 });
    expect(res.body.statistics.find((s: any) => s.teamName === 'Alpha')).toMatchObject({
      predictions: 1,
      correctOutcomes: 1,
      exactMinutes: 1,
      jokers: 0,
      points: 4,
    });
    const mine = await admin.get(`/api/leagues/${league.id}/standings`);
    expect(mine.body.rows.filter((r: any) => r.mine).map((r: any) => r.teamName)).toEqual([
      'Delta',
    ]);
  });

  it('says so when the league is empty or unknown', async () => {
    expect((await t.agent().get('/api/leagues/unknown-league/standings')).status).toBe(404);
  });
});
