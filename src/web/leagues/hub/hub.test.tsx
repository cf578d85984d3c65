import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import type { HubResultItem } from '../shared/api';
import { LatestResults } from './hub';

const dom = domPerTest();

const result = (
  id: string,
  homeScore: number,
  awayScore: number,
  firstGoalMinute: number | null,
): HubResultItem => ({
  fixtureId: id,
  competitionName: 'Premier League',
  round: 'Matchday 4',
  homeTeam: 'Leeds United FC',
  awayTeam: 'Newcastle United FC',
  homeScore,
  awayScore,
  firstGoalMinute,
  kickoffAt: '2026-09-20T14:00:00.000Z',
  picks: [],
});

describe("the hub's latest results", () => {
  it("say 'No goals' only for a goalless result and wait for a minute not known yet", () => {
    dom.render(
      <LatestResults
        results={[result('a', 4, 1, null), result('b', 0, 0, null), result('c', 2, 1, 23)]}
      />,
    );
    const notes = [...dom.container.querySelectorAll('[data-testid="hub-result"] p.text-xs')].map(
      (p) => p.textContent,
    );
    expect(notes).toEqual([
      'Premier League · Matchday 4 · First-goal minute to be confirmed',
      'Premier League · Matchday 4 · No goals',
      "Premier League · Matchday 4 · First goal 23'",
    ]);
  });
});
