import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../tests/setup/test-app';
import { demo, seedDemo } from './data';

const now = new Date('2030-04-10T09:00:00Z');

const t = appPerFile({ now: () => now });

const snapshot = async () => {
  const { db } = t.services.database;
  return {
    fixtures: await db
      .selectFrom('fixtures')
      .selectAll()
      .where('competition_id', '=', demo.competitionId)
      .orderBy('id')
      .execute(),
    predictions: await db
      .selectFrom('predictions')
      .selectAll()
      .orderBy('team_id')
      .orderBy('fixture_id')
      .execute(),
    teams: await db.selectFrom('teams').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('user').select(['id', 'email', 'updatedAt']).orderBy('id').execute(),
    audit: await db.selectFrom('audit_log').select('id').orderBy('id').execute(),
  };
};

describe('demo data', () => {
  it('adds a competition, a played round, three players in one league with points', async () => {
    const first = await seedDemo(t.services);
    expect(first.created).toBe(true);
    expect(first.lines.join('\n')).toContain('demo1@firstgoal.local');
    const fixtures = (await snapshot()).fixtures;
    expect(fixtures).toHaveLength(16);
    expect(fixtures.filter((f) => f.status === 'final')).toHaveLength(4);
    const last = Math.max(...fixtures.map((f) => new Date(f.kickoff_at).getTime()));
    expect(last - now.getTime()).toBeLessThanOrEqual(15 * 86_400_000);
    const league = await t.services.database.db
      .selectFrom('leagues')
      .select('id')
      .where('name', '=', demo.leagueName)
      .executeTakeFirstOrThrow();
    const standings = (await t.agent().get(`/api/leagues/${league.id}/standings`)).body;
    expect(standings.rows).toHaveLength(3);
    expect(standings.rows[0].points).toBeGreaterThan(0);
    expect(standings.statistics.some((s: { jokers: number }) => s.jokers > 0)).toBe(true);
    expect(standings.bonus).toBe(true);
    const bonus = (await t.agent().get(`/api/leagues/${league.id}/bonus`)).body;
    expect(bonus.questions).toHaveLength(1);
    expect(bonus.questions[0]).toMatchObject({ kind: 'champion', closed: false, answers: null });
  });

  it('running it again changes nothing', async () => {
    const before = await snapshot();
    const again = await seedDemo(t.services);
    expect(again.created).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('a demo player signs in with the printed password and sees the demo page', async () => {
    const agent = t.agent();
    const res = await agent.signIn(demo.players[1].email, demo.password);
    expect(res.status).toBe(200);
    const competitions = (await t.agent().get('/api/competitions')).body;
    expect(JSON.stringify(competitions)).toContain('/demo-cup');
  });
});
