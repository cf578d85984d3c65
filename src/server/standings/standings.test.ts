import { beforeAll, describe, expect, it } from 'vitest';
import { pointsFor, isCorrectOutcome, isExactMinute } from '../../domain/scoring';
import type { Outcome } from '../../domain/predictions';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { statisticsCounts } from '../../../tests/setup/statistics-counts';
import { markLeaguesChanged } from './versions-repository';
import { placesOfUser, tableAround } from './repository';
import { readStandings } from './table';

// Standings read from derived totals, a page at a time: a league of 130 teams loaded in bulk
// (rows with only the tables' original columns), counted by 'Save & Recalculate', paged, centred
// on the viewer, repaired by 'Rebuild standings', and never above 64 KB.
const clock = new Date('2031-03-01T12:00:00Z');
const season = '2030-31';
const teamsInLeague = 130;
let admin: Agent;
let owner: Agent;
let viewer: Agent;
let leagueId = '';
let viewerTeam = '';
const expected = new Map<
  string,
  { name: string; points: number; exact: number; correct: number }
>();

/** Each round's scores per team (one fixture a round). */
const inRound = {
  sc_1: new Map<string, { name: string; points: number; exact: number; correct: number }>(),
  sc_2: new Map<string, { name: string; points: number; exact: number; correct: number }>(),
};

// Two played rounds: r1 final 2-1 (first goal 10'), r2 final 0-0; one fixture still to come.
const results = {
  sc_1: { homeScore: 2, awayScore: 1, firstGoalMinute: 10 },
  sc_2: { homeScore: 0, awayScore: 0, firstGoalMinute: 0 },
};
const outcomesCycle: Outcome[] = ['1', 'X', '2'];
/** A deterministic spread of picks: many levels, many ties. */
const pickOf = (i: number, fixture: 'sc_1' | 'sc_2') => {
  const outcome = outcomesCycle[(i * (fixture === 'sc_1' ? 7 : 5)) % 3] ?? '1';
  const minute = fixture === 'sc_1' ? (i % 4 === 0 ? 10 : 20 + (i % 30)) : i % 5 === 0 ? 0 : 15;
  return { outcome, firstGoalMinute: minute, joker: i % 11 === 0 };
};

const t = appPerFile({ now: () => clock, env: { ADMIN_EMAILS: 'scale-admin@example.com' } });
beforeAll(async () => {
  admin = t.agent();
  await admin.signUp('scale-admin@example.com', 'correct-horse-9', 'Scale Admin');
  await insertFixtures(t, [
    { id: 'sc_1', kickoffAt: hoursFrom(clock, -72), season, round: 'Round 1' },
    { id: 'sc_2', kickoffAt: hoursFrom(clock, -48), season, round: 'Round 2' },
    { id: 'sc_3', kickoffAt: hoursFrom(clock, 48), season, round: 'Round 3' },
  ]);
  owner = await player(t, 'Owner');
  const created = await createLeague(owner, 'Big League', 'A'.repeat(50));
  leagueId = created.league.id;
  viewer = await player(t, 'Viewer');
  viewerTeam = (
    await viewer.post('/api/leagues/join', {
      codeOrName: created.league.inviteCode,
      teamName: 'Zz Viewer',
    })
  ).body.team.id;

  // The rest arrive by bulk load: users, teams and predictions with the original columns only.
  const { db } = t.services.database;
  const at = clock.toISOString();
  const bulk = Array.from({ length: teamsInLeague - 2 }, (_, i) => i);
  const names = [
    ...bulk.map((i) => `Team ${String(i).padStart(3, '0')} ${'é'.repeat(41)}`),
    'A'.repeat(50),
    'Zz Viewer',
  ];
  const teamIds = [...bulk.map((i) => `bulk-team-${i}`), created.teams[0]?.id ?? '', viewerTeam];
  await bulkLoad(
    db,
    {
      // Display names longer than any table shows (clipped in standings).
      users: bulk.map((i) => ({ id: `bulk-user-${i}`, name: `Manager ${i} ${'x'.repeat(5000)}` })),
      teams: bulk.map((i) => ({
        id: `bulk-team-${i}`,
        leagueId,
        userId: `bulk-user-${i}`,
        name: names[i] ?? '',
      })),
      predictions: teamIds.flatMap((teamId, i) =>
        (['sc_1', 'sc_2'] as const).map((fixtureId) => ({
          teamId,
          fixtureId,
          ...pickOf(i, fixtureId),
        })),
      ),
    },
    at,
  );
  teamIds.forEach((teamId, i) => {
    let points = 0;
    let exact = 0;
    let correct = 0;
    for (const fixture of ['sc_1', 'sc_2'] as const) {
      const p = pickOf(i, fixture);
      points += pointsFor(p, results[fixture]);
      exact += isExactMinute(p, results[fixture]) ? 1 : 0;
      correct += isCorrectOutcome(p, results[fixture]) ? 1 : 0;
    }
    expected.set(teamId, { name: names[i] ?? '', points, exact, correct });
    for (const fixture of ['sc_1', 'sc_2'] as const) {
      const p = pickOf(i, fixture);
      inRound[fixture].set(teamId, {
        name: names[i] ?? '',
        points: pointsFor(p, results[fixture]),
        exact: isExactMinute(p, results[fixture]) ? 1 : 0,
        correct: isCorrectOutcome(p, results[fixture]) ? 1 : 0,
      });
    }
  });
  for (const [id, r] of Object.entries(results)) await setFinal(db, id, r);
});

interface Row {
  rank: number;
  teamId: string;
  teamName: string;
  manager: string;
  points: number;
  exactMinutes: number;
  correctOutcomes: number;
  mine: boolean;
}

/** The whole table as docs/design.md §3 orders it, computed here from the picks. */
const fullTable = () => {
  const rows = [...expected.entries()].sort(
    ([, a], [, b]) =>
      b.points - a.points ||
      b.exact - a.exact ||
      b.correct - a.correct ||
      (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1),
  );
  let rank = 0;
  return rows.map(([teamId, r], i) => {
    const prev = rows[i - 1]?.[1];
    if (!prev || prev.points !== r.points || prev.exact !== r.exact || prev.correct !== r.correct)
      rank = i + 1;
    return { teamId, rank, points: r.points, exactMinutes: r.exact, correctOutcomes: r.correct };
  });
};

/**
 * A round's whole table computed here: the teams that scored anything ranked as the season's
 * table, then every other team with 0 by name, sharing the rank after the last scorer.
 */
const fullRoundTable = (fixture: 'sc_1' | 'sc_2') => {
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1;
  const all = [...inRound[fixture].entries()];
  const scorers = all
    .filter(([, r]) => r.points !== 0 || r.exact !== 0 || r.correct !== 0)
    .sort(
      ([, a], [, b]) =>
        b.points - a.points || b.exact - a.exact || b.correct - a.correct || byName(a, b),
    );
  const zero = all
    .filter(([, r]) => r.points === 0 && r.exact === 0 && r.correct === 0)
    .sort(([, a], [, b]) => byName(a, b));
  let rank = 0;
  return [...scorers, ...zero].map(([teamId, r], i, rows) => {
    const prev = rows[i - 1]?.[1];
    if (!prev || prev.points !== r.points || prev.exact !== r.exact || prev.correct !== r.correct)
      rank = i + 1;
    return { teamId, rank, points: r.points, exactMinutes: r.exact, correctOutcomes: r.correct };
  });
};

const standings = (agent: Agent, query = '') =>
  agent.get(`/api/leagues/${leagueId}/standings?season=${season}${query}`);

/** The statistics counts (scored draws, minutes) as kept agree with a count from the picks. */
const expectCountsAgree = async () => {
  const counts = await statisticsCounts(t.services.database.db, [leagueId]);
  expect(counts.kept).toEqual(counts.fromScratch);
  return counts.kept;
};

describe('standings from derived totals', () => {
  it('count a bulk load only once Save & Recalculate has run, then agree with the picks', async () => {
    const before = await standings(owner);
    expect(before.status).toBe(200);
    expect(before.body.summary.highestScore).toBe(0);

    expect(await expectCountsAgree()).toEqual({ draws: [], minutes: [] });
    const recalculated = await admin.post('/api/admin/fixtures/sc_1/recalculate');
    expect(recalculated.status).toBe(200);
    expect(recalculated.body.total).toBe(teamsInLeague);
    const counted = await expectCountsAgree();
    expect(counted.draws.length).toBeGreaterThan(0);
    expect(counted.minutes.length).toBeGreaterThan(1);

    const table = fullTable();
    const pages: Row[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await standings(owner, `&page=${page}`);
      expect(res.body.page).toEqual({ number: page, size: 50, pages: 3, teams: teamsInLeague });
      pages.push(...(res.body.rows as Row[]));
    }
    expect(pages).toHaveLength(teamsInLeague);
    expect(
      pages.map((r) => ({
        teamId: r.teamId,
        rank: r.rank,
        points: r.points,
        exactMinutes: r.exactMinutes,
        correctOutcomes: r.correctOutcomes,
      })),
    ).toEqual(table);
    const summary = (await standings(owner)).body.summary;
    expect(summary).toEqual({
      totalTeams: teamsInLeague,
      highestScore: table[0]?.points,
      averageScore: Math.round(table.reduce((s, r) => s + r.points, 0) / teamsInLeague),
    });
  });

  it('opens at the viewer’s page with ?around=me and shows the viewer with neighbours in top', async () => {
    const table = fullTable();
    const position = table.findIndex((r) => r.teamId === viewerTeam);
    const res = await standings(viewer, '&around=me');
    expect(res.body.page.number).toBe(Math.floor(position / 50) + 1);
    const mine = (res.body.rows as Row[]).filter((r) => r.mine);
    expect(mine.map((r) => r.teamId)).toEqual([viewerTeam]);

    const top = res.body.top as Row[];
    const wanted = new Set([
      ...table.slice(0, 10).map((r) => r.teamId),
      ...table.slice(Math.max(0, position - 1), position + 2).map((r) => r.teamId),
    ]);
    expect(new Set(top.map((r) => r.teamId))).toEqual(wanted);
    expect(top.find((r) => r.teamId === viewerTeam)?.rank).toBe(table[position]?.rank);
    // A visitor gets the first page and the top 10.
    const visitor = await standings(t.agent());
    expect(visitor.body.page.number).toBe(1);
    expect(visitor.body.top).toHaveLength(10);
    // Past the last page: the last page.
    expect((await standings(owner, '&page=99')).body.page.number).toBe(3);
  });

  it('places every team and ranks its neighbours as the whole table does (ties across a slice’s edge)', async () => {
    const table = fullTable();
    const { db } = t.services.database;
    const league = { id: leagueId, competitionId: 'premier_league' };
    // Every bulk team's owner: the team's place (teams above, position) and the three rows
    // around it in `top` ranked as the table ranks them; levels tie often here.
    for (let i = 0; i < teamsInLeague - 2; i += 7) {
      const teamId = `bulk-team-${i}`;
      const position = table.findIndex((r) => r.teamId === teamId);
      const [place] = await placesOfUser(db, leagueId, season, `bulk-user-${i}`);
      expect(place).toMatchObject({ teamId, better: (table[position]?.rank ?? 0) - 1, position });
      const read = await readStandings(db, league, season, { around: 'me' }, `bulk-user-${i}`);
      for (const row of read.top)
        expect([row.teamId, row.rank]).toEqual([
          row.teamId,
          table.find((r) => r.teamId === row.teamId)?.rank,
        ]);
      const around = table.slice(Math.max(0, position - 1), position + 2).map((r) => r.teamId);
      expect(read.top.map((r) => r.teamId)).toEqual(expect.arrayContaining(around));
    }
  });

  it('finds the rows around every team from its own row, as the whole table orders them', async () => {
    const table = fullTable();
    const { db } = t.services.database;
    let checked = 0;
    for (const [position, row] of table.entries()) {
      const owner = /^bulk-team-(\d+)$/.exec(row.teamId)?.[1];
      if (owner === undefined) continue;
      const [place] = await placesOfUser(db, leagueId, season, `bulk-user-${owner}`);
      expect(place?.teamId).toBe(row.teamId);
      if (!place) continue;
      checked += 1;
      const around = await tableAround(db, leagueId, season, place, 2, 1);
      expect(around?.at).toBe(Math.min(position, 2));
      expect(around?.rows.map((r) => r.teamId)).toEqual(
        table.slice(Math.max(0, position - 2), position + 2).map((r) => r.teamId),
      );
    }
    expect(checked).toBe(teamsInLeague - 2);
    // A score the team's row no longer holds (the table moved since its place was counted).
    const [place] = await placesOfUser(db, leagueId, season, 'bulk-user-0');
    if (place)
      expect(
        await tableAround(db, leagueId, season, { ...place, points: place.points + 1 }, 2, 1),
      ).toBeNull();
  });

  it('gives one round’s table and winners, latest round first, and 404 for a round without results', async () => {
    const res = await standings(owner);
    expect(res.body.round).toBe('Round 2');
    expect(res.body.rounds.map((r: { round: string }) => r.round)).toEqual(['Round 2', 'Round 1']);
    const chosen = res.body.rounds[0];
    expect(chosen.rows).toHaveLength(50);
    expect(res.body.rounds[1].rows).toEqual([]);
    const roundOne = await standings(owner, '&round=Round%201&page=3');
    const rows = roundOne.body.rounds.find((r: { round: string }) => r.round === 'Round 1')
      .rows as Row[];
    expect(rows).toHaveLength(teamsInLeague - 100);
    const first = await standings(owner, '&round=Round%201');
    const winners = first.body.rounds.find((r: { round: string }) => r.round === 'Round 1');
    expect(winners.winnerCount).toBeGreaterThan(0);
    expect(winners.winners.length).toBe(Math.min(10, winners.winnerCount));
    const unknown = await standings(owner, '&round=Round%203');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('UNKNOWN_ROUND');
    expect((await standings(owner, '&page=0')).status).toBe(400);
  });

  it('ranks every page of a round’s table as the round’s whole table, winners included', async () => {
    for (const [fixture, round] of [
      ['sc_1', 'Round 1'],
      ['sc_2', 'Round 2'],
    ] as const) {
      const table = fullRoundTable(fixture);
      const pages: Row[] = [];
      let winners: { winnerCount: number; winners: Row[] } | undefined;
      for (let page = 1; page <= 3; page += 1) {
        const res = await standings(owner, `&round=${encodeURIComponent(round)}&page=${page}`);
        const chosen = res.body.rounds.find((r: { round: string }) => r.round === round);
        pages.push(...(chosen.rows as Row[]));
        winners ??= chosen;
      }
      expect(
        pages.map((r) => ({
          teamId: r.teamId,
          rank: r.rank,
          points: r.points,
          exactMinutes: r.exactMinutes,
          correctOutcomes: r.correctOutcomes,
        })),
      ).toEqual(table);
      const level = table.filter((r) => r.rank === 1 && r.points > 0);
      expect(winners?.winnerCount).toBe(level.length);
      expect(winners?.winners.map((w) => w.teamId)).toEqual(
        level.slice(0, 10).map((r) => r.teamId),
      );
    }
  });

  it('keeps every response under 64 KB, clipping display names', async () => {
    for (const query of ['', '&page=2', '&around=me', '&round=Round%201']) {
      const res = await standings(viewer, query);
      expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(64 * 1024);
    }
    const rows = (await standings(owner)).body.rows as Row[];
    expect(Math.max(...rows.map((r) => r.manager.length))).toBeLessThanOrEqual(50);
  });

  it('counts picks of played fixtures only, the same for the owner as for everyone', async () => {
    // The viewer's page, read by the viewer and by the league's owner.
    const page = (await standings(viewer, '&around=me')).body.page.number as number;
    const stats = async (agent: Agent) =>
      (await standings(agent, `&page=${page}`)).body.statistics.find(
        (s: { teamId: string }) => s.teamId === viewerTeam,
      );
    const own = await stats(viewer);
    const seen = await stats(owner);
    // Both played fixtures (sc_1, sc_2) were predicted; the owner sees what others see.
    expect(own).toEqual(seen);
    expect(own.predictions).toBe(2);
    const saved = await viewer.put('/api/predictions', {
      teamId: viewerTeam,
      predictions: [{ fixtureId: 'sc_3', outcome: '1', firstGoalMinute: 12, joker: true }],
    });
    expect(saved.status).toBe(200);
    // A pick (and a joker) before kick-off shows in nobody's count, its owner's included.
    expect(await stats(viewer)).toEqual(own);
    expect(await stats(owner)).toEqual(own);
    const deleted = await viewer.delete('/api/predictions', {
      teamId: viewerTeam,
      fixtureIds: ['sc_3'],
    });
    expect(deleted.status).toBe(200);
    expect(await stats(viewer)).toEqual(own);
  });

  it('moves with a corrected result and back when a fixture stops being final', async () => {
    const edit = (body: object) => admin.patch('/api/admin/fixtures/sc_2', body);
    expect((await edit({ homeScore: 1, awayScore: 0, firstGoalMinute: 15 })).status).toBe(200);
    const corrected = { ...results, sc_2: { homeScore: 1, awayScore: 0, firstGoalMinute: 15 } };
    const points = (i: number) =>
      pointsFor(pickOf(i, 'sc_1'), corrected.sc_1) + pointsFor(pickOf(i, 'sc_2'), corrected.sc_2);
    const table = (await standings(owner, '&page=1')).body.rows as Row[];
    await expectCountsAgree();
    const bulkIndex = (id: string) => Number(id.replace('bulk-team-', ''));
    for (const row of table.filter((r) => r.teamId.startsWith('bulk-team-')))
      expect(row.points).toBe(points(bulkIndex(row.teamId)));
    expect(
      (await edit({ status: 'scheduled', homeScore: null, awayScore: null, firstGoalMinute: null }))
        .status,
    ).toBe(200);
    const after = (await standings(owner)).body;
    await expectCountsAgree();
    expect(after.rounds.map((r: { round: string }) => r.round)).toEqual(['Round 1']);
    for (const row of (after.rows as Row[]).filter((r) => r.teamId.startsWith('bulk-team-')))
      expect(row.points).toBe(pointsFor(pickOf(bulkIndex(row.teamId), 'sc_1'), results.sc_1));
    expect((await edit({ status: 'final', ...results.sc_2 })).status).toBe(200);
    await standings(owner);
    await expectCountsAgree();
  });

  it('pages the live table like the confirmed one while a match is in play (issue 29)', async () => {
    // Round 3 kicks off: every team has a pick, and it stands 1–0 with a first goal at 10'.
    const { db } = t.services.database;
    const pick3 = (i: number) => ({
      outcome: outcomesCycle[i % 3] ?? '1',
      firstGoalMinute: i % 4 === 0 ? 10 : 30,
      joker: i % 13 === 0,
    });
    const teamIds = [...expected.keys()];
    await bulkLoad(db, {
      predictions: teamIds.map((teamId, i) => ({ teamId, fixtureId: 'sc_3', ...pick3(i) })),
    });
    const provisional = { homeScore: 1, awayScore: 0, firstGoalMinute: 10 };
    await db
      .updateTable('fixtures')
      .set({
        kickoff_at: hoursFrom(clock, -0.5).toISOString(),
        status: 'live',
        home_score: 1,
        away_score: 0,
        first_goal_minute: 10,
        clock: "30'",
      })
      .where('id', '=', 'sc_3')
      .execute();
    const confirmed = new Map(fullTable().map((r) => [r.teamId, r]));
    const live = teamIds
      .map((teamId, i) => {
        const c = confirmed.get(teamId);
        const p = pick3(i);
        return {
          teamId,
          name: expected.get(teamId)?.name.toLowerCase() ?? '',
          livePoints: (c?.points ?? 0) + pointsFor(p, provisional),
          exact: (c?.exactMinutes ?? 0) + (isExactMinute(p, provisional) ? 1 : 0),
          correct: (c?.correctOutcomes ?? 0) + (isCorrectOutcome(p, provisional) ? 1 : 0),
        };
      })
      .sort(
        (a, b) =>
          b.livePoints - a.livePoints ||
          b.exact - a.exact ||
          b.correct - a.correct ||
          (a.name < b.name ? -1 : 1),
      );
    const read = async (query: string) => {
      const res = await standings(viewer, `&view=live${query}`);
      expect(res.status).toBe(200);
      return res.body as {
        page: { number: number; pages: number; teams: number };
        rows: (Row & { livePoints: number; liveRank: number })[];
        live: { fixtures: { id: string }[] };
      };
    };
    const pages = await Promise.all([read(''), read('&page=2'), read('&page=3')]);
    expect(pages.map((p) => p.page.number)).toEqual([1, 2, 3]);
    expect(pages[0]?.live.fixtures.map((f) => f.id)).toEqual(['sc_3']);
    // The three pages are the whole table in live order, each team once with its live points.
    const all = pages.flatMap((p) => p.rows);
    expect(all.map((r) => r.teamId)).toEqual(live.map((r) => r.teamId));
    expect(all.map((r) => r.livePoints)).toEqual(live.map((r) => r.livePoints));
    // Confirmed points and rank stay the confirmed table's.
    for (const row of all) {
      expect(row.points).toBe(confirmed.get(row.teamId)?.points);
      expect(row.rank).toBe(confirmed.get(row.teamId)?.rank);
    }
    // The viewer's page in live order.
    const mine = await read('&around=me');
    const position = live.findIndex((r) => r.teamId === viewerTeam);
    expect(mine.page.number).toBe(Math.floor(position / 50) + 1);
    // The match ends: back to the confirmed table (no live part).
    await db
      .updateTable('fixtures')
      .set({
        status: 'scheduled',
        home_score: null,
        away_score: null,
        first_goal_minute: null,
        clock: null,
        kickoff_at: hoursFrom(clock, 48).toISOString(),
      })
      .where('id', '=', 'sc_3')
      .execute();
    await db.deleteFrom('predictions').where('fixture_id', '=', 'sc_3').execute();
    expect((await read('&page=2')).live.fixtures).toEqual([]);
  });

  it('repairs totals with Rebuild standings (site admins only)', async () => {
    const good = (await standings(owner)).body.rows;
    const goodCounts = await expectCountsAgree();
    await t.services.database.db
      .updateTable('team_totals')
      .set({ points: 999, scored_draws: 999 })
      .where('league_id', '=', leagueId)
      .execute();
    await t.services.database.db
      .updateTable('minute_counts')
      .set({ predictions: 999 })
      .where('league_id', '=', leagueId)
      .execute();
    // A write past the app (a broken tool) shows once something moves the league's version.
    expect((await standings(owner)).body.rows).toEqual(good);
    await markLeaguesChanged(t.services.database.db, [leagueId]);
    expect((await standings(owner)).body.rows[0].points).toBe(999);
    expect(
      (await owner.post('/api/admin/competitions/premier_league/rebuild-standings')).status,
    ).toBe(403);
    const rebuilt = await admin.post('/api/admin/competitions/premier_league/rebuild-standings');
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.leagues).toBeGreaterThanOrEqual(1);
    expect((await standings(owner)).body.rows).toEqual(good);
    expect(await expectCountsAgree()).toEqual(goodCounts);
    expect((await admin.post('/api/admin/competitions/nowhere/rebuild-standings')).status).toBe(
      400,
    );
  });
});

describe('round tables (issue 54)', () => {
  it('offer rounds from the league’s first scored one, and a round still being played is not complete', async () => {
    // A league started after Round 1: its one team picks Round 2 only.
    const late = await player(t, 'Late');
    const created = await createLeague(late, 'Late League', 'Latecomers');
    const { db } = t.services.database;
    await bulkLoad(db, {
      predictions: [{ teamId: created.teams[0]?.id ?? '', fixtureId: 'sc_2', outcome: 'X' }],
    });
    await markLeaguesChanged(db, [created.league.id]);
    await admin.post('/api/admin/competitions/premier_league/rebuild-standings');
    const read = (agent: Agent, id: string) =>
      agent.get(`/api/leagues/${id}/standings?season=${season}`);
    const lateTable = await read(late, created.league.id);
    expect(lateTable.status).toBe(200);
    expect(lateTable.body.rounds.map((r: { round: string }) => r.round)).toEqual(['Round 2']);
    expect(
      (
        await late.get(
          `/api/leagues/${created.league.id}/standings?season=${season}&round=Round%201`,
        )
      ).status,
    ).toBe(404);
    // The big league played both rounds.
    const big = await read(owner, leagueId);
    expect(big.body.rounds.map((r: { round: string }) => r.round)).toEqual(['Round 2', 'Round 1']);
    expect(big.body.rounds[0].complete).toBe(true);

    // Round 2 gains a match still to be played: its top team leads, it has not won yet.
    await insertFixtures(t, [
      { id: 'sc_9', kickoffAt: hoursFrom(clock, 24), season, round: 'Round 2' },
    ]);
    const open = await read(owner, leagueId);
    expect(open.body.round).toBe('Round 2');
    expect(open.body.rounds[0].complete).toBe(false);
    // Called off: nothing is left to play.
    expect((await admin.patch('/api/admin/fixtures/sc_9', { status: 'cancelled' })).status).toBe(
      200,
    );
    expect((await read(owner, leagueId)).body.rounds[0].complete).toBe(true);
  });
});
