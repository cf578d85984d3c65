import { beforeAll, describe, expect, it } from 'vitest';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// League and team statistics (issue 14) on a small league with known results, worked out by
// hand below. Round 1: st_1 final 2-1 (first goal 10'), st_2 final 1-1 (30'); Round 2: st_3
// final 0-0 (minute 0); Round 3: st_4 still to come. The game's rules: 1 for the outcome, 3 for
// the exact minute, a joker doubles.
//
//           st_1          st_2        st_3             R1  R2  total
//   Alpha   1 10' J → 8   1 45' → 0   X  0'   → 4       8   4  12  (2 correct, 2 exact, 1 draw)
//   Bravo   1 10'   → 4   X 30' → 4   X  5'   → 1       8   1   9  (3 correct, 2 exact, 2 draws)
//   Charlie 1 45'   → 1   X 45' → 1   X  0' J → 8       2   8  10  (3 correct, 1 exact, 2 draws)
//   Delta   —             —           —                 0   0   0
//
// Ranks by points so far: after R1 Alpha and Bravo share 1st, Charlie 3rd, Delta 4th; after R2
// Alpha 1st, Charlie 2nd, Bravo 3rd. Scored minutes: 45' ×3, 0' ×2, 10' ×2, then 30' and 5'.
const clock = new Date('2031-03-01T12:00:00Z');
const season = '2030-31';
const results = {
  st_1: { homeScore: 2, awayScore: 1, firstGoalMinute: 10 },
  st_2: { homeScore: 1, awayScore: 1, firstGoalMinute: 30 },
  st_3: { homeScore: 0, awayScore: 0, firstGoalMinute: 0 },
};

let alpha: Agent;
let bravo: Agent;
let admin: Agent;
let leagueId = '';
let otherLeagueTeam = '';
const team: Record<'Alpha' | 'Bravo' | 'Charlie' | 'Delta', string> = {
  Alpha: '',
  Bravo: '',
  Charlie: '',
  Delta: '',
};

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'stats-admin@example.com' } });
beforeAll(async () => {
  const { db } = t.services.database;
  admin = t.agent();
  await admin.signUp('stats-admin@example.com', 'correct-horse-9', 'Stats Admin');
  await insertFixtures(t, [
    { id: 'st_1', kickoffAt: hoursFrom(clock, -72), season, round: 'Round 1' },
    { id: 'st_2', kickoffAt: hoursFrom(clock, -70), season, round: 'Round 1' },
    { id: 'st_3', kickoffAt: hoursFrom(clock, -48), season, round: 'Round 2' },
    { id: 'st_4', kickoffAt: hoursFrom(clock, 48), season, round: 'Round 3' },
  ]);
  alpha = await player(t, 'Alpha Boss');
  const created = await createLeague(alpha, 'Stats League', 'Alpha');
  leagueId = created.league.id;
  team.Alpha = created.teams[0]?.id ?? '';
  bravo = await player(t, 'Bravo Boss');
  for (const [name, agent] of [
    ['Bravo', bravo],
    ['Charlie', await player(t, 'Charlie Boss')],
    ['Delta', await player(t, 'Delta Boss')],
  ] as const) {
    const joined = await agent.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: name,
    });
    team[name] = joined.body.team.id;
  }
  const other = await createLeague(
    await player(t, 'Other Boss'),
    'Other Stats League',
    'Elsewhere',
  );
  otherLeagueTeam = other.teams[0]?.id ?? '';

  // Played fixtures' picks arrive as a bulk load (the fixtures are locked for saves).
  const pick = (
    name: keyof typeof team,
    fixtureId: string,
    outcome: '1' | 'X' | '2',
    firstGoalMinute: number,
    joker = false,
  ) => ({ teamId: team[name], fixtureId, outcome, firstGoalMinute, joker });
  await bulkLoad(db, {
    predictions: [
      pick('Alpha', 'st_1', '1', 10, true),
      pick('Alpha', 'st_2', '1', 45),
      pick('Alpha', 'st_3', 'X', 0),
      pick('Bravo', 'st_1', '1', 10),
      pick('Bravo', 'st_2', 'X', 30),
      pick('Bravo', 'st_3', 'X', 5),
      pick('Charlie', 'st_1', '1', 45),
      pick('Charlie', 'st_2', 'X', 45),
      pick('Charlie', 'st_3', 'X', 0, true),
    ],
  });
  for (const [id, r] of Object.entries(results)) await setFinal(db, id, r);
  await t.services.standings.catchUp();
  // Picks of the fixture still to come: a draw at 45' twice, counted nowhere yet.
  for (const [agent, teamId] of [
    [alpha, team.Alpha],
    [bravo, team.Bravo],
  ] as const) {
    const saved = await agent.put('/api/predictions', {
      teamId,
      predictions: [{ fixtureId: 'st_4', outcome: 'X', firstGoalMinute: 45, joker: true }],
    });
    expect(saved.status).toBe(200);
  }
});

const statistics = (agent: Agent, query = '') =>
  agent.get(`/api/leagues/${leagueId}/statistics?season=${season}${query}`);

const leagueFigures = {
  scoredPredictions: 9,
  drawsLeaders: [
    // 2 of 3 each: level, in the table's order (Charlie has more points).
    { teamId: '', teamName: 'Charlie', draws: 2, predictions: 3 },
    { teamId: '', teamName: 'Bravo', draws: 2, predictions: 3 },
    { teamId: '', teamName: 'Alpha', draws: 1, predictions: 3 },
  ],
  topMinutes: [
    { minute: 45, predictions: 3 },
    { minute: 0, predictions: 2 },
    { minute: 10, predictions: 2 },
  ],
};
const withIds = (figures: typeof leagueFigures) => ({
  ...figures,
  drawsLeaders: figures.drawsLeaders.map((l) => ({
    ...l,
    teamId: team[l.teamName as keyof typeof team],
  })),
});

describe('league statistics', () => {
  it('names the draw callers and the most predicted minutes from scored picks only', async () => {
    const res = await statistics(bravo);
    expect(res.status).toBe(200);
    expect(res.body.season).toBe(season);
    // Alpha's and Bravo's picks of st_4 (a draw at 45') count nowhere before it is played.
    expect(res.body.league).toEqual(withIds(leagueFigures));
    expect(res.body.team).toBeNull();
  });

  it('gives a team accuracy, exact minutes, jokers, best round, rounds and ranks', async () => {
    // Bravo reads Alpha's: the joker on st_4 and the pick itself are not in it.
    const alphaStats = await statistics(bravo, `&teamId=${team.Alpha}`);
    expect(alphaStats.status).toBe(200);
    expect(alphaStats.body.team).toEqual({
      teamId: team.Alpha,
      teamName: 'Alpha',
      scoredPredictions: 3,
      correctOutcomes: 2,
      accuracy: 2 / 3,
      exactMinutes: 2,
      jokersUsed: 1,
      jokerPoints: 4,
      bestRound: { round: 'Round 1', points: 8 },
      rounds: [
        { round: 'Round 1', points: 8, rank: 1 },
        { round: 'Round 2', points: 4, rank: 1 },
      ],
      rank: 1,
      teams: 4,
    });
    // Alpha's own view counts the same: statistics are of played fixtures for everyone.
    expect((await statistics(alpha, `&teamId=${team.Alpha}`)).body.team).toEqual(
      alphaStats.body.team,
    );
    const teamOf = async (name: keyof typeof team) =>
      (await statistics(alpha, `&teamId=${team[name]}`)).body.team;
    expect(await teamOf('Bravo')).toMatchObject({
      accuracy: 1,
      exactMinutes: 2,
      jokersUsed: 0,
      jokerPoints: 0,
      bestRound: { round: 'Round 1', points: 8 },
      rounds: [
        { round: 'Round 1', points: 8, rank: 1 },
        { round: 'Round 2', points: 1, rank: 3 },
      ],
      rank: 3,
    });
    expect(await teamOf('Charlie')).toMatchObject({
      exactMinutes: 1,
      jokersUsed: 1,
      jokerPoints: 4,
      bestRound: { round: 'Round 2', points: 8 },
      rounds: [
        { round: 'Round 1', points: 2, rank: 3 },
        { round: 'Round 2', points: 8, rank: 2 },
      ],
      rank: 2,
    });
    expect(await teamOf('Delta')).toMatchObject({
      scoredPredictions: 0,
      accuracy: 0,
      bestRound: null,
      rounds: [
        { round: 'Round 1', points: 0, rank: 4 },
        { round: 'Round 2', points: 0, rank: 4 },
      ],
      rank: 4,
    });
  });

  it('follows a result taken back and given again', async () => {
    const edit = (body: object) => admin.patch('/api/admin/fixtures/st_2', body);
    const removed = await edit({
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      firstGoalMinute: null,
    });
    expect(removed.status).toBe(200);
    const without = (await statistics(alpha, `&teamId=${team.Bravo}`)).body;
    // st_2's picks leave: Bravo 1 draw of 2, Charlie 1 of 2 — below the 3 picks a leader needs.
    expect(without.league).toEqual({
      scoredPredictions: 6,
      drawsLeaders: [],
      topMinutes: [
        { minute: 0, predictions: 2 },
        { minute: 10, predictions: 2 },
        { minute: 5, predictions: 1 },
      ],
    });
    expect(without.team.rounds).toEqual([
      { round: 'Round 1', points: 4, rank: 2 },
      { round: 'Round 2', points: 1, rank: 3 },
    ]);
    expect((await edit({ status: 'final', ...results.st_2 })).status).toBe(200);
    expect((await statistics(alpha)).body.league).toEqual(withIds(leagueFigures));
  });

  it('answers 404 for a team of another league, an unknown league or season', async () => {
    const foreign = await statistics(alpha, `&teamId=${otherLeagueTeam}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('TEAM_NOT_FOUND');
    expect((await statistics(alpha, '&teamId=nobody')).status).toBe(404);
    const unknown = await t.agent().get('/api/leagues/no-such-league/statistics');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LEAGUE_NOT_FOUND');
    expect((await alpha.get(`/api/leagues/${leagueId}/statistics?season=1999-00`)).status).toBe(
      404,
    );
  });

  it('is open to whoever may read the standings, signed in or not', async () => {
    for (const agent of [t.agent(), await player(t, 'Outsider')]) {
      const standings = await agent.get(`/api/leagues/${leagueId}/standings?season=${season}`);
      const res = await statistics(agent, `&teamId=${team.Charlie}`);
      expect(res.status).toBe(standings.status);
      expect(res.body.team.teamName).toBe('Charlie');
    }
  });

  it('stays far below 64 KB', async () => {
    const res = await statistics(alpha, `&teamId=${team.Alpha}`);
    expect(JSON.stringify(res.body).length).toBeLessThan(64 * 1024);
  });
});
