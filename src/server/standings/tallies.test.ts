import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { appPerFile } from '../../../tests/setup/test-app';
import { createStandings } from '../bootstrap';
import { queueRun as queueTally } from './tally-repository';
import { reconcile } from './tally-sql';
import { statisticsCounts } from '../../../tests/setup/statistics-counts';

// A tally run moves totals a batch of leagues at a time and records the last league done: one cut
// short (a restart) resumes without counting anything twice, and re-running changes nothing.
const clock = new Date('2031-05-01T12:00:00Z');
const leagues = Array.from({ length: 6 }, (_, i) => `tl-league-${i}`);

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'tl-admin@example.com' } });
beforeAll(async () => {
  const { db } = t.services.database;
  const at = clock.toISOString();
  await insertFixtures(t, [
    { id: 'tl_1', kickoffAt: hoursFrom(clock, -30), season: '2030-31', round: 'Round 9' },
  ]);
  const teams = leagues.flatMap((league) =>
    Array.from({ length: 4 }, (_, i) => ({
      id: `${league}-team-${i}`,
      leagueId: league,
      userId: 'tl-user',
      name: `T${i}`,
    })),
  );
  await bulkLoad(
    db,
    {
      users: [{ id: 'tl-user', name: 'Tally' }],
      leagues: leagues.map((id, l) => ({ id, name: `Tally League ${l}`, inviteCode: `TL000${l}` })),
      teams,
      predictions: teams.map((team) => {
        const i = Number(team.id.slice(-1));
        return {
          teamId: team.id,
          fixtureId: 'tl_1',
          // Team 3 calls a draw (what the league statistics count).
          outcome: i === 3 ? ('X' as const) : i % 2 === 0 ? ('1' as const) : ('2' as const),
          firstGoalMinute: i === 0 ? 33 : 50,
          joker: i === 0,
        };
      }),
    },
    at,
  );
  await setFinal(db, 'tl_1', { homeScore: 1, awayScore: 0, firstGoalMinute: 33 });
});

/** The statistics counts as kept agree with a count from the picks (and are not empty). */
const expectCountsAgree = async () => {
  const counts = await statisticsCounts(t.services.database.db, leagues);
  expect(counts.kept).toEqual(counts.fromScratch);
  expect(counts.kept.minutes.length).toBeGreaterThan(0);
  return counts.kept;
};

const totals = async () =>
  (
    await t.services.database.db
      .selectFrom('team_totals')
      .select(['team_id', 'points', 'exact_minutes', 'correct_outcomes', 'predictions', 'jokers'])
      .where('league_id', 'in', leagues)
      .orderBy('team_id')
      .execute()
  ).map((r) => [
    r.team_id,
    Number(r.points),
    Number(r.exact_minutes),
    Number(r.correct_outcomes),
    Number(r.predictions),
    Number(r.jokers),
  ]);

describe('tally runs', () => {
  it('resume from the last league done after an interruption, counting nothing twice', async () => {
    const { db, dialect } = t.services.database;
    const at = clock.toISOString();
    await queueTally(db, 'tl_1', at);
    // The first two leagues were done before the process stopped (cursor at the second).
    const target = {
      id: 'tl_1',
      season: '2030-31',
      round: 'Round 9',
      result: { homeScore: 1, awayScore: 0, firstGoalMinute: 33 },
    };
    await db.transaction().execute(async (trx) => {
      await reconcile(trx, dialect, target, { leagueIds: leagues.slice(0, 2) });
      await trx
        .updateTable('tally_runs')
        .set({ cursor: leagues[1] ?? '' })
        .where('fixture_id', '=', 'tl_1')
        .execute();
    });
    await t.services.standings.drain();
    expect(await db.selectFrom('tally_runs').selectAll().execute()).toEqual([]);
    const moved = await totals();
    // Team 0 of each league: outcome + minute, doubled (8); team 2: outcome (1); others 0.
    expect(moved.filter(([id]) => String(id).endsWith('-team-0')).map((r) => r.slice(1))).toEqual(
      leagues.map(() => [8, 1, 1, 1, 1]),
    );
    expect(moved.filter(([id]) => String(id).endsWith('-team-2')).map((r) => r[1])).toEqual(
      leagues.map(() => 1),
    );
    const counted = await expectCountsAgree();
    expect(counted.draws).toHaveLength(leagues.length);
    // Running everything again changes nothing; a rebuild agrees.
    await queueTally(db, 'tl_1', at);
    await t.services.standings.drain();
    expect(await totals()).toEqual(moved);
    expect(await expectCountsAgree()).toEqual(counted);
    await t.services.standings.rebuildCompetition('premier_league');
    expect((await totals()).filter((r) => r.slice(1).some((n) => n !== 0))).toEqual(
      moved.filter((r) => r.slice(1).some((n) => n !== 0)),
    );
  });

  it('moves a league larger than a part in parts of teams, to the same totals', async () => {
    const { db } = t.services.database;
    const before = await totals();
    // Parts of 3 teams: each league of 4 moves in two statements per table, in one transaction.
    const small = createStandings({
      database: t.services.database,
      now: () => clock,
      partTeams: 3,
    });
    await db
      .updateTable('predictions')
      .set({ tallied: null })
      .where('fixture_id', '=', 'tl_1')
      .execute();
    await db.deleteFrom('team_totals').where('league_id', 'in', leagues).execute();
    await db.deleteFrom('round_totals').where('league_id', 'in', leagues).execute();
    await db.deleteFrom('minute_counts').where('league_id', 'in', leagues).execute();
    await queueTally(db, 'tl_1', clock.toISOString());
    // Each league is a batch of its own (on PostgreSQL two in flight at once): meanwhile the
    // run's cursor never passes a league whose totals have not moved (a restart resumes there).
    const behind: string[] = [];
    let draining = true;
    const watch = (async () => {
      while (draining) {
        const run = await db.selectFrom('tally_runs').select('cursor').executeTakeFirst();
        const moved = new Map((await totals()).map((r) => [String(r[0]), r]));
        for (const row of before) {
          const league = String(row[0]).replace(/-team-\d+$/, '');
          if (
            run &&
            league <= run.cursor &&
            JSON.stringify(moved.get(String(row[0]))) !== JSON.stringify(row)
          )
            behind.push(`${league} at ${run.cursor}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await small.drain();
    draining = false;
    await watch;
    expect(behind).toEqual([]);
    expect(await totals()).toEqual(before);
    await expectCountsAgree();
    await small.rebuildCompetition('premier_league');
    expect(await totals()).toEqual(before);
    await expectCountsAgree();
  });

  it('count in a league read before the background run reaches it, and only once', async () => {
    const { db } = t.services.database;
    const before = await totals();
    // As after a result of a fixture predicted by very many teams: the run is queued, not done.
    await db
      .updateTable('predictions')
      .set({ tallied: null, points: null })
      .where('fixture_id', '=', 'tl_1')
      .execute();
    await db.deleteFrom('team_totals').where('league_id', 'in', leagues).execute();
    await db.deleteFrom('round_totals').where('league_id', 'in', leagues).execute();
    await db.deleteFrom('minute_counts').where('league_id', 'in', leagues).execute();
    await queueTally(db, 'tl_1', clock.toISOString());
    const last = leagues[leagues.length - 1] ?? '';
    const table = await t.agent().get(`/api/leagues/${last}/standings?season=2030-31`);
    expect(table.status).toBe(200);
    expect(table.body.rows.map((r: { points: number }) => r.points)).toEqual([8, 1, 0, 0]);
    // The other leagues wait for the run; it then moves them and finds this one done.
    const early = (await totals()).filter(([id]) => String(id).startsWith(last));
    expect((await totals()).filter(([id]) => !String(id).startsWith(last))).toEqual([]);
    await t.services.standings.drain();
    expect(await totals()).toEqual(before);
    expect((await totals()).filter(([id]) => String(id).startsWith(last))).toEqual(early);
    await expectCountsAgree();
  });

  it('counts under the new round when a played fixture moves to another round', async () => {
    const { db } = t.services.database;
    const admin = t.agent();
    await admin.signUp('tl-admin@example.com');
    expect((await admin.patch('/api/admin/fixtures/tl_1', { round: 'Round 10' })).status).toBe(200);
    const rounds = await db
      .selectFrom('round_totals')
      .select(['round_label', (eb) => eb.fn.sum<number>('points').as('points')])
      .where('league_id', 'in', leagues)
      .groupBy('round_label')
      .execute();
    const byRound = Object.fromEntries(rounds.map((r) => [r.round_label, Number(r.points)]));
    expect(byRound['Round 9'] ?? 0).toBe(0);
    expect(byRound['Round 10']).toBe(leagues.length * 9);
    await expectCountsAgree();
  });
});

describe('a result whose run outlasts the answer', () => {
  it('is answered without counts, and tables read at once count it', async () => {
    const worker = t.services.standings;
    const drain = worker.drain.bind(worker);
    // A run that takes longer than the answer waits (as for a fixture a million teams predicted).
    worker.drain = () => new Promise((resolve) => setTimeout(resolve, 2000)).then(drain);
    try {
      const admin = t.agent();
      await admin.signIn('tl-admin@example.com');
      const res = await admin.patch('/api/admin/fixtures/tl_1', {
        homeScore: 0,
        awayScore: 2,
        firstGoalMinute: '50',
        status: 'final',
      });
      expect(res.status).toBe(200);
      expect([res.body.gained, res.body.total]).toEqual([null, null]);
      const first = leagues[0] ?? '';
      const table = await t.agent().get(`/api/leagues/${first}/standings?season=2030-31`);
      // Team 1 predicted '2' at minute 50 (4 points), teams 2 and 3 '1' and 'X' at 50 (3).
      expect(table.body.rows.map((r: { points: number }) => r.points)).toEqual([4, 3, 3, 0]);
    } finally {
      worker.drain = drain;
    }
    await worker.drain();
    expect((await totals()).filter(([, points]) => points === 4)).toHaveLength(leagues.length);
    // A result changed: the counts moved from the old result's picks to the new one's.
    await expectCountsAgree();
  });
});
