import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { outcomes, type Outcome } from '../../domain/predictions';
import {
  defaultRules,
  isCorrectOutcome,
  isExactMinute,
  pointsFor,
  type ScoringRules,
} from '../../domain/scoring';
import { bulkLoad, setFinal } from '../../../tests/setup/bulk';
import { insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { type Agent, appPerFile } from '../../../tests/setup/test-app';
import { reconcile } from '../standings/tally-sql';
import { statisticsCounts } from '../../../tests/setup/statistics-counts';

// The rule has one owner (src/domain/scoring.ts): whatever the set-based SQL stores must be what
// `pointsFor` says, for any predictions and any result, on SQLite and on PostgreSQL alike.
const now = new Date('2030-01-01T12:00:00Z');
let owner: Agent;
let leagueId = '';
const teamIds: string[] = [];

const t = appPerFile({ now: () => now });
beforeAll(async () => {
  await insertFixtures(t, [{ id: 'prop_1', kickoffAt: '2029-12-31T15:00:00Z', season: '2029-30' }]);
  owner = await player(t, 'Property Owner');
  const { league } = await createLeague(owner, 'Property League', 'Team 0');
  leagueId = league.id;
  const { db } = t.services.database;
  // Eleven more teams of the same owner: one prediction each per run.
  const { user_id: userId } = await db
    .selectFrom('teams')
    .select('user_id')
    .where('league_id', '=', league.id)
    .executeTakeFirstOrThrow();
  const teams = Array.from({ length: 11 }, (_, i) => ({
    id: `prop_team_${i + 1}`,
    leagueId: league.id,
    userId,
    name: `Team ${i + 1}`,
  }));
  await bulkLoad(db, { teams }, now.toISOString());
  for (let i = 1; i <= 11; i += 1) teamIds.push(`prop_team_${i}`);
});

const prediction = fc.record({
  outcome: fc.constantFrom<Outcome>(...outcomes),
  firstGoalMinute: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
  joker: fc.boolean(),
});

/** A final result as the results path stores it: 0-0 has minute 0, otherwise 1-90 or unknown. */
const result = fc
  .record({
    homeScore: fc.integer({ min: 0, max: 5 }),
    awayScore: fc.integer({ min: 0, max: 5 }),
    minute: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
  })
  .map(({ homeScore, awayScore, minute }) => ({
    homeScore,
    awayScore,
    firstGoalMinute: homeScore + awayScore === 0 ? 0 : minute,
  }));

const rules: fc.Arbitrary<ScoringRules> = fc.record({
  outcomePoints: fc.integer({ min: 0, max: 10 }),
  minutePoints: fc.integer({ min: 0, max: 10 }),
  jokerMultiplier: fc.integer({ min: 1, max: 3 }),
  nearMissPoints: fc.integer({ min: 0, max: 10 }),
  nearMissMinutes: fc.integer({ min: 0, max: 10 }),
});

type Result = { homeScore: number; awayScore: number; firstGoalMinute: number | null };

/**
 * Stores the picks as a bulk load would (no tally), scores them set-based — first with
 * `previous` when given (a result corrected afterwards), then with `actual` — and returns the
 * stored points per team.
 */
const storeAndScore = async (
  picks: { outcome: Outcome; firstGoalMinute: number | null; joker: boolean }[],
  actual: Result,
  scoring: ScoringRules,
  previous?: Result,
) => {
  const { db, dialect } = t.services.database;
  const at = now.toISOString();
  await db.deleteFrom('predictions').where('fixture_id', '=', 'prop_1').execute();
  // The totals forget the deleted picks (a rebuild from what is left: nothing).
  await t.services.standings.rebuildCompetition('premier_league');
  const rows = picks.map((p, i) => ({ teamId: teamIds[i] ?? '', fixtureId: 'prop_1', ...p }));
  await bulkLoad(db, { predictions: rows }, at);
  for (const r of previous ? [previous, actual] : [actual]) {
    await setFinal(db, 'prop_1', r);
    const target = { id: 'prop_1', season: '2029-30', round: 'Matchday 1', result: r };
    await db
      .transaction()
      .execute((trx) => reconcile(trx, dialect, target, { leagueIds: [leagueId] }, scoring));
  }
  const stored = await db
    .selectFrom('predictions')
    .select(['team_id', 'points'])
    .where('fixture_id', '=', 'prop_1')
    .execute();
  return new Map(stored.map((r) => [r.team_id, r.points === null ? null : Number(r.points)]));
};

const totalsOf = async () =>
  (
    await t.services.database.db
      .selectFrom('team_totals')
      .select(['team_id', 'points', 'exact_minutes', 'correct_outcomes', 'predictions', 'jokers'])
      .where('league_id', '=', leagueId)
      .where('season', '=', '2029-30')
      .where('team_id', 'in', teamIds)
      .orderBy('team_id')
      .execute()
  )
    .map((r) => Object.values(r).map((v) => (typeof v === 'string' ? v : Number(v))))
    // A team with nothing counted may or may not have an (empty) row.
    .filter(([, ...counts]) => counts.some((n) => n !== 0));

describe('set-based scoring', () => {
  it('stores what pointsFor says, for random predictions and results (the game’s rules)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(prediction, { minLength: 1, maxLength: 11 }),
        result,
        fc.option(result, { nil: undefined }),
        async (picks, actual, previous) => {
          const stored = await storeAndScore(picks, actual, defaultRules, previous);
          picks.forEach((p, i) => {
            expect(stored.get(teamIds[i] ?? '')).toBe(pointsFor(p, actual));
          });
          // The standings count points, correct outcomes and exact minutes by the same rule.
          const standings = await owner.get(`/api/leagues/${leagueId}/standings?season=2029-30`);
          const rows = standings.body.rows as {
            teamId: string;
            points: number;
            correctOutcomes: number;
            exactMinutes: number;
          }[];
          picks.forEach((p, i) => {
            const row = rows.find((r) => r.teamId === teamIds[i]);
            expect(row?.points).toBe(pointsFor(p, actual));
            expect(row?.correctOutcomes).toBe(isCorrectOutcome(p, actual) ? 1 : 0);
            expect(row?.exactMinutes).toBe(isExactMinute(p, actual) ? 1 : 0);
          });
          // The statistics counts (scored draws, minutes) hold what a count from the picks says.
          const counts = await statisticsCounts(t.services.database.db, [leagueId]);
          expect(counts.kept).toEqual(counts.fromScratch);
          // Moving totals by differences (a corrected result too) ends where a rebuild does.
          const moved = await totalsOf();
          await t.services.standings.rebuildCompetition('premier_league');
          expect(await totalsOf()).toEqual(moved);
          expect((await statisticsCounts(t.services.database.db, [leagueId])).kept).toEqual(
            counts.kept,
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('builds the same expression from any rules value (a league’s own rules later)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(prediction, { minLength: 1, maxLength: 11 }),
        result,
        rules,
        async (picks, actual, scoring) => {
          const stored = await storeAndScore(picks, actual, scoring);
          picks.forEach((p, i) => {
            expect(stored.get(teamIds[i] ?? '')).toBe(pointsFor(p, actual, scoring));
          });
        },
      ),
      { numRuns: 30 },
    );
  });
});
