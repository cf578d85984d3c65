// What a read leaves to the garbage collector (decision 022, 'Later (29 November, evening)'): the
// same 50-row read, thousands of times in process, made each way side by side in one run — by
// node-postgres asked for a promise (the query's callback set after it is made) and through the
// app's client (the callback given when it is made), its rows mapped by a spread of another
// object and written out — on PostgreSQL and SQLite. Prints, for each, the bytes young-generation
// collections moved to the old generation per read and the collections' pauses. Run on its own:
// `node --import tsx bench/young-rows.ts` (PostgreSQL on BENCH_DATABASE_URL or the local one).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GCProfiler } from 'node:v8';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/server/db/database';
import { parseEnv } from '../src/server/env';
import { freshDatabase } from './fresh-database';

const reads = 3000;
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Row {
  id: string;
  name: string;
  manager: string;
  points: number;
  exact_minutes: number;
  correct_outcomes: number;
}
const team = (r: Row) => ({
  teamId: r.id,
  teamName: r.name,
  manager: r.manager,
  points: Number(r.points),
});
/** As toTotals was before (a spread of the team's columns, then the counts). */
const spread = (r: Row) => ({
  ...team(r),
  exactMinutes: Number(r.exact_minutes),
  correctOutcomes: Number(r.correct_outcomes),
});
/** As toTotals is (every field written out). */
const writtenOut = (r: Row) => ({
  teamId: r.id,
  teamName: r.name,
  manager: r.manager,
  points: Number(r.points),
  exactMinutes: Number(r.exact_minutes),
  correctOutcomes: Number(r.correct_outcomes),
});

const text = 'select * from young_rows order by points desc, name limit 50';

const setUp = async (database: Database) => {
  await sql`create table young_rows (id text primary key, name text not null, manager text not null,
    points integer not null, exact_minutes integer not null, correct_outcomes integer not null)`.execute(
    database.db,
  );
  for (let i = 0; i < 200; i += 1)
    await sql`insert into young_rows values (${`team-${i}`}, ${`Team ${i}`}, ${`Player ${i}`},
      ${(i * 7) % 61}, ${i % 9}, ${i % 13})`.execute(database.db);
};

/** Promoted bytes per read and the young collections' pauses while `read` runs `reads` times. */
const measure = async (label: string, read: () => Promise<unknown>) => {
  for (let i = 0; i < 300; i += 1) await read();
  const profiler = new GCProfiler();
  profiler.start();
  const started = performance.now();
  for (let i = 0; i < reads; i += 1) await read();
  const ms = performance.now() - started;
  const scavenges = profiler.stop().statistics.filter((s) => s.gcType === 'Scavenge');
  const old = (spaces: { spaceName: string; spaceUsedSize: number }[]) =>
    spaces.find((s) => s.spaceName === 'old_space')?.spaceUsedSize ?? 0;
  const promoted = scavenges.reduce(
    (sum, s) => sum + old(s.afterGC.heapSpaceStatistics) - old(s.beforeGC.heapSpaceStatistics),
    0,
  );
  const pauses = scavenges.map((s) => s.cost / 1000).sort((a, b) => a - b);
  const mean = pauses.reduce((a, b) => a + b, 0) / Math.max(1, pauses.length);
  out(
    `${label}: ${(promoted / reads / 1024).toFixed(1)} KB promoted a read; ${pauses.length} young collections, pause mean ${mean.toFixed(1)} ms, max ${(pauses.at(-1) ?? 0).toFixed(1)} ms; ${(reads / (ms / 1000)).toFixed(0)} reads/s`,
  );
  return promoted / reads;
};

const dataDir = mkdtempSync(join(tmpdir(), 'firstgoal-young-rows-'));
const fresh = await freshDatabase('postgres', dataDir, 'young_rows');
try {
  for (const dialect of ['postgres', 'sqlite'] as const) {
    const url = dialect === 'postgres' ? fresh.url : `file:${join(dataDir, 'young.sqlite')}`;
    const env = parseEnv(
      { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test' },
      { generateSecret: true },
    );
    const database = openDatabase(env.database);
    await setUp(database);
    out(`\n${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${reads} reads of 50 rows each:`);
    const app = () => sql<Row>`select * from young_rows order by points desc, name limit 50`;
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const promised = await measure('  node-postgres asked for a promise', () =>
        client.query(text),
      );
      const given = await measure(
        '  node-postgres given its callback',
        () =>
          new Promise((resolve, reject) =>
            client.query(text, (error, result) => (error ? reject(error) : resolve(result))),
          ),
      );
      await client.end();
      const through = await measure("  the app's client (Kysely)", () =>
        app().execute(database.db),
      );
      out(
        `  promoted a read, asked for a promise / given its callback: ${(promised / Math.max(1, given)).toFixed(0)}×; the app's client / given its callback: ${(through / Math.max(1, given)).toFixed(1)}×`,
      );
    }
    const spreadRows = await measure('  rows mapped by a spread', async () =>
      (await app().execute(database.db)).rows.map(spread),
    );
    const writtenRows = await measure('  rows written out', async () =>
      (await app().execute(database.db)).rows.map(writtenOut),
    );
    out(
      `  promoted a read, spread / written out: ${(spreadRows / Math.max(1, writtenRows)).toFixed(0)}×`,
    );
    await database.close();
  }
} finally {
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
