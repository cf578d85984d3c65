import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLeagueRules, scoringRulesOf, type LeagueRules } from '../../domain/league-rules';
import { pointsFor } from '../../domain/scoring';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// League rules (issue 14): read with the league, changed by its admin, enforced by the server
// (deadline, jokers) and scored set-based; the standings follow a change at once.

let clock = new Date('2032-03-01T12:00:00Z');
const season = '2031-32';
const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'rules-admin@example.com' } });

let siteAdmin: Agent;
let owner: Agent;
let member: Agent;
let leagueId = '';
let ownerTeam = '';
let memberTeam = '';

const rulesOf = async (agent: Agent = owner) =>
  (await agent.get(`/api/leagues/${leagueId}`)).body.league.rules as LeagueRules;
const patchRules = (rules: Record<string, unknown>, agent: Agent = owner) =>
  agent.patch(`/api/leagues/${leagueId}`, { rules });
const save = (agent: Agent, teamId: string, fixtureId: string, pick: object) =>
  agent.put('/api/predictions', {
    teamId,
    predictions: [{ fixtureId, outcome: '1', firstGoalMinute: 30, joker: false, ...pick }],
  });
const table = async () =>
  (
    (await owner.get(`/api/leagues/${leagueId}/standings?season=${season}`)).body.rows as {
      teamName: string;
      points: number;
    }[]
  ).map((r) => `${r.teamName} ${r.points}`);

beforeAll(async () => {
  siteAdmin = t.agent();
  await siteAdmin.signUp('rules-admin@example.com', 'correct-horse-9', 'Site Admin');
  await insertFixtures(t, [
    // Last season: played with the game's rules.
    { id: 'ru_old', kickoffAt: hoursFrom(clock, -24 * 300), season: '2030-31', round: 'R1' },
    { id: 'ru_1', kickoffAt: hoursFrom(clock, 1), season, round: 'Round 1' },
    { id: 'ru_2', kickoffAt: hoursFrom(clock, 2), season, round: 'Round 1' },
    { id: 'ru_3', kickoffAt: hoursFrom(clock, 48), season, round: 'Round 2' },
    { id: 'ru_4', kickoffAt: hoursFrom(clock, 72), season, round: 'Round 3' },
  ]);
  owner = t.agent();
  await owner.signUp('rules-owner@example.com', 'correct-horse-9', 'Rita');
  const created = await owner.post('/api/leagues', { leagueName: 'Rules', teamName: 'Rovers' });
  leagueId = created.body.league.id;
  ownerTeam = created.body.teams[0].id;
  member = t.agent();
  await member.signUp('rules-member@example.com', 'correct-horse-9', 'Mo');
  memberTeam = (
    await member.post('/api/leagues/join', {
      codeOrName: created.body.league.inviteCode,
      teamName: 'Mariners',
    })
  ).body.team.id;
});

describe('league rules', () => {
  it('are the game’s until the admin changes them; only the admin may', async () => {
    expect(await rulesOf(member)).toEqual(defaultLeagueRules);
    const refused = await patchRules({ outcomePoints: 2 }, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('NOT_LEAGUE_ADMIN');
    expect(
      (await t.agent().patch(`/api/leagues/${leagueId}`, { rules: { jokers: 1 } })).status,
    ).toBe(401);
  });

  it('refuse values out of range, fractions, strings and unknown rules, changing nothing', async () => {
    for (const bad of [
      { outcomePoints: 11 },
      { minutePoints: -1 },
      { jokers: 6 },
      { lockMinutesBefore: 121 },
      { nearMissMinutes: 2.5 },
      { jokers: '2' },
      { bonus: 1 },
      {},
    ]) {
      const res = await patchRules(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await rulesOf()).toEqual(defaultLeagueRules);
  });

  it('change only what a partial change names, audited', async () => {
    const res = await patchRules({ lockMinutesBefore: 30 });
    expect(res.status).toBe(200);
    expect(res.body.league.rules).toEqual({ ...defaultLeagueRules, lockMinutesBefore: 30 });
    expect(await rulesOf(member)).toEqual({ ...defaultLeagueRules, lockMinutesBefore: 30 });
    const audit = await t.services.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'league.rules')
      .where('entity_id', '=', leagueId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('close picks the league’s lock before kick-off, on the server', async () => {
    // ru_1 kicks off in 60 minutes, ru_2 in 120: with a 90-minute lock the first is closed.
    expect((await patchRules({ lockMinutesBefore: 90 })).status).toBe(200);
    const res = await save(member, memberTeam, 'ru_1', {});
    expect(res.status).toBe(200);
    expect(res.body.locked).toEqual(['ru_1']);
    expect(res.body.saved).toEqual([]);
    const open = await save(member, memberTeam, 'ru_2', {});
    expect(open.body.saved).toEqual(['ru_2']);
    // The league's board says so too; a league without the rule still takes the pick.
    const board = await member.get(`/api/predictions/league/${leagueId}?season=${season}`);
    const locked = Object.fromEntries(
      (board.body.fixtures as { id: string; locked: boolean }[]).map((f) => [f.id, f.locked]),
    );
    expect(locked).toMatchObject({ ru_1: true, ru_2: false });
    const other = await member.post('/api/leagues', { leagueName: 'No Lock', teamName: 'Free' });
    expect((await save(member, other.body.teams[0].id, 'ru_1', {})).body.saved).toEqual(['ru_1']);
    expect((await patchRules({ lockMinutesBefore: 0 })).status).toBe(200);
  });

  it('hold a team to the league’s jokers; a lower limit takes none away', async () => {
    expect((await patchRules({ jokers: 1 })).status).toBe(200);
    const first = await save(member, memberTeam, 'ru_3', { joker: true });
    expect(first.status).toBe(200);
    expect(first.body.jokersRemaining).toBe(0);
    const second = await save(member, memberTeam, 'ru_4', { joker: true });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('JOKER_LIMIT');
    // Down to none: the joker placed stays, other picks still save, no joker may be added.
    expect((await patchRules({ jokers: 0 })).status).toBe(200);
    const keep = await save(member, memberTeam, 'ru_3', { joker: true, firstGoalMinute: 31 });
    expect(keep.status).toBe(200);
    expect((await save(member, memberTeam, 'ru_4', {})).status).toBe(200);
    expect((await save(member, memberTeam, 'ru_4', { joker: true })).status).toBe(409);
    const picks = await member.get(`/api/predictions?teamId=${memberTeam}`);
    expect(picks.body.jokersRemaining).toBe(0);
    expect(
      (picks.body.predictions as { fixtureId: string; joker: boolean }[]).find(
        (p) => p.fixtureId === 'ru_3',
      )?.joker,
    ).toBe(true);
    expect((await patchRules({ jokers: 2 })).status).toBe(200);
  });

  it('score with the league’s points and near misses, and re-derive the table when they change', async () => {
    // Last season's fixture, scored with the game's rules while they applied.
    const { db } = t.services.database;
    await db
      .insertInto('predictions')
      .values({
        team_id: ownerTeam,
        fixture_id: 'ru_old',
        outcome: '1',
        first_goal_minute: 10,
        joker: 0,
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      })
      .execute();
    const result = (id: string, firstGoalMinute: number) =>
      siteAdmin.patch(`/api/admin/fixtures/${id}`, {
        status: 'final',
        homeScore: 2,
        awayScore: 1,
        firstGoalMinute,
      });
    expect((await result('ru_old', 10)).status).toBe(200);

    // This season: Rovers 1 @ 44 (joker), Mariners 1 @ 30 (saved above).
    expect(
      (await save(owner, ownerTeam, 'ru_2', { firstGoalMinute: 44, joker: true })).status,
    ).toBe(200);
    clock = hoursFrom(clock, 3);
    expect((await result('ru_2', 42)).status).toBe(200);
    expect(await table()).toEqual(['Rovers 2', 'Mariners 1']);

    // Outcome 2, minute 5, near miss ±2 for 3: Rovers (44 vs 42, joker) 2·(2+3) = 10.
    const rules = {
      outcomePoints: 2,
      minutePoints: 5,
      nearMissPoints: 3,
      nearMissMinutes: 2,
    };
    expect((await patchRules(rules)).status).toBe(200);
    const scoring = scoringRulesOf({ ...defaultLeagueRules, ...rules });
    const actual = { homeScore: 2, awayScore: 1, firstGoalMinute: 42 };
    const rovers = pointsFor({ outcome: '1', firstGoalMinute: 44, joker: true }, actual, scoring);
    const mariners = pointsFor(
      { outcome: '1', firstGoalMinute: 30, joker: false },
      actual,
      scoring,
    );
    expect([rovers, mariners]).toEqual([10, 2]);
    expect(await table()).toEqual([`Rovers ${rovers}`, `Mariners ${mariners}`]);

    // Last season keeps the points it was played for.
    const old = await owner.get(`/api/leagues/${leagueId}/standings?season=2030-31`);
    expect(old.body.rows.find((r: { teamName: string }) => r.teamName === 'Rovers').points).toBe(4);

    // Back to the game's rules: back to the game's points.
    expect((await patchRules({ ...defaultLeagueRules })).status).toBe(200);
    expect(await table()).toEqual(['Rovers 2', 'Mariners 1']);
  });
});
