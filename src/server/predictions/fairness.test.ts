import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { bulkLoad } from '../../../tests/setup/bulk';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';

// Fair deadlines (docs/design.md §3): a fixture is locked from its kick-off or as soon as it is live,
// final, postponed or cancelled; a final result needs a kick-off in the past; a cancelled
// fixture gives its joker back; jokers are counted per season.
const clock = new Date('2030-05-01T12:00:00Z');
let admin: Agent;
let ann: Agent;
let bob: Agent;
let annTeam: string;
let bobTeam: string;
let leagueId: string;

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'ref@example.com' } });
beforeAll(async () => {
  await insertFixtures(t, [
    ...[1, 2, 3, 4, 5, 6].map((n) => ({
      id: `fair_${n}`,
      kickoffAt: hoursFrom(clock, 24 + n),
      season: '2029-30',
    })),
    { id: 'fair_old', kickoffAt: hoursFrom(clock, -24 * 300), season: '2028-29' },
  ]);
  admin = t.agent();
  await admin.signUp('ref@example.com', 'correct-horse-9', 'Referee');
  ann = await player(t, 'Ann');
  const created = await createLeague(ann, 'Fair League', 'Ann United');
  leagueId = created.league.id;
  annTeam = created.teams[0]?.id ?? '';
  bob = await player(t, 'Bob');
  bobTeam = (
    await bob.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: 'Bob Rovers',
    })
  ).body.team.id;
});

const save = (agent: Agent, teamId: string, predictions: unknown[]) =>
  agent.put('/api/predictions', { teamId, predictions });
const edit = (id: string, patch: Record<string, unknown>) =>
  admin.patch(`/api/admin/fixtures/${id}`, patch);
const pick = (fixtureId: string, joker = false) => ({
  fixtureId,
  outcome: '1',
  firstGoalMinute: 10,
  joker,
});

describe('fair deadlines', () => {
  it('refuses a final result before kick-off, unless the same change brings the kick-off forward', async () => {
    expect((await save(ann, annTeam, [pick('fair_1')])).body.saved).toEqual(['fair_1']);
    const early = await edit('fair_1', {
      status: 'final',
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 5,
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('RESULT_BEFORE_KICKOFF');
    // Nothing changed: the fixture still takes picks.
    expect((await save(bob, bobTeam, [pick('fair_1')])).body.saved).toEqual(['fair_1']);

    // The match was brought forward and played an hour ago.
    const forward = await edit('fair_1', {
      kickoffAt: hoursFrom(clock, -2).toISOString(),
      status: 'final',
      homeScore: 1,
      awayScore: 0,
      firstGoalMinute: 10,
    });
    expect(forward.status).toBe(200);
    expect(forward.body.fixture).toMatchObject({ status: 'final', timeConfirmed: true });
    expect((await save(bob, bobTeam, [{ ...pick('fair_1'), outcome: 'X' }])).body).toMatchObject({
      saved: [],
      locked: ['fair_1'],
    });
    const standings = (await ann.get(`/api/leagues/${leagueId}/standings`)).body;
    expect(
      standings.rows.map((r: { teamName: string; points: number }) => [r.teamName, r.points]),
    ).toEqual([
      ['Ann United', 4],
      ['Bob Rovers', 4],
    ]);
  });

  it.each(['live', 'postponed', 'cancelled'] as const)(
    'locks a %s fixture before its kick-off; a rescheduled one opens again',
    async (status) => {
      const id = { live: 'fair_2', postponed: 'fair_3', cancelled: 'fair_4' }[status];
      expect((await save(ann, annTeam, [pick(id)])).body.saved).toEqual([id]);
      expect((await edit(id, { status })).status).toBe(200);
      const fixtures = (await ann.get('/api/competitions/premier_league/fixtures?season=2029-30'))
        .body.fixtures;
      expect(fixtures.find((f: { id: string }) => f.id === id)).toMatchObject({
        status,
        locked: true,
      });
      expect((await save(ann, annTeam, [{ ...pick(id), outcome: '2' }])).body).toMatchObject({
        saved: [],
        locked: [id],
      });
      expect(
        (await ann.delete('/api/predictions', { teamId: annTeam, fixtureIds: [id] })).body,
      ).toEqual({ deleted: [], locked: [id] });
      // Others' picks stay hidden: the match has not kicked off.
      const league = (await bob.get(`/api/predictions/league/${leagueId}`)).body.fixtures;
      const entry = league
        .find((f: { id: string }) => f.id === id)
        .entries.find((e: { teamName: string }) => e.teamName === 'Ann United');
      expect(entry).toMatchObject({ predicted: true, outcome: status === 'live' ? '1' : null });
      if (status === 'live') return;
      // Back on, a week later: open again, the saved pick kept.
      const rescheduled = await edit(id, {
        status: 'scheduled',
        kickoffAt: hoursFrom(clock, 24 * 7).toISOString(),
      });
      expect(rescheduled.status).toBe(200);
      expect((await save(ann, annTeam, [{ ...pick(id), outcome: 'X' }])).body.saved).toEqual([id]);
    },
  );

  it('gives a joker back when its fixture is cancelled', async () => {
    expect(
      (await save(bob, bobTeam, [pick('fair_5', true), pick('fair_6', true)])).body,
    ).toMatchObject({
      jokersRemaining: 0,
    });
    expect((await save(bob, bobTeam, [pick('fair_3', true)])).status).toBe(409);
    expect((await edit('fair_5', { status: 'cancelled' })).status).toBe(200);
    const mine = (await bob.get(`/api/predictions?teamId=${bobTeam}`)).body;
    expect(mine.jokersRemaining).toBe(1);
    expect(
      mine.predictions.find((p: { fixtureId: string }) => p.fixtureId === 'fair_5'),
    ).toMatchObject({
      joker: false,
      outcome: '1',
    });
    const audit = (await admin.get('/api/admin/audit?entityId=fair_5')).body.entries;
    expect(audit[0].after).toMatchObject({ status: 'cancelled', jokersReturned: 1 });
    // Un-cancelling does not bring the joker back onto the fixture.
    expect((await edit('fair_5', { status: 'scheduled' })).status).toBe(200);
    expect((await bob.get(`/api/predictions?teamId=${bobTeam}`)).body.jokersRemaining).toBe(1);
  });

  it("counts jokers per season: last season's jokers leave this season's two", async () => {
    const at = clock.toISOString();
    const { db } = t.services.database;
    await bulkLoad(
      db,
      { predictions: [{ teamId: annTeam, fixtureId: 'fair_old', outcome: '1', joker: true }] },
      at,
    );
    await insertFixtures(t, [
      { id: 'fair_old2', kickoffAt: hoursFrom(clock, -24 * 299), season: '2028-29' },
    ]);
    await bulkLoad(
      db,
      { predictions: [{ teamId: annTeam, fixtureId: 'fair_old2', outcome: 'X', joker: true }] },
      at,
    );
    const mine = (await ann.get(`/api/predictions?teamId=${annTeam}`)).body;
    expect(mine).toMatchObject({ season: '2029-30', jokersRemaining: 2 });
    expect((await save(ann, annTeam, [pick('fair_6', true)])).body.jokersRemaining).toBe(1);
  });
});

describe('seasons of a league', () => {
  it("count one season in the standings, with the league's earlier seasons readable", async () => {
    const at = clock.toISOString();
    // Last season's fixture was played; its picks (a bulk load) count once tallied.
    await t.services.database.db
      .updateTable('fixtures')
      .set({ status: 'final', home_score: 2, away_score: 1, first_goal_minute: 30, updated_at: at })
      .where('id', '=', 'fair_old')
      .execute();
    await t.services.standings.catchUp();
    const current = (await ann.get(`/api/leagues/${leagueId}/standings`)).body;
    expect(current.season).toBe('2029-30');
    expect(current.seasons).toEqual(['2029-30', '2028-29']);
    const old = (await ann.get(`/api/leagues/${leagueId}/standings?season=2028-29`)).body;
    expect(
      old.rows.map((r: { teamName: string; points: number }) => [r.teamName, r.points]),
    ).toEqual([
      ['Ann United', 2], // outcome 1 point, doubled by the joker
      ['Bob Rovers', 0],
    ]);
    expect(current.rows.find((r: { teamName: string }) => r.teamName === 'Ann United').points).toBe(
      4,
    );
    expect((await ann.get(`/api/leagues/${leagueId}/standings?season=1900`)).status).toBe(404);
    // The league page's fixtures are the current season's only.
    const fixtures = (await ann.get(`/api/predictions/league/${leagueId}`)).body;
    expect(fixtures.season).toBe('2029-30');
    expect(fixtures.fixtures.map((f: { id: string }) => f.id)).not.toContain('fair_old');
  });
});
