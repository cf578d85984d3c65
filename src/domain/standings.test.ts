import { describe, expect, it } from 'vitest';
import { rankTeams, roundTables, standingsSummary, topTenPlus, type TeamTotals } from './standings';

const team = (
  teamName: string,
  points: number,
  exactMinutes = 0,
  correctOutcomes = 0,
  userId = 'u',
): TeamTotals => ({
  teamId: teamName,
  teamName,
  manager: 'M',
  userId,
  points,
  exactMinutes,
  correctOutcomes,
});

describe('rankTeams', () => {
  it('breaks ties by exact minutes, then outcomes, then shares the rank listed by name', () => {
    const ranked = rankTeams([
      team('b', 5, 1, 2),
      team('a', 5, 1, 2),
      team('c', 5, 2, 0),
      team('d', 5, 1, 3),
      team('e', 1),
    ]);
    expect(ranked.map((r) => [r.rank, r.teamName])).toEqual([
      [1, 'c'],
      [2, 'd'],
      [3, 'a'],
      [3, 'b'],
      [5, 'e'],
    ]);
  });
  it('gives 1, 1, 3 for two leaders level on everything', () => {
    expect(rankTeams([team('x', 4), team('y', 4), team('z', 1)]).map((r) => r.rank)).toEqual([
      1, 1, 3,
    ]);
  });
});

describe('topTenPlus', () => {
  it('shows the top 10 plus your own rows ranked lower', () => {
    const rows = rankTeams(
      Array.from({ length: 14 }, (_, i) =>
        team(`t${String(i).padStart(2, '0')}`, 100 - i, 0, 0, i === 12 ? 'me' : 'other'),
      ),
    );
    expect(topTenPlus(rows, 'me').map((r) => r.teamName)).toEqual([
      ...rows.slice(0, 10).map((r) => r.teamName),
      't12',
    ]);
    expect(topTenPlus(rows, null)).toHaveLength(10);
  });
});

describe('standingsSummary', () => {
  it('counts teams and rounds the average', () => {
    expect(standingsSummary([{ points: 4 }, { points: 1 }, { points: 0 }])).toEqual({
      totalTeams: 3,
      highestScore: 4,
      averageScore: 2,
    });
    expect(standingsSummary([])).toEqual({ totalTeams: 0, highestScore: 0, averageScore: 0 });
  });
});

describe('roundTables', () => {
  it('ranks each round on its own, latest first, with its winners (ties share the win)', () => {
    const teams = [team('Alpha', 9), team('Bravo', 9), team('Charlie', 2)];
    const tables = roundTables(teams, [
      {
        teamId: 'Alpha',
        round: 'Matchday 1',
        roundOrder: 1,
        points: 4,
        exactMinutes: 1,
        correctOutcomes: 1,
      },
      {
        teamId: 'Bravo',
        round: 'Matchday 1',
        roundOrder: 1,
        points: 4,
        exactMinutes: 0,
        correctOutcomes: 2,
      },
      {
        teamId: 'Alpha',
        round: 'Matchday 2',
        roundOrder: 2,
        points: 5,
        exactMinutes: 1,
        correctOutcomes: 2,
      },
      {
        teamId: 'Bravo',
        round: 'Matchday 2',
        roundOrder: 2,
        points: 5,
        exactMinutes: 1,
        correctOutcomes: 2,
      },
      {
        teamId: 'Charlie',
        round: 'Matchday 2',
        roundOrder: 2,
        points: 2,
        exactMinutes: 0,
        correctOutcomes: 2,
      },
    ]);
    expect(tables.map((t) => [t.round, t.winners.map((w) => w.teamName)])).toEqual([
      ['Matchday 2', ['Alpha', 'Bravo']],
      ['Matchday 1', ['Alpha']], // level on points, more exact minutes
    ]);
    expect(tables[1]?.rows.map((r) => [r.rank, r.teamName, r.points])).toEqual([
      [1, 'Alpha', 4],
      [2, 'Bravo', 4],
      [3, 'Charlie', 0],
    ]);
  });

  it('has no winner while nobody scored', () => {
    const tables = roundTables(
      [team('A', 0)],
      [{ teamId: 'A', round: 'R1', roundOrder: 1, points: 0, exactMinutes: 0, correctOutcomes: 0 }],
    );
    expect(tables[0]?.winners).toEqual([]);
  });
});
