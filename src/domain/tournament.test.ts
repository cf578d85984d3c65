import { describe, expect, it } from 'vitest';
import { bracketOf, stageTables, type TournamentFixture } from './tournament';

let n = 0;
const fixture = (
  round: string,
  homeTeam: string,
  awayTeam: string,
  score: [number, number] | null,
  extra: Partial<TournamentFixture> = {},
): TournamentFixture => {
  n += 1;
  return {
    id: `f${n}`,
    round,
    roundOrder: n,
    kickoffAt: new Date(Date.UTC(2026, 8, n)).toISOString(),
    homeTeam,
    awayTeam,
    tbd: false,
    status: score ? 'final' : 'scheduled',
    homeScore: score?.[0] ?? null,
    awayScore: score?.[1] ?? null,
    ...extra,
  };
};

describe('a tournament’s tables (issue 50)', () => {
  it('the league phase: points, goal difference, goals, every club from its first fixture', () => {
    const [table, ...rest] = stageTables([
      fixture('League phase - Matchday 1', 'Inter', 'Bayern', [2, 0]),
      fixture('League phase - Matchday 1', 'PSG', 'Arsenal', [1, 1]),
      fixture('League phase - Matchday 2', 'Bayern', 'PSG', [3, 1]),
      fixture('League phase - Matchday 2', 'Arsenal', 'Inter', null),
      fixture('Round of 16', 'Inter', 'PSG', [5, 0]),
    ]);
    expect(rest).toEqual([]);
    expect(table?.group).toBeNull();
    expect(
      table?.rows.map((r) => [r.team, r.played, r.points, r.goalsFor - r.goalsAgainst]),
    ).toEqual([
      ['Inter', 1, 3, 2],
      ['Bayern', 2, 3, 0],
      ['Arsenal', 1, 1, 0],
      ['PSG', 2, 1, -2],
    ]);
  });

  it('groups: one table each', () => {
    const tables = stageTables([
      fixture('Group B', 'C', 'D', [0, 1]),
      fixture('Group A', 'A', 'B', [1, 0]),
    ]);
    expect(tables.map((t) => [t.group, t.rows[0]?.team])).toEqual([
      ['Group A', 'A'],
      ['Group B', 'D'],
    ]);
  });

  it('the bracket: rounds in order, two legs one tie with its aggregate, slots kept apart', () => {
    const rounds = bracketOf([
      fixture('Round of 16', 'Bayern', 'Inter', [1, 2]),
      fixture('Round of 16', 'Inter', 'Bayern', [1, 1]),
      fixture('Round of 16', 'PSG', 'Arsenal', null),
      fixture('Quarterfinals', 'Round of 16 1 Winner', 'Round of 16 2 Winner', null, { tbd: true }),
      fixture('Quarterfinals', 'Round of 16 3 Winner', 'Round of 16 4 Winner', null, { tbd: true }),
      fixture('Final', 'TBD', 'TBD', null, { tbd: true }),
    ]);
    expect(rounds.map((r) => [r.round, r.ties.length])).toEqual([
      ['Round of 16', 2],
      ['Quarterfinals', 2],
      ['Final', 1],
    ]);
    expect(rounds[0]?.ties[0]).toMatchObject({
      home: 'Bayern',
      away: 'Inter',
      aggregate: [2, 3],
      tbd: false,
    });
    expect(rounds[0]?.ties[0]?.legs).toHaveLength(2);
    expect(rounds[0]?.ties[1]).toMatchObject({ aggregate: null });
    expect(rounds[1]?.ties.every((t) => t.tbd)).toBe(true);
  });
});
