import { describe, expect, it } from 'vitest';
import { goalAlertMessage, leadsDue, type AlertTeam } from './goal-alerts';

const fixture = {
  id: 'f1',
  homeTeam: 'Leeds United',
  awayTeam: 'Coventry City',
  homeScore: 1,
  awayScore: 0,
};
const team = (teamName: string, minute: number | null, more: Partial<AlertTeam> = {}) => ({
  teamName,
  leagueId: 'l1',
  firstGoalMinute: minute,
  joker: false,
  points: null,
  minutePoints: 3,
  ...more,
});

describe('what a goal alert says', () => {
  it('one message per player and moment, a line per team, the rest counted', () => {
    const message = goalAlertMessage(
      fixture,
      'goal:23',
      [
        team('Lions', 23, { joker: true, minutePoints: 6 }),
        team('Tigers', 40),
        team('Bears', 0),
        team('Wolves', 23),
        team('Foxes', 12),
      ],
      'en',
    );
    expect(message).toEqual({
      title: 'Goal 23′ — Leeds United 1–0 Coventry City',
      body: [
        'Lions: you called 23′. +6 with your joker',
        'Tigers: you called 40′ — not this time. Your 1X2 call still counts.',
        'Bears: you called no goal — not this time. Your 1X2 call still counts.',
        'and 2 more teams',
      ].join('\n'),
      url: '/league/l1/race/f1',
      tag: 'goal-f1',
      lang: 'en-GB',
    });
  });

  it('in the player’s language; a correction names their teams; full time gives the points', () => {
    expect(goalAlertMessage(fixture, 'goal:23', [team('Löwen', 23)], 'de').title).toBe(
      'Tor 23′ — Leeds United 1:0 Coventry City',
    );
    expect(
      goalAlertMessage(
        { ...fixture, homeScore: 0 },
        'undo:23',
        [team('Lions', 23), team('Tigers', 40)],
        'en',
      ).body,
    ).toBe('Lions and Tigers: the race for the first goal is on again.');
    expect(
      goalAlertMessage(
        fixture,
        'ft',
        [team('Lions', 23, { points: 8 }), team('Tigers', 40, { points: 1 })],
        'en',
      ).body,
    ).toBe('Lions: 8 points\nTigers: 1 point');
  });
});

describe('what a team is due', () => {
  it('the goal once, a correction only after being told, full time once', () => {
    expect(leadsDue({ status: 'live', goal: null }, [])).toEqual([]);
    expect(leadsDue({ status: 'live', goal: 23 }, [])).toEqual(['goal:23']);
    expect(leadsDue({ status: 'live', goal: 23 }, ['goal:23'])).toEqual([]);
    expect(leadsDue({ status: 'live', goal: null }, ['goal:23'])).toEqual(['undo:23']);
    expect(leadsDue({ status: 'live', goal: 90 }, ['goal:23'])).toEqual(['undo:23', 'goal:90']);
    expect(leadsDue({ status: 'live', goal: 90 }, ['goal:23', 'undo:23', 'goal:90'])).toEqual([]);
    expect(leadsDue({ status: 'final', goal: 90 }, ['goal:90'])).toEqual(['ft']);
    expect(leadsDue({ status: 'final', goal: 90 }, ['goal:90', 'ft'])).toEqual([]);
  });
});
