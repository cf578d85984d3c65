import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import { RoundsChart, roundTick } from './rounds-chart';

const dom = domPerTest();

describe("a team's charts", () => {
  it('mark each round with its own number, not its place among the rounds shown', () => {
    const rounds = ['Matchday 1', 'Matchday 2', 'Matchday 3', 'Matchday 4', 'Matchday 12'].map(
      (round, i) => ({ round, points: i, rank: 1 + i }),
    );
    dom.render(<RoundsChart rounds={rounds} teams={12} teamName="Pat FC" />);
    const ticks = [
      ...dom.container.querySelectorAll(
        '[data-testid="stats-points-chart"] [data-testid="round-tick"]',
      ),
    ].map((t) => t.textContent);
    expect(ticks).toEqual(['1', '2', '3', '4', '12']);
  });

  it('mark a knockout round by its initials', () => {
    expect(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'].map(roundTick)).toEqual([
      '16',
      'QF',
      'SF',
      'F',
    ]);
  });
});
