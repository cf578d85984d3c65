import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { saveGroupsState } from './service';

// Saves that arrive together (the kick-off rush) are committed together — on SQLite in its group
// commit (decision 010), on PostgreSQL in groups of one transaction (decision 022). Each save
// still gets its own answer: a refused one changes nothing and stops no other, two saves of one
// team never both place the last joker, and the totals they move equal a rebuild's.

const clock = new Date('2030-05-01T12:00:00Z');
const t = appPerFile({ now: () => clock });
const players = 24;
const members: { agent: Agent; teamId: string }[] = [];
let leagueId = '';

beforeAll(async () => {
  await insertFixtures(t, [
    { id: 'gs_1', kickoffAt: hoursFrom(clock, 2) },
    { id: 'gs_2', kickoffAt: hoursFrom(clock, 3) },
    { id: 'gs_3', kickoffAt: hoursFrom(clock, 4) },
    { id: 'gs_4', kickoffAt: hoursFrom(clock, 5) },
    { id: 'gs_past', kickoffAt: hoursFrom(clock, -1) },
  ]);
  const owner = await player(t, 'Owner');
  const created = await createLeague(owner, 'Rush League', 'Owner XI');
  leagueId = created.league.id;
  members.push({ agent: owner, teamId: created.teams[0]?.id ?? '' });
  for (let i = 1; i < players; i += 1) {
    const agent = await player(t, `Rusher ${i}`);
    const joined = await agent.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: `Rusher ${i}`,
    });
    expect(joined.status).toBe(201);
    members.push({ agent, teamId: (joined.body as { team: { id: string } }).team.id });
  }
});

const save = (agent: Agent, teamId: string, predictions: unknown[]) =>
  agent.put('/api/predictions', { teamId, predictions });

/** The league's kept totals, and the same after 'Rebuild standings' recomputed them. */
const totalsAgreeWithRebuild = async () => {
  const { db } = t.services.database;
  const read = () =>
    db
      .selectFrom('team_totals')
      .select(['team_id', 'season', 'predictions', 'jokers', 'points'])
      .where('league_id', '=', leagueId)
      .where((eb) => eb.or([eb('predictions', '<>', 0), eb('jokers', '<>', 0)]))
      .orderBy('team_id')
      .orderBy('season')
      .execute();
  const kept = (await read()).map((r) => ({
    ...r,
    predictions: Number(r.predictions),
    jokers: Number(r.jokers),
    points: Number(r.points),
  }));
  await t.services.standings.rebuildCompetition('premier_league');
  const rebuilt = (await read()).map((r) => ({
    ...r,
    predictions: Number(r.predictions),
    jokers: Number(r.jokers),
    points: Number(r.points),
  }));
  expect(kept).toEqual(rebuilt);
  return kept;
};

describe('saves that arrive together', () => {
  it('answers each save of a rush on its own, and the totals equal a rebuild', async () => {
    const before = saveGroupsState(t.services.database);
    const stranger = members[1] as { agent: Agent; teamId: string };
    const answers = await Promise.all(
      members.map(({ agent, teamId }, i) => {
        // One player tries another's team; one names a fixture that has kicked off.
        if (i === 5)
          return save(agent, stranger.teamId, [
            { fixtureId: 'gs_1', outcome: '1', firstGoalMinute: 5 },
          ]);
        const picks = [
          {
            fixtureId: 'gs_1',
            outcome: (['1', 'X', '2'] as const)[i % 3],
            firstGoalMinute: i,
            joker: i % 4 === 0,
          },
          { fixtureId: 'gs_2', outcome: '2', firstGoalMinute: 90 - i, joker: i % 4 === 0 },
          ...(i === 7 ? [{ fixtureId: 'gs_past', outcome: '1', firstGoalMinute: 3 }] : []),
        ];
        return save(agent, teamId, picks);
      }),
    );
    for (const [i, res] of answers.entries()) {
      if (i === 5) {
        expect(res.status).toBe(403);
        expect((res.body as { error: { code: string } }).error.code).toBe('NOT_YOUR_TEAM');
        continue;
      }
      expect(res.status).toBe(200);
      const body = res.body as { saved: string[]; locked: string[]; jokersRemaining: number };
      expect(body.saved).toEqual(['gs_1', 'gs_2']);
      expect(body.locked).toEqual(i === 7 ? ['gs_past'] : []);
      expect(body.jokersRemaining).toBe(i % 4 === 0 ? 0 : 2);
    }
    // The stranger's pick stands as its owner saved it, not as the other player sent it.
    const theirs = await stranger.agent.get(`/api/predictions?teamId=${stranger.teamId}`);
    const gs1 = (
      theirs.body as { predictions: { fixtureId: string; firstGoalMinute: number }[] }
    ).predictions.find((p) => p.fixtureId === 'gs_1');
    expect(gs1?.firstGoalMinute).toBe(1);
    const totals = await totalsAgreeWithRebuild();
    expect(totals.reduce((n, r) => n + r.predictions, 0)).toBe((players - 1) * 2);
    const after = saveGroupsState(t.services.database);
    // On PostgreSQL the rush went in fewer transactions than saves.
    if (before && after) {
      expect(after.units - before.units).toBe(players);
      expect(after.groups - before.groups).toBeLessThan(players);
    }
  });

  it('never lets two saves of one team place the last joker', async () => {
    const { agent, teamId } = members[2] as { agent: Agent; teamId: string };
    // The team holds no joker yet; the limit is two. Three saves at once each place one.
    const answers = await Promise.all(
      (['gs_2', 'gs_3', 'gs_4'] as const).map((fixtureId) =>
        save(agent, teamId, [{ fixtureId, outcome: 'X', firstGoalMinute: 0, joker: true }]),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const refused = answers.find((r) => r.status === 409);
    expect((refused?.body as { error: { code: string } }).error.code).toBe('JOKER_LIMIT');
    const picks = (await agent.get(`/api/predictions?teamId=${teamId}`)).body as {
      predictions: { joker: boolean }[];
      jokersRemaining: number;
    };
    expect(picks.predictions.filter((p) => p.joker)).toHaveLength(2);
    expect(picks.jokersRemaining).toBe(0);
    await totalsAgreeWithRebuild();
  });
});
