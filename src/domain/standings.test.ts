import { describe, expect, it } from 'vitest';
import { levelScores, rankFrom } from './standings';

const score = (points: number, exactMinutes = 0, correctOutcomes = 0) => ({
  points,
  exactMinutes,
  correctOutcomes,
});

describe('rankFrom', () => {
  it('gives level teams one rank and skips the places they take (1, 1, 3)', () => {
    const ranked = rankFrom([score(4), score(4), score(1)], 0, 1);
    expect(ranked.map((r) => r.rank)).toEqual([1, 1, 3]);
    expect(ranked.map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it('uses exact minutes, then correct outcomes, to break a tie on points', () => {
    const ranked = rankFrom([score(4, 1, 1), score(4, 0, 2), score(4, 0, 1), score(4, 0, 1)], 0, 1);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 3]);
  });

  it('continues a table from a later page: the first row keeps the rank it shares upwards', () => {
    // Rows 50…52 of a table where row 49 (the last of page 1) is level with row 50.
    const ranked = rankFrom([score(7), score(7), score(5)], 50, 50);
    expect(ranked.map((r) => r.rank)).toEqual([50, 50, 53]);
    expect(ranked.map((r) => r.position)).toEqual([50, 51, 52]);
  });

  it('ranks nothing when there are no rows', () => {
    expect(rankFrom([], 0, 1)).toEqual([]);
  });
});

describe('levelScores', () => {
  it('is level only when every tie-break is level', () => {
    expect(levelScores(score(3, 1, 2), score(3, 1, 2))).toBe(true);
    expect(levelScores(score(3, 1, 2), score(3, 1, 1))).toBe(false);
    expect(levelScores(score(3, 1, 2), score(3, 0, 2))).toBe(false);
  });
});
