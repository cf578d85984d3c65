import { nameKey } from '../../domain/leagues';
import { describe, expect, it } from 'vitest';
import { createLeague, guest, player } from '../../../tests/setup/leagues';
import { appPerFile } from '../../../tests/setup/test-app';

const t = appPerFile();

describe('races are settled by the database', () => {
  it('50 parallel joins with one team name in mixed case: 1 success, 49 × 409 TEAM_NAME_TAKEN', async () => {
    const owner = await player(t);
    const { league } = await createLeague(owner, 'Race League', 'Owner');
    const agents = await Promise.all(Array.from({ length: 50 }, () => guest(t)));
    const spellings = ['Thunder', 'THUNDER', 'thunder', 'ThUnDeR', 'thunDER'];
    const results = await Promise.all(
      agents.map((a, i) =>
        a.post('/api/leagues/join', {
          codeOrName: league.inviteCode,
          teamName: spellings[i % spellings.length],
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'TEAM_NAME_TAKEN'),
    ).toBe(true);
    const teams = await t.services.database.db
      .selectFrom('teams')
      .select('name')
      .where('league_id', '=', league.id)
      .execute();
    expect(teams).toHaveLength(2);
  });

  it('2 parallel creations of one league name give one league', async () => {
    const [a, b] = await Promise.all([player(t), player(t)]);
    const results = await Promise.all([
      a.post('/api/leagues', { leagueName: 'Photo Finish', teamName: 'A' }),
      b.post('/api/leagues', { leagueName: 'PHOTO FINISH', teamName: 'B' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const leagues = await t.services.database.db
      .selectFrom('leagues')
      .select('id')
      .where('name', 'in', ['Photo Finish', 'PHOTO FINISH'])
      .execute();
    expect(leagues).toHaveLength(1);
  });

  it("20 parallel creations of one player's own league give one league holding all 20 teams", async () => {
    const owner = await player(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        owner.post('/api/leagues', { leagueName: 'Solo Rush', teamName: `Rusher ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    // One creates it (201); every other adds its team to it (200), never 'name taken'.
    expect(statuses).toEqual([...Array(19).fill(200), 201]);
    const leagueIds = new Set(results.map((r) => r.body.league.id));
    expect(leagueIds.size).toBe(1);
    const teams = await t.services.database.db
      .selectFrom('teams')
      .select('name')
      .where('league_id', '=', [...leagueIds][0] ?? '')
      .execute();
    expect(teams.map((team) => team.name).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `Rusher ${i}`).sort(),
    );
  });

  it('rejects a duplicate team name (ignoring case) inserted directly', async () => {
    const owner = await player(t);
    const { league } = await createLeague(owner, 'Direct Insert League', 'Lions');
    const userId = (await owner.get('/api/account/me')).body.user.id;
    await expect(
      t.services.database.db
        .insertInto('teams')
        .values({
          id: 'dup-team',
          league_id: league.id,
          user_id: userId,
          name: 'LIONS',
          name_key: nameKey('LIONS'),
          created_at: new Date().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});
