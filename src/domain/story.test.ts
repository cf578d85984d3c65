import { describe, expect, it } from 'vitest';
import { roundComplete, roundStory, storyListMax, type StoryPick } from './story';

// The facts of a finished round (issue 33), from a round of three fixtures (one postponed) and a
// league of four teams (one without picks).

const fixtures = [
  {
    id: 'f1',
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    status: 'final' as const,
    homeScore: 2,
    awayScore: 1,
    firstGoalMinute: 12,
  },
  {
    id: 'f2',
    homeTeam: 'Everton',
    awayTeam: 'Leeds United',
    status: 'final' as const,
    homeScore: 0,
    awayScore: 0,
    firstGoalMinute: 0,
  },
  {
    id: 'f3',
    homeTeam: 'Fulham',
    awayTeam: 'Burnley',
    status: 'postponed' as const,
    homeScore: null,
    awayScore: null,
    firstGoalMinute: null,
  },
];
const teams = [
  { id: 'a', name: 'Ann Albion', roundPoints: 12, placeBefore: 3, placeAfter: 1 },
  { id: 'b', name: 'Bob Borough', roundPoints: 0, placeBefore: 1, placeAfter: 2 },
  { id: 'c', name: 'Cat City', roundPoints: 1, placeBefore: 2, placeAfter: 3 },
  { id: 'd', name: 'Dan Dynamo', roundPoints: 0, placeBefore: null, placeAfter: 4 },
];
const pick = (
  teamId: string,
  fixtureId: string,
  outcome: StoryPick['outcome'],
  firstGoalMinute: number | null,
  points: number,
  joker = false,
): StoryPick => ({ teamId, fixtureId, outcome, firstGoalMinute, joker, points });
const picks = [
  pick('a', 'f1', '1', 12, 8, true),
  pick('a', 'f2', 'X', 0, 4),
  pick('b', 'f1', '2', 14, 0, true),
  pick('b', 'f2', '1', 5, 0),
  pick('c', 'f1', '1', 10, 1),
  pick('c', 'f2', '2', 30, 0),
  // A pick of the postponed fixture tells nothing yet.
  pick('d', 'f3', '1', 20, 0),
];
const ref = (id: string, name: string) => ({ id, name });
const f1 = { id: 'f1', homeTeam: 'Arsenal', awayTeam: 'Chelsea', score: '2–1' };
const f2 = { id: 'f2', homeTeam: 'Everton', awayTeam: 'Leeds United', score: '0–0' };

describe('a round', () => {
  it('is told once every fixture is final, postponed or cancelled, one at least final', () => {
    expect(roundComplete(fixtures)).toBe(true);
    expect(roundComplete([...fixtures, { ...fixtures[0], status: 'live' as const }])).toBe(false);
    expect(roundComplete([{ status: 'postponed' }, { status: 'cancelled' }])).toBe(false);
  });

  it("has its story's facts: winner, exact minutes, closest miss, jokers, movers, calls", () => {
    const story = roundStory({ fixtures, teams, picks });
    expect(story).toEqual({
      played: 2,
      postponed: 1,
      cancelled: 0,
      teams: 3,
      winners: { teams: [ref('a', 'Ann Albion')], total: 1, points: 12 },
      exactMinutes: {
        total: 2,
        items: [
          { team: ref('a', 'Ann Albion'), fixture: f1, minute: 12 },
          { team: ref('a', 'Ann Albion'), fixture: f2, minute: 0 },
        ],
      },
      // Two minutes off either side; a 'no goal' match has no distance.
      closestMiss: {
        by: 2,
        items: [
          { team: ref('b', 'Bob Borough'), fixture: f1, minute: 14, actual: 12 },
          { team: ref('c', 'Cat City'), fixture: f1, minute: 10, actual: 12 },
        ],
      },
      jokersPaid: { total: 1, items: [{ team: ref('a', 'Ann Albion'), fixture: f1, points: 8 }] },
      jokersBurned: { total: 1, items: [{ team: ref('b', 'Bob Borough'), fixture: f1 }] },
      climber: { team: ref('a', 'Ann Albion'), from: 3, to: 1 },
      // Two fell one place: the one higher up now is named.
      faller: { team: ref('b', 'Bob Borough'), from: 1, to: 2 },
      lonePicks: { total: 1, items: [{ team: ref('a', 'Ann Albion'), fixture: f2, outcome: 'X' }] },
      calls: [
        { fixture: f1, outcome: '1', right: 2, of: 3 },
        { fixture: f2, outcome: 'X', right: 1, of: 3 },
      ],
      earliestGoal: { fixture: f1, minute: 12 },
    });
  });

  it('has no winner when nobody scored, and no story when nothing was played', () => {
    const nobody = roundStory({
      fixtures,
      teams: teams.map((t) => ({ ...t, roundPoints: 0 })),
      picks: picks.map((p) => ({ ...p, points: 0 })),
    });
    expect(nobody?.winners).toBeNull();
    expect(
      roundStory({ fixtures: [fixtures[2] as (typeof fixtures)[number]], teams, picks }),
    ).toBeNull();
  });

  it('keeps long lists short, with their length', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: `t${String(i).padStart(2, '0')}`,
      name: `Team ${String(i).padStart(2, '0')}`,
      roundPoints: 4,
      placeBefore: i + 1,
      placeAfter: i + 1,
    }));
    const story = roundStory({
      fixtures,
      teams: many,
      picks: many.map((t) => pick(t.id, 'f1', '1', 12, 4)),
    });
    expect(story?.exactMinutes.total).toBe(30);
    expect(story?.exactMinutes.items).toHaveLength(storyListMax);
    expect(story?.winners?.total).toBe(30);
    expect(story?.winners?.teams).toHaveLength(storyListMax);
    expect(story?.climber).toBeNull();
    expect(story?.lonePicks.total).toBe(0);
  });

  it("names the round table's winner: level on points, more exact minutes wins", () => {
    const level = [
      {
        id: 'a',
        name: 'Ann Albion',
        roundPoints: 4,
        roundExact: 1,
        roundCorrect: 1,
        placeBefore: 1,
        placeAfter: 1,
      },
      {
        id: 'b',
        name: 'Bob Borough',
        roundPoints: 4,
        roundExact: 0,
        roundCorrect: 4,
        placeBefore: 2,
        placeAfter: 2,
      },
    ];
    const story = roundStory({
      fixtures,
      teams: level,
      picks: [pick('a', 'f1', '1', 12, 4), pick('b', 'f1', '1', 13, 1)],
    });
    expect(story?.winners).toEqual({ teams: [ref('a', 'Ann Albion')], total: 1, points: 4 });
  });
});
