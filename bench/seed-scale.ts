// Builds a season at scale straight into the database, as a bulk load would: users, leagues,
// teams and predictions with the tables' original columns only (no tallies, no totals), so the
// app's own 'Rebuild standings' derives the rest. Deterministic (a seeded generator).
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/env';

export interface ScaleShape {
  users: number;
  /** Teams per league, in league-id order (league 0 is the largest). */
  leagueSizes: number[];
  /** Predictions per team besides the big fixture, drawn from the finals. */
  picksPerTeam: number;
}

/** 'full': the issue's season (100,000 users, 1,000,000 teams, 20,000 leagues, ~5M predictions). */
export const scaleShape = (kind: 'full' | 'small'): ScaleShape => {
  const factor = kind === 'full' ? 1 : 0.02;
  const leagues = Math.round(20_000 * factor);
  const teams = Math.round(1_000_000 * factor);
  const sizes = [10_000, ...Array.from({ length: 10 }, () => 1_000), 20];
  const random = generator(7);
  let rest = teams - sizes.reduce((s, n) => s + n, 0);
  const others = leagues - sizes.length;
  for (let i = 0; i < others; i += 1) {
    const left = others - i;
    const size =
      left === 1
        ? rest
        : Math.max(20, Math.min(80, Math.round(rest / left + (random() - 0.5) * 40)));
    sizes.push(size);
    rest -= size;
  }
  return { users: Math.round(100_000 * factor), leagueSizes: sizes, picksPerTeam: 4 };
};

/** mulberry32: a small seeded generator, so every run builds the same season. */
export const generator = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const leagueId = (i: number) => `bench-league-${String(i).padStart(6, '0')}`;
export const teamId = (league: number, i: number) => `bench-team-${league}-${i}`;
const userId = (i: number) => `bench-user-${i}`;

type Value = string | number | null;
interface Writer {
  insert: (table: string, columns: string[], rows: Value[][]) => Promise<void>;
  close: () => Promise<void>;
}

/** SQLite: prepared multi-row inserts in one transaction per chunk. */
const sqliteWriter = (path: string): Writer => {
  const connection = new SQLite(path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = OFF');
  const statements = new Map<string, SQLite.Statement>();
  const perStatement = 100;
  return {
    insert: async (table, columns, rows) => {
      const key = `${table}|${columns.join(',')}`;
      let statement = statements.get(key);
      if (!statement) {
        const one = `(${columns.map(() => '?').join(',')})`;
        statement = connection.prepare(
          `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values ${Array.from({ length: perStatement }, () => one).join(',')}`,
        );
        statements.set(key, statement);
      }
      const run = connection.transaction((all: Value[][]) => {
        let i = 0;
        for (; i + perStatement <= all.length; i += perStatement)
          statement.run(all.slice(i, i + perStatement).flat());
        for (; i < all.length; i += 1)
          connection
            .prepare(
              `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values (${columns.map(() => '?').join(',')})`,
            )
            .run(all[i]);
      });
      run(rows);
      await new Promise((resolve) => setImmediate(resolve));
    },
    close: async () => {
      connection.close();
    },
  };
};

/** PostgreSQL: one `insert … select from unnest(…)` per chunk. */
const postgresWriter = (url: string, types: Record<string, string>): Writer => {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    insert: async (table, columns, rows) => {
      await connected;
      const arrays = columns.map((column, c) =>
        rows.map((r) => {
          const value = r[c] ?? null;
          return types[column] === 'boolean' && value !== null ? value === 1 : value;
        }),
      );
      const casts = columns.map((c, i) => `$${i + 1}::${types[c] ?? 'text'}[]`);
      await client.query(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) select * from unnest(${casts.join(',')})`,
        arrays,
      );
    },
    close: async () => {
      await connected;
      await client.end();
    },
  };
};

const integerColumns = [
  'joker',
  'round_order',
  'home_score',
  'away_score',
  'first_goal_minute',
  'sort_order',
  'built_in',
  'time_confirmed',
];
// better-auth's user table uses native types on PostgreSQL.
const columnTypes: Record<string, string> = {
  ...Object.fromEntries(integerColumns.map((c) => [c, 'integer'])),
  emailVerified: 'boolean',
  createdAt: 'timestamptz',
  updatedAt: 'timestamptz',
};

export const openWriter = (target: DatabaseTarget): Writer =>
  target.dialect === 'sqlite' ? sqliteWriter(target.path) : postgresWriter(target.url, columnTypes);

export interface SeededFixture {
  id: string;
  round: string;
  result: { homeScore: number; awayScore: number; firstGoalMinute: number } | null;
}

/**
 * Users, leagues of the given sizes and their teams in a competition, and predictions: every
 * team predicts `everyone` (when given) and `picksPerTeam` of `finals`. Returns the number of
 * predictions written.
 */
export const seedPlayers = async (
  writer: Writer,
  options: {
    shape: ScaleShape;
    competitionId: string;
    finals: string[];
    everyone?: string | undefined;
    at: string;
    onProgress?: (done: number) => void;
  },
) => {
  const { shape, at } = options;
  const random = generator(42);
  const chunk = 20_000;
  for (let from = 0; from < shape.users; from += chunk) {
    const rows: Value[][] = [];
    for (let i = from; i < Math.min(shape.users, from + chunk); i += 1)
      rows.push([userId(i), `Player ${i}`, `bench-${i}@example.com`, 1, at, at]);
    await writer.insert(
      'user',
      ['id', 'name', 'email', 'emailVerified', 'createdAt', 'updatedAt'],
      rows,
    );
  }
  const leagues: Value[][] = shape.leagueSizes.map((_, l) => [
    leagueId(l),
    `Bench League ${l}`,
    `Q${l.toString(36).toUpperCase().padStart(5, '0')}`,
    options.competitionId,
    null,
    at,
    at,
  ]);
  for (let i = 0; i < leagues.length; i += chunk)
    await writer.insert(
      'leagues',
      ['id', 'name', 'invite_code', 'competition_id', 'admin_user_id', 'created_at', 'updated_at'],
      leagues.slice(i, i + chunk),
    );
  let teams: Value[][] = [];
  let predictions: Value[][] = [];
  let owner = 0;
  let written = 0;
  const outcomes = ['1', 'X', '2'];
  const flush = async (force = false) => {
    const predictionsDue = predictions.length >= chunk * 2 || (force && predictions.length > 0);
    if (teams.length >= chunk || ((force || predictionsDue) && teams.length > 0)) {
      await writer.insert('teams', ['id', 'league_id', 'user_id', 'name', 'created_at'], teams);
      teams = [];
    }
    if (predictionsDue) {
      await writer.insert(
        'predictions',
        [
          'team_id',
          'fixture_id',
          'outcome',
          'first_goal_minute',
          'joker',
          'created_at',
          'updated_at',
        ],
        predictions,
      );
      written += predictions.length;
      predictions = [];
      options.onProgress?.(written);
    }
  };
  for (const [l, size] of shape.leagueSizes.entries()) {
    for (let i = 0; i < size; i += 1) {
      const team = teamId(l, i);
      teams.push([team, leagueId(l), userId(owner % shape.users), `Team ${i}`, at]);
      owner += 1;
      const pick = (fixture: string, joker: number) =>
        predictions.push([
          team,
          fixture,
          outcomes[Math.floor(random() * 3)] ?? '1',
          Math.floor(random() * 91),
          joker,
          at,
          at,
        ]);
      if (options.everyone) pick(options.everyone, 0);
      const chosen = new Set<string>();
      while (chosen.size < Math.min(shape.picksPerTeam, options.finals.length))
        chosen.add(options.finals[Math.floor(random() * options.finals.length)] ?? '');
      [...chosen].forEach((fixture, k) => pick(fixture, k === 0 && random() < 0.3 ? 1 : 0));
      await flush();
    }
  }
  await flush(true);
  return written;
};

/**
 * A competition of its own for the benchmark: 380 fixtures in 38 rounds, the first 150 final
 * (random results with first-goal minutes), one kicked off an hour ago and still open to a
 * result (the one every team predicted), the rest to come.
 */
export const seedCompetition = async (writer: Writer, competitionId: string, now: Date) => {
  const at = now.toISOString();
  await writer.insert(
    'competitions',
    [
      'id',
      'route',
      'name',
      'country',
      'flag',
      'kind',
      'season_label',
      'time_zone',
      'aliases',
      'sort_order',
      'built_in',
      'created_at',
      'updated_at',
    ],
    [
      [
        competitionId,
        `/${competitionId.replace(/_/g, '-')}`,
        'Bench League',
        'England',
        '',
        'table',
        '2026-27',
        'Europe/London',
        '[]',
        9999,
        0,
        at,
        at,
      ],
    ],
  );
  const random = generator(3);
  const fixtures: SeededFixture[] = [];
  const rows: Value[][] = [];
  for (let n = 0; n < 380; n += 1) {
    const round = Math.floor(n / 10) + 1;
    const id = `${competitionId}_${n + 1}`;
    let kickoff: Date;
    let result: SeededFixture['result'] = null;
    if (n < 150) {
      kickoff = new Date(now.getTime() - (16 - round) * 7 * 86_400_000);
      const homeScore = Math.floor(random() * 4);
      const awayScore = Math.floor(random() * 3);
      result = {
        homeScore,
        awayScore,
        firstGoalMinute: homeScore + awayScore === 0 ? 0 : 1 + Math.floor(random() * 90),
      };
    } else if (n === 150) kickoff = new Date(now.getTime() - 3_600_000);
    else kickoff = new Date(now.getTime() + (round - 15) * 7 * 86_400_000 + (n % 10) * 3_600_000);
    fixtures.push({ id, round: `Matchday ${round}`, result });
    rows.push([
      id,
      competitionId,
      '2026-27',
      `Matchday ${round}`,
      round,
      kickoff.toISOString(),
      `Home ${n + 1}`,
      `Away ${n + 1}`,
      result ? 'final' : 'scheduled',
      result?.homeScore ?? null,
      result?.awayScore ?? null,
      result?.firstGoalMinute ?? null,
      at,
      at,
    ]);
  }
  await writer.insert(
    'fixtures',
    [
      'id',
      'competition_id',
      'season',
      'round_label',
      'round_order',
      'kickoff_at',
      'home_team',
      'away_team',
      'status',
      'home_score',
      'away_score',
      'first_goal_minute',
      'created_at',
      'updated_at',
    ],
    rows,
  );
  return fixtures;
};
