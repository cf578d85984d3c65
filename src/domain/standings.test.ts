import { describe, expect, it } from 'vitest';
import { rankTeams, standingsSummary, topTenPlus, type TeamTotals } from './standings';

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
