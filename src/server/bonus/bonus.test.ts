import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// Bonus questions (issue 14): the league admin asks, members answer per team until the
// deadline, others' answers stay hidden until then, settling gives points that join the table
// (its own column) and survive a rebuild; every admin step is audited.

let clock = new Date('2032-03-01T12:00:00Z');
const season = '2031-32';
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'bonus-admin@example.com' } });

let siteAdmin: Agent;
let owner: Agent;
let member: Agent;
let stranger: Agent;
let leagueId = '';
let ownerTeam = '';
let memberTeam = '';
let strangerTeam = '';
const deadline = () => hoursFrom(clock, 24).toISOString();

interface Question {
  id: string;
  kind: string;
  options: string[];
  closed: boolean;
  correct: string[] | null;
  mine: { teamId: string; answer: string; points: number | null }[];
  answers: { total: number; top: { answer: string; teams: number }[] } | null;
}
const list = async (agent: Agent) => {
  const res = await agent.get(`/api/leagues/${leagueId}/bonus`);
  expect(res.status).toBe(200);
  return res.body as { questions: Question[]; canManage: boolean; clubs: string[] };
};
const ask = (body: object, agent: Agent = owner) =>
  agent.post(`/api/leagues/${leagueId}/bonus`, body);
const answer = (agent: Agent, questionId: string, teamId: string, text: string) =>
  agent.put(`/api/leagues/${leagueId}/bonus/${questionId}/answers/${teamId}`, { answer: text });
const settle = (questionId: string, correct: string[], agent: Agent = owner) =>
  agent.post(`/api/leagues/${leagueId}/bonus/${questionId}/settle`, { correct });
const table = async () => {
  const res = await owner.get(`/api/leagues/${leagueId}/standings?season=${season}`);
  expect(res.status).toBe(200);
  return {
    bonus: res.body.bonus as boolean,
    rows: Object.fromEntries(
      (res.body.rows as { teamName: string; points: number; bonusPoints: number }[]).map((r) => [
        r.teamName,
        `${r.points} (${r.bonusPoints})`,
      ]),
    ),
  };
};

let champion = '';
let scorer = '';
let free = '';

beforeAll(async () => {
  siteAdmin = t.agent();
  await siteAdmin.signUp('bonus-admin@example.com', 'correct-horse-9', 'Site Admin');
  await insertFixtures(t, [
    { id: 'bq_1', kickoffAt: hoursFrom(clock, 2), season, home: 'Arsenal', away: 'Chelsea' },
    { id: 'bq_2', kickoffAt: hoursFrom(clock, 3), season, home: 'Everton', away: 'Leeds United' },
    { id: 'bq_3', kickoffAt: hoursFrom(clock, 4), season, home: 'TBD', away: 'TBD' },
  ]);
  owner = t.agent();
  await owner.signUp('bonus-owner@example.com', 'correct-horse-9', 'Olga');
  const created = await owner.post('/api/leagues', { leagueName: 'Bonus', teamName: 'Owls' });
  leagueId = created.body.league.id;
  ownerTeam = created.body.teams[0].id;
  member = t.agent();
  await member.signUp('bonus-member@example.com', 'correct-horse-9', 'Max');
  memberTeam = (
    await member.post('/api/leagues/join', {
      codeOrName: created.body.league.inviteCode,
      teamName: 'Magpies',
    })
  ).body.team.id;
  stranger = t.agent();
  await stranger.signUp('bonus-stranger@example.com', 'correct-horse-9', 'Sue');
  strangerTeam = (
    await stranger.post('/api/leagues', { leagueName: 'Elsewhere', teamName: 'Swans' })
  ).body.teams[0].id;
});

describe('bonus questions', () => {
  it('are asked by the league admin only, with checked fields', async () => {
    const good = { kind: 'champion', points: 5, deadline: deadline() };
    expect((await t.agent().post(`/api/leagues/${leagueId}/bonus`, good)).status).toBe(401);
    const refused = await ask(good, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('NOT_LEAGUE_ADMIN');
    for (const bad of [
      { ...good, points: 0 },
      { ...good, points: 21 },
      { ...good, points: 2.5 },
      { ...good, kind: 'goalkeeper' },
      { ...good, deadline: 'tomorrow' },
      { kind: 'free', points: 3, deadline: deadline(), options: ['A', 'B'] },
      { kind: 'free', prompt: 'Who wins?', points: 3, deadline: deadline(), options: ['A'] },
      { kind: 'free', prompt: 'Who wins?', points: 3, deadline: deadline(), options: ['A', 'a '] },
    ]) {
      const res = await ask(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    const past = await ask({ ...good, deadline: hoursFrom(clock, -1).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('BONUS_DEADLINE_PAST');
    const far = await ask({ ...good, deadline: hoursFrom(clock, 24 * 401).toISOString() });
    expect(far.body.error.code).toBe('BONUS_DEADLINE_FAR');
    expect((await list(owner)).questions).toEqual([]);
    expect((await table()).bonus).toBe(false);

    champion = (await ask(good)).body.id;
    scorer = (await ask({ kind: 'topScorer', points: 3, deadline: deadline() })).body.id;
    const created = await ask({
      kind: 'free',
      prompt: 'Who scores first in the derby?',
      options: ['Home side', 'Away side', 'Nobody'],
      points: 2,
      deadline: hoursFrom(clock, 48).toISOString(),
    });
    expect(created.status).toBe(201);
    free = created.body.id;
    const seen = await list(member);
    expect(seen.canManage).toBe(false);
    expect(seen.clubs).toEqual([]);
    expect(seen.questions.map((q) => q.kind)).toEqual(['champion', 'topScorer', 'free']);
    // The competition's clubs, placeholders of undecided ties left out.
    expect(seen.questions[0]?.options).toEqual(['Arsenal', 'Chelsea', 'Everton', 'Leeds United']);
    expect(seen.questions[1]?.options).toEqual([]);
    expect((await list(owner)).canManage).toBe(true);
    expect((await table()).bonus).toBe(true);
  });

  it('take one answer per team until the deadline, and hide others’ answers until then', async () => {
    const ok = await answer(member, champion, memberTeam, 'arsenal');
    expect(ok.status).toBe(200);
    expect(ok.body.answer).toBe('Arsenal');
    expect((await answer(owner, champion, ownerTeam, 'Chelsea')).status).toBe(200);
    expect((await answer(member, scorer, memberTeam, 'Erling Håland')).status).toBe(200);
    expect((await answer(owner, scorer, ownerTeam, 'erling  haland')).status).toBe(200);
    expect((await answer(owner, free, ownerTeam, 'Nobody')).status).toBe(200);

    const unknown = await answer(member, champion, memberTeam, 'Real Madrid');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('BONUS_UNKNOWN_ANSWER');
    expect((await answer(member, scorer, memberTeam, 'X')).body.error.code).toBe(
      'BONUS_UNKNOWN_ANSWER',
    );
    const notMine = await answer(member, champion, ownerTeam, 'Everton');
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.code).toBe('NOT_YOUR_TEAM');
    expect((await answer(stranger, champion, strangerTeam, 'Everton')).status).toBe(404);
    expect((await answer(member, 'nope', memberTeam, 'Everton')).status).toBe(404);
    expect(
      (
        await t.agent().put(`/api/leagues/${leagueId}/bonus/${champion}/answers/${memberTeam}`, {
          answer: 'Everton',
        })
      ).status,
    ).toBe(401);

    // The member changes their mind; the owner sees only their own answers.
    expect((await answer(member, champion, memberTeam, 'Everton')).status).toBe(200);
    const mine = (await list(member)).questions[0];
    expect(mine?.mine).toEqual([
      { teamId: memberTeam, teamName: 'Magpies', answer: 'Everton', points: null },
    ]);
    expect(mine?.answers).toBeNull();
    const theirs = (await list(owner)).questions[0];
    expect(theirs?.mine.map((a) => a.answer)).toEqual(['Chelsea']);
    expect(theirs?.answers).toBeNull();
    // The home hub counts the open questions each team has not answered yet.
    const hubCount = async (agent: Agent) =>
      ((await agent.get('/api/leagues/hub')).body.teams as { bonusToAnswer: number }[]).map(
        (team) => team.bonusToAnswer,
      );
    expect(await hubCount(member)).toEqual([1]);
    expect(await hubCount(owner)).toEqual([0]);
    const early = await settle(champion, ['Everton']);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('BONUS_OPEN');
  });

  it('close at the deadline, then show everybody’s answers and settle into the table', async () => {
    await member.put('/api/predictions', {
      teamId: memberTeam,
      predictions: [{ fixtureId: 'bq_1', outcome: '1', firstGoalMinute: 12, joker: false }],
    });
    clock = hoursFrom(clock, 25);
    const late = await answer(member, champion, memberTeam, 'Arsenal');
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('BONUS_CLOSED');
    expect(
      (
        await siteAdmin.patch('/api/admin/fixtures/bq_1', {
          status: 'final',
          homeScore: 1,
          awayScore: 0,
          firstGoalMinute: 30,
        })
      ).status,
    ).toBe(200);

    const closed = (await list(stranger)).questions[0];
    expect(closed?.closed).toBe(true);
    expect(closed?.answers).toEqual({
      total: 2,
      top: [
        { answer: 'Chelsea', teams: 1 },
        { answer: 'Everton', teams: 1 },
      ],
    });
    // Typed answers count as one when they differ only by accents, case and spacing.
    expect((await list(owner)).questions[1]?.answers?.top).toEqual([
      { answer: expect.stringMatching(/^erling/i), teams: 2 },
    ]);

    expect((await settle(champion, ['Everton'], member)).status).toBe(403);
    expect((await settle(champion, ['Real Madrid'])).body.error.code).toBe('BONUS_UNKNOWN_ANSWER');
    expect((await settle(champion, [])).status).toBe(400);
    expect((await settle(champion, ['everton'])).status).toBe(200);
    expect(await table()).toEqual({
      bonus: true,
      rows: { Magpies: '6 (5)', Owls: '0 (0)' },
    });
    const settled = (await list(member)).questions[0];
    expect(settled?.correct).toEqual(['Everton']);
    expect(settled?.mine[0]?.points).toBe(5);

    // Settling again corrects: the points move, nothing counts twice.
    expect((await settle(champion, ['Chelsea'])).status).toBe(200);
    expect((await table()).rows).toEqual({ Owls: '5 (5)', Magpies: '1 (0)' });
    expect((await settle(scorer, ['Erling Haaland', 'Erling Haland'])).status).toBe(200);
    expect((await table()).rows).toEqual({ Owls: '8 (8)', Magpies: '4 (3)' });
  });

  it('keeps the bonus through a rebuild of the table and takes it back with the question', async () => {
    expect(
      (await owner.patch(`/api/leagues/${leagueId}`, { rules: { outcomePoints: 2 } })).status,
    ).toBe(200);
    expect((await table()).rows).toEqual({ Owls: '8 (8)', Magpies: '5 (3)' });
    expect(
      (await siteAdmin.post('/api/admin/competitions/premier_league/rebuild-standings')).status,
    ).toBe(200);
    expect((await table()).rows).toEqual({ Owls: '8 (8)', Magpies: '5 (3)' });

    expect((await member.delete(`/api/leagues/${leagueId}/bonus/${scorer}`)).status).toBe(403);
    expect((await owner.delete(`/api/leagues/${leagueId}/bonus/${scorer}`)).status).toBe(200);
    expect((await table()).rows).toEqual({ Owls: '5 (5)', Magpies: '2 (0)' });
    expect((await owner.delete(`/api/leagues/${leagueId}/bonus/${scorer}`)).status).toBe(404);
    expect((await list(owner)).questions.map((q) => q.kind)).toEqual(['champion', 'free']);

    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', leagueId)
      .where('action', 'like', 'bonus.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'bonus.create',
      'bonus.create',
      'bonus.create',
      'bonus.delete',
      'bonus.settle',
      'bonus.settle',
      'bonus.settle',
    ]);
  });

  it('forgets a removed team’s answers and points', async () => {
    expect((await owner.delete(`/api/leagues/${leagueId}/teams/${memberTeam}`)).status).toBe(200);
    expect((await list(owner)).questions[0]?.answers).toEqual({
      total: 1,
      top: [{ answer: 'Chelsea', teams: 1 }],
    });
    expect((await table()).rows).toEqual({ Owls: '5 (5)' });
  });
});
