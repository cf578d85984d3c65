// Scoring 100,000 predictions of one fixture on SQLite, three ways, all through Kysely:
// (a) our set-based scoring (`reconcile`) (one UPDATE statement), (b) one UPDATE per prediction, each in
// its own transaction (how the specification's app scores), measured on a sample and
// extrapolated, (c) one UPDATE per prediction inside one transaction.
import type { Kysely } from 'kysely';
import { pointsFor } from '../src/domain/scoring';
import type { DB } from '../src/server/db/schema';
import { reconcile } from '../src/server/standings/tally-sql';

const total = 100_000;
const sample = 5_000;
const fixture = { id: 'bench_fixture_1', homeScore: 2, awayScore: 1, firstGoalMinute: 23 };
const at = '2030-01-01T00:00:00.000Z';

const insertChunked = async <T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
) => {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
};

/** 10 users, 100 leagues of 1,000 teams, one prediction per team; big batches, one transaction. */
const setUp = async (db: Kysely<DB>) => {
  await db.transaction().execute(async (trx) => {
    const users = Array.from({ length: 10 }, (_, i) => ({
      id: `bench_u${i}`,
      name: `Bench ${i}`,
      email: `bench${i}@example.com`,
      emailVerified: 1,
      createdAt: at,
      updatedAt: at,
    }));
    await trx.insertInto('user').values(users).execute();
    const leagues = Array.from({ length: 100 }, (_, i) => ({
      id: `bench_l${i}`,
      name: `Bench League ${i}`,
      invite_code: `B${String(i).padStart(5, '0')}`,
      competition_id: 'premier_league',
      admin_user_id: `bench_u${i % 10}`,
      created_at: at,
      updated_at: at,
    }));
    await trx.insertInto('leagues').values(leagues).execute();
    await trx
      .insertInto('fixtures')
      .values({
        id: fixture.id,
        competition_id: 'premier_league',
        round_label: 'Bench',
        kickoff_at: at,
        home_team: 'Home',
        away_team: 'Away',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const teams = Array.from({ length: total }, (_, i) => ({
      id: `bench_t${i}`,
      league_id: `bench_l${i % 100}`,
      user_id: `bench_u${i % 10}`,
      name: `Team ${i}`,
      created_at: at,
    }));
    await insertChunked(teams, 5000, (chunk) => trx.insertInto('teams').values(chunk).execute());
    const outcomes = ['1', 'X', '2'] as const;
    const predictions = teams.map((t, i) => ({
      team_id: t.id,
      fixture_id: fixture.id,
      outcome: outcomes[i % 3] ?? '1',
      first_goal_minute: i % 91,
      joker: i % 50 === 0 ? 1 : 0,
      created_at: at,
      updated_at: at,
    }));
    await insertChunked(predictions, 3000, (chunk) =>
      trx.insertInto('predictions').values(chunk).execute(),
    );
  });
};

const resetPoints = (db: Kysely<DB>) =>
  db
    .updateTable('predictions')
    .set({ points: null, scored_at: null, tallied: null })
    .where('fixture_id', '=', fixture.id)
    .execute();

const readPredictions = (db: Kysely<DB>, limit: number) =>
  db
    .selectFrom('predictions')
    .select(['team_id', 'outcome', 'first_goal_minute', 'joker'])
    .where('fixture_id', '=', fixture.id)
    .limit(limit)
    .execute();

type Row = Awaited<ReturnType<typeof readPredictions>>[number];
const updateOne = (db: Kysely<DB>, p: Row) =>
  db
    .updateTable('predictions')
    .set({
      points: pointsFor(
        { outcome: p.outcome as '1', firstGoalMinute: p.first_goal_minute, joker: p.joker === 1 },
        fixture,
      ),
      scored_at: at,
    })
    .where('team_id', '=', p.team_id)
    .where('fixture_id', '=', fixture.id)
    .execute();

const timed = async (run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export const benchScoring = async (db: Kysely<DB>) => {
  await setUp(db);
  await resetPoints(db);
  const target = {
    id: fixture.id,
    season: '',
    round: 'Bench',
    result: {
      homeScore: fixture.homeScore,
      awayScore: fixture.awayScore,
      firstGoalMinute: fixture.firstGoalMinute,
    },
  };
  const setBased = await timed(() => reconcile(db, 'sqlite', target, 'all'));
  await resetPoints(db);
  const ownTransactions = await timed(async () => {
    for (const p of await readPredictions(db, sample))
      await db.transaction().execute((trx) => updateOne(trx, p));
  });
  await resetPoints(db);
  const oneTransaction = await timed(() =>
    db.transaction().execute(async (trx) => {
      for (const p of await readPredictions(trx, total)) await updateOne(trx, p);
    }),
  );
  const perTransaction = (ownTransactions / sample) * total;
  return [
    { label: '(a) set-based scoreFixture: one UPDATE statement', ms: setBased, note: '' },
    {
      label: '(b) one UPDATE per prediction, each in its own transaction',
      ms: perTransaction,
      note: ` (measured ${sample.toLocaleString('en')}: ${ownTransactions.toFixed(0)} ms, extrapolated linearly)`,
    },
    { label: '(c) one UPDATE per prediction in one transaction', ms: oneTransaction, note: '' },
  ];
};
