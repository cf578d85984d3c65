import { beforeAll, describe, expect, it } from 'vitest';
import type { LeagueStory } from '../../domain/story';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { storyTelling } from './stories';

// The matchday story (issue 33): a league's round is told once every fixture of it is final,
// postponed or cancelled — from its own teams' picks and places — and told again, marked
// 'updated', when a correction changes it; members only; the league admin pins a message of
// their own above it.

let clock = new Date('2031-10-01T12:00:00Z');
const tick = (seconds = 7) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'story-admin@example.com' } });

let siteAdmin: Agent;
let owner: Agent;
let bob: Agent;
let cat: Agent;
let stranger: Agent;
let leagueId = '';
let otherLeagueId = '';
const team: Record<string, string> = {};

interface Stories {
  stories: LeagueStory[];
  pinned: { id: string; text: string | null } | null;
  canPin: boolean;
}
const stories = async (agent: Agent, league = leagueId) => {
  const res = await agent.get(`/api/leagues/${league}/stories`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Stories;
};
const save = async (agent: Agent, teamId: string, predictions: object[]) => {
  const res = await agent.put('/api/predictions', { teamId, predictions });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const pick = (fixtureId: string, outcome: string, firstGoalMinute: number, joker = false) => ({
  fixtureId,
  outcome,
  firstGoalMinute,
  joker,
});
const result = async (id: string, body: object) => {
  tick();
  const res = await siteAdmin.patch(`/api/admin/fixtures/${id}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const ref = (key: string, name: string) => ({ id: team[key], name });

beforeAll(async () => {
  siteAdmin = t.agent();
  await siteAdmin.signUp('story-admin@example.com', 'correct-horse-9', 'Site Admin');
  owner = await player(t, 'Olga');
  bob = await player(t, 'Bob');
  cat = await player(t, 'Cat');
  stranger = await player(t, 'Stan');
  const created = await createLeague(owner, 'Story League', 'Ann Albion');
  leagueId = created.league.id;
  team.a = created.teams[0]?.id ?? '';
  for (const [agent, key, name] of [
    [bob, 'b', 'Bob Borough'],
    [cat, 'c', 'Cat City'],
  ] as const) {
    const joined = await agent.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: name,
    });
    team[key] = joined.body.team.id;
  }
  // Another league on the same fixtures: its picks are never part of this league's story.
  const other = await createLeague(stranger, 'Other Story League', 'Stan United');
  otherLeagueId = other.league.id;
  team.s = other.teams[0]?.id ?? '';
  await insertFixtures(t, [
    { id: 'st_1', kickoffAt: hoursFrom(clock, 2), home: 'Arsenal', away: 'Chelsea' },
    { id: 'st_2', kickoffAt: hoursFrom(clock, 2), home: 'Everton', away: 'Leeds United' },
    {
      id: 'st_3',
      kickoffAt: hoursFrom(clock, 26),
      home: 'Fulham',
      away: 'Burnley',
      round: 'Matchday 2',
    },
    {
      id: 'st_4',
      kickoffAt: hoursFrom(clock, 26),
      home: 'Wolves',
      away: 'Spurs',
      round: 'Matchday 2',
    },
  ]);
  // Both rounds share one round_order (as cup rounds added by hand often do): their kick-offs
  // order them.
  await save(owner, team.a as string, [
    pick('st_1', '1', 12, true),
    pick('st_2', 'X', 0),
    pick('st_3', '2', 50),
  ]);
  await save(bob, team.b as string, [
    pick('st_1', '2', 14, true),
    pick('st_2', '1', 5),
    pick('st_3', '1', 20),
  ]);
  await save(cat, team.c as string, [
    pick('st_1', '1', 10),
    pick('st_2', '2', 30),
    pick('st_3', '1', 21),
  ]);
  await save(stranger, team.s as string, [pick('st_1', '1', 12), pick('st_2', 'X', 0)]);
});

describe('the matchday story', () => {
  it('is for members only', async () => {
    expect((await t.agent().get(`/api/leagues/${leagueId}/stories`)).status).toBe(401);
    const refused = await stranger.get(`/api/leagues/${leagueId}/stories`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('MEMBERS_ONLY');
    expect((await stories(siteAdmin)).canPin).toBe(false);
    expect(await stories(owner)).toEqual({ stories: [], pinned: null, canPin: true });
    expect((await stories(bob)).canPin).toBe(false);
  });

  it('waits for every fixture of the round, then tells it from the league’s own picks', async () => {
    clock = hoursFrom(clock, 4);
    await result('st_1', { status: 'final', homeScore: 2, awayScore: 1, firstGoalMinute: 12 });
    expect((await stories(bob)).stories).toEqual([]);
    await result('st_2', { status: 'final', homeScore: 0, awayScore: 0 });

    const [md1, ...rest] = (await stories(bob)).stories;
    expect(rest).toEqual([]);
    const f1 = { id: 'st_1', homeTeam: 'Arsenal', awayTeam: 'Chelsea', score: '2–1' };
    const f2 = { id: 'st_2', homeTeam: 'Everton', awayTeam: 'Leeds United', score: '0–0' };
    expect(md1).toMatchObject({ round: 'Matchday 1', updatedAt: null });
    expect(md1?.story).toEqual({
      played: 2,
      postponed: 0,
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
      closestMiss: {
        by: 2,
        items: [
          { team: ref('b', 'Bob Borough'), fixture: f1, minute: 14, actual: 12 },
          { team: ref('c', 'Cat City'), fixture: f1, minute: 10, actual: 12 },
        ],
      },
      jokersPaid: { total: 1, items: [{ team: ref('a', 'Ann Albion'), fixture: f1, points: 8 }] },
      jokersBurned: { total: 1, items: [{ team: ref('b', 'Bob Borough'), fixture: f1 }] },
      // The first round: nobody had a place before it.
      climber: null,
      faller: null,
      // The other league's Stan also called the draw: not this league's business.
      lonePicks: { total: 1, items: [{ team: ref('a', 'Ann Albion'), fixture: f2, outcome: 'X' }] },
      calls: [
        { fixture: f1, outcome: '1', right: 2, of: 3 },
        { fixture: f2, outcome: 'X', right: 1, of: 3 },
      ],
      earliestGoal: { fixture: f1, minute: 12 },
    });
    // The other league has its own story of one team.
    const [theirs] = (await stories(stranger, otherLeagueId)).stories;
    expect(theirs?.story.teams).toBe(1);
    expect(theirs?.story.winners?.teams).toEqual([ref('s', 'Stan United')]);
  });

  it("does not wait for a postponed match, and its places agree with the league's tables", async () => {
    clock = hoursFrom(clock, 24);
    await result('st_3', { status: 'final', homeScore: 1, awayScore: 0, firstGoalMinute: 20 });
    expect((await stories(owner)).stories.map((s) => s.round)).toEqual(['Matchday 1']);
    await result('st_4', { status: 'postponed' });
    const [md2, md1] = (await stories(owner)).stories;
    expect([md2?.round, md1?.round]).toEqual(['Matchday 2', 'Matchday 1']);
    expect(md2?.story).toMatchObject({
      played: 1,
      postponed: 1,
      winners: { teams: [ref('b', 'Bob Borough')], points: 4 },
      climber: { team: ref('b', 'Bob Borough'), from: 3, to: 2 },
      faller: { team: ref('c', 'Cat City'), from: 2, to: 3 },
      calls: [{ fixture: { id: 'st_3', score: '1–0' }, outcome: '1', right: 2, of: 3 }],
      lonePicks: { total: 0 },
      jokersPaid: { total: 0 },
    });
    // The standings say the same: the round's table and the season's places.
    const table = await owner.get(`/api/leagues/${leagueId}/standings?round=Matchday%202`);
    expect(table.status).toBe(200);
    const places = Object.fromEntries(
      (table.body.rows as { teamId: string; rank: number }[]).map((r) => [r.teamId, r.rank]),
    );
    expect([places[team.a as string], places[team.b as string], places[team.c as string]]).toEqual([
      1, 2, 3,
    ]);
    expect(table.body.round).toBe('Matchday 2');
    const chosen = (
      table.body.rounds as { round: string; winners: { teamId: string; points: number }[] }[]
    ).find((r) => r.round === 'Matchday 2');
    expect(chosen?.winners.map((w) => [w.teamId, w.points])).toEqual([[team.b, 4]]);
  });

  it("is told again after a correction, and says 'updated'", async () => {
    const before = (await stories(owner)).stories;
    clock = hoursFrom(clock, 1);
    await result('st_3', { firstGoalMinute: 21 });
    const [md2, md1] = (await stories(cat)).stories;
    expect(md2?.updatedAt).toBe(clock.toISOString());
    expect(md2?.createdAt).toBe(before[0]?.createdAt);
    expect(md2?.story.winners?.teams).toEqual([ref('c', 'Cat City')]);
    expect(md2?.story.exactMinutes.items.map((e) => e.team.name)).toEqual(['Cat City']);
    // The other round was not touched.
    expect(md1).toEqual(before[1]);
    // Withdrawn: the round is not over, its story is not shown.
    await result('st_3', { status: 'scheduled', homeScore: null, awayScore: null });
    expect((await stories(cat)).stories.map((s) => s.round)).toEqual(['Matchday 1']);
  });

  it('shows the message the league admin pinned above it', async () => {
    tick();
    const mine = await owner.post(`/api/leagues/${leagueId}/messages`, {
      text: 'Well played, Ann!',
    });
    tick();
    const theirs = await bob.post(`/api/leagues/${leagueId}/messages`, { text: 'Rigged.' });
    const pin = (agent: Agent, messageId: string) =>
      agent.put(`/api/leagues/${leagueId}/pin`, { messageId });
    const refused = await pin(bob, theirs.body.message.id);
    expect([refused.status, refused.body.error.code]).toEqual([403, 'NOT_LEAGUE_ADMIN']);
    const notOwn = await pin(owner, theirs.body.message.id);
    expect([notOwn.status, notOwn.body.error.code]).toEqual([403, 'NOT_YOUR_MESSAGE']);
    const elsewhere = await pin(owner, 'no-such-message');
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 'MESSAGE_NOT_FOUND']);
    expect((await pin(owner, '')).status).toBe(400);
    expect((await stories(bob)).pinned).toBeNull();

    expect((await pin(owner, mine.body.message.id)).status).toBe(200);
    expect((await stories(bob)).pinned).toMatchObject({
      id: mine.body.message.id,
      text: 'Well played, Ann!',
    });
    expect((await bob.delete(`/api/leagues/${leagueId}/pin`)).status).toBe(403);
    // Deleted: no longer shown, and a deleted message cannot be pinned.
    await owner.delete(`/api/leagues/${leagueId}/messages/${mine.body.message.id}`);
    expect((await stories(bob)).pinned).toBeNull();
    expect((await pin(owner, mine.body.message.id)).body.error.code).toBe('MESSAGE_GONE');
    expect((await owner.delete(`/api/leagues/${leagueId}/pin`)).status).toBe(200);
  });

  it('tells the newest round first when several wait, and the others on the next read', async () => {
    // A league first opened late: no story told yet, two rounds over; each read tells one.
    await t.services.database.db
      .deleteFrom('league_stories')
      .where('league_id', '=', leagueId)
      .execute();
    storyTelling.budgetMs = -1;
    try {
      clock = hoursFrom(clock, 1);
      await result('st_3', { status: 'final', homeScore: 1, awayScore: 0, firstGoalMinute: 20 });
      expect((await stories(bob)).stories.map((s) => s.round)).toEqual(['Matchday 2']);
      const both = (await stories(bob)).stories;
      expect(both.map((s) => s.round)).toEqual(['Matchday 2', 'Matchday 1']);
      // Told late, they say the same: places by the rounds up to each.
      expect(both[0]?.story.climber).toEqual({ team: ref('b', 'Bob Borough'), from: 3, to: 2 });
      expect(both[1]?.story.winners?.teams).toEqual([ref('a', 'Ann Albion')]);
      expect((await stories(bob)).stories).toEqual(both);
      // The postponed match rescheduled: the round's story stays (its matches are still final).
      await result('st_4', { status: 'scheduled', kickoffAt: hoursFrom(clock, 48).toISOString() });
      expect((await stories(bob)).stories.map((s) => s.round)).toEqual([
        'Matchday 2',
        'Matchday 1',
      ]);
    } finally {
      storyTelling.budgetMs = 1000;
    }
  });
});
