// The scale suite (issue 10): a season for everyone on one machine. Builds 100,000 users holding
// 1,000,000 teams in 20,000 leagues (one of 10,000 teams, ten of 1,000, one of 20, the rest 20–80),
// one competition of 380 fixtures (150 final) and about 5 million predictions (one fixture
// predicted by every team), on SQLite and on PostgreSQL; then starts the real server in its own
// process and prints each figure beside its baseline from the same run. `BENCH_SCALE=small`
// builds 2 % of it (a quick check of the suite itself).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../src/server/db/migrate';
import { openDatabase, type Database } from '../src/server/db/database';
import { parseEnv, type DatabaseTarget } from '../src/server/env';
import { createStandings } from '../src/server/bootstrap';
import { upsertCatalogue } from '../src/server/competitions/repository';
import { readCompetitionCatalogue } from '../src/server/competitions/catalogue';
import { cookiesOf, fmt, load, percentile, saveRequests, send } from './load';
import { leagueId, openWriter, scaleShape, seedCompetition, seedPlayers } from './seed-scale';
import { benchLivePlay } from './scale-live';
import { sampleWaits } from './pg-waits';
import { serverNodeFlags } from './server-flags';

const competitionId = 'bench_league';
const kind = process.env.BENCH_SCALE === 'small' ? 'small' : 'full';
const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The server in its own process, with its event-loop probe.

const startChild = (
  target: DatabaseTarget,
  url: string,
  dataDir: string,
  port: number,
  adminEmail: string,
) =>
  new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'scale-server.ts'), [], {
      execArgv: [
        ...serverNodeFlags(),
        '--import',
        'tsx',
        // The live-play figures read the memory held after a collection.
        '--expose-gc',
        ...(process.env.BENCH_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
          : []),
        // BENCH_NODE_FLAGS: more flags for the server (--trace-gc, a heap size) when tracing.
        ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        OPENFOOTBALL_SYNC: 'false',
        // 10,000 streams from the benchmark's one address (the cap guards against one client).
        LIVE_STREAMS_PER_ADDRESS: '20000',
        ADMIN_EMAILS: adminEmail,
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        BASE_URL: 'http://localhost:3000',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) for ${target.dialect}`)),
    );
    child.on('message', (m: { type?: string; port?: number }) => {
      if (m.type === 'ready') resolve({ child, port: m.port ?? port });
    });
  });

const probe = (child: ChildProcess, message: 'reset' | 'report') =>
  new Promise<{ p50: number; p99: number; max: number }>((resolve) => {
    const on = (m: { type?: string; p50?: number; p99?: number; max?: number }) => {
      if (m.type !== message) return;
      child.off('message', on);
      resolve({ p50: m.p50 ?? 0, p99: m.p99 ?? 0, max: m.max ?? 0 });
    };
    child.on('message', on);
    child.send(message);
  });

// ---------------------------------------------------------------------------------------------

interface Figures {
  dialect: string;
  seedMs: number;
  rebuildMs: number;
  predictions: number;
  lines: string[];
}

const prepare = async (dialect: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-scale-${dialect}-`));
  let url = `file:${join(dataDir, 'scale.sqlite')}`;
  if (dialect === 'postgres') {
    const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query('drop database if exists firstgoal_scale with (force)');
    await client.query('create database firstgoal_scale');
    await client.end();
    url = admin.replace(/\/[^/]*$/, '/firstgoal_scale');
  }
  const env = parseEnv(
    { DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: 'test' },
    { generateSecret: true },
  );
  return { dataDir, url, target: env.database };
};

const analyse = async (database: Database) => {
  // PostgreSQL: what autovacuum does after a bulk load (statistics and the visibility map that
  // lets counts read the index alone).
  if (database.dialect === 'postgres') await sql`vacuum analyze`.execute(database.db);
  else await database.optimize();
};

export const benchScale = async (dialect: 'sqlite' | 'postgres'): Promise<Figures> => {
  const shape = scaleShape(kind);
  const lines: string[] = [];
  const { dataDir, url, target } = await prepare(dialect);
  const now = new Date();

  // 1. Schema, then the season written straight into the tables (a bulk load).
  let database = openDatabase(target);
  await migrateToLatest(database.db);
  await upsertCatalogue(database.db, readCompetitionCatalogue(), now);
  await database.close();
  const seedStarted = performance.now();
  const writer = openWriter(target);
  const fixtures = await seedCompetition(writer, competitionId, now);
  const finals = fixtures.filter((f) => f.result !== null).map((f) => f.id);
  const everyone = fixtures[150]?.id ?? '';
  const open = fixtures.slice(160, 170).map((f) => f.id);
  let lastReport = 0;
  const predictions = await seedPlayers(writer, {
    shape,
    competitionId,
    finals,
    everyone,
    at: now.toISOString(),
    onProgress: (n) => {
      if (n - lastReport >= 1_000_000) {
        lastReport = n;
        process.stderr.write(`  ${dialect}: ${(n / 1e6).toFixed(0)}M predictions written\n`);
      }
    },
  });
  await writer.close();
  const seedMs = performance.now() - seedStarted;

  // 2. 'Rebuild standings' derives every league's totals from the predictions.
  database = openDatabase(target);
  await analyse(database);
  const rebuildStarted = performance.now();
  const rebuilt = await createStandings({ database, now: () => new Date() }).rebuildCompetition(
    competitionId,
  );
  const rebuildMs = performance.now() - rebuildStarted;
  await analyse(database);
  await database.close();
  lines.push(
    `bulk load: ${shape.users.toLocaleString('en')} users, ${shape.leagueSizes.length.toLocaleString('en')} leagues, ${shape.leagueSizes.reduce((s, n) => s + n, 0).toLocaleString('en')} teams, ${predictions.toLocaleString('en')} predictions in ${seconds(seedMs)}`,
    `Rebuild standings (${rebuilt.toLocaleString('en')} leagues from every prediction): ${seconds(rebuildMs)}`,
  );

  // 3. The server, and the players who use it.
  const adminEmail = 'bench-admin@example.com';
  const { child, port } = await startChild(
    target,
    url,
    dataDir,
    3900 + (dialect === 'sqlite' ? 1 : 2),
    adminEmail,
  );
  const agent = new HttpAgent({ keepAlive: true, maxSockets: 10 });
  const signUp = async (email: string) => {
    const res = await send(agent, port, {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: JSON.stringify({ email, password: 'correct-horse-9', name: email.split('@')[0] }),
    });
    if (res.status !== 200) throw new Error(`sign-up ${res.status} ${res.body}`);
    return cookiesOf(res.headers);
  };
  const join = async (cookie: string, league: number, teamName: string) => {
    const code = `Q${league.toString(36).toUpperCase().padStart(5, '0')}`;
    const res = await send(agent, port, {
      method: 'POST',
      path: '/api/leagues/join',
      body: JSON.stringify({ codeOrName: code, teamName }),
      cookie,
    });
    if (res.status !== 201) throw new Error(`join ${res.status} ${res.body}`);
    return (JSON.parse(res.body) as { team: { id: string } }).team.id;
  };
  const adminCookie = await signUp(adminEmail);
  const viewer = await signUp('bench-viewer@example.com');
  await join(viewer, 0, 'Viewer in the big league');
  const small = shape.leagueSizes.indexOf(20);
  await join(viewer, small, 'Viewer in a small league');
  const savers: { cookie: string; teamId: string }[] = [];
  for (let i = 0; i < 100; i += 1) {
    const cookie = await signUp(`bench-saver-${i}@example.com`);
    savers.push({
      cookie,
      teamId: await join(cookie, 12 + ((i * 37) % (shape.leagueSizes.length - 12)), `Saver ${i}`),
    });
  }
  agent.destroy();

  // 4. Baseline: /healthz.
  const health = await load(port, 100, 5000, () => ({ method: 'GET', path: '/healthz' }));
  const healthSeq = await load(port, 1, 3000, () => ({ method: 'GET', path: '/healthz' }));
  lines.push(`GET /healthz at 100 connections (baseline): ${fmt(health)}`);
  lines.push(`GET /healthz one at a time (baseline): ${fmt(healthSeq)}`);

  // 5. Standings, one request at a time (what a reader waits for).
  const standings = (league: number, query: string) => () => ({
    method: 'GET',
    path: `/api/leagues/${leagueId(league)}/standings${query}`,
    cookie: viewer,
  });
  for (const [label, next] of [
    ['20-team league, first page', standings(small, '')],
    ['10,000-team league, first page', standings(0, '')],
    ["10,000-team league, the viewer's page (?around=me)", standings(0, '?around=me')],
    ['10,000-team league, page 150 of 200', standings(0, '?page=150')],
  ] as const) {
    const r = await load(port, 1, 4000, next);
    lines.push(
      `standings, ${label}: p99 ${r.p99.toFixed(1)} ms (goal < 20 ms), p50 ${r.p50.toFixed(1)} ms — ${(r.p50 / Math.max(0.01, healthSeq.p50)).toFixed(1)}× /healthz p50; ${r.errors} errors`,
    );
  }
  // The same pages when nothing is kept: before each read the league's table moves (its
  // standings version, as a result or a join moves it), so every read ranks afresh.
  const mover = openDatabase(target);
  for (const [label, query] of [
    ['first page', ''],
    ['page 150 of 200', '?page=150'],
  ] as const) {
    const cold: number[] = [];
    const until = performance.now() + 4000;
    while (performance.now() < until) {
      await sql`update standings_versions set version = version + 1 where league_id = ${leagueId(0)}`.execute(
        mover.db,
      );
      const t0 = performance.now();
      await send(new HttpAgent(), port, standings(0, query)());
      cold.push(performance.now() - t0);
    }
    cold.sort((a, b) => a - b);
    lines.push(
      `standings, 10,000-team league, ${label}, each read after the table moved (nothing kept): p99 ${percentile(cold, 99).toFixed(1)} ms, p50 ${percentile(cold, 50).toFixed(1)} ms over ${cold.length} reads`,
    );
  }
  await mover.close();
  // The signed-in home's hub: the viewer holds a team in the 10,000-team league and one in a
  // 20-team league (rank and the rank before the latest round in each, missing picks, results).
  const hub = await load(port, 1, 4000, () => ({
    method: 'GET',
    path: '/api/leagues/hub',
    cookie: viewer,
  }));
  lines.push(
    `home hub (a team in the 10,000-team league and one in a 20-team league): p99 ${hub.p99.toFixed(1)} ms (goal < 20 ms), p50 ${hub.p50.toFixed(1)} ms — ${(hub.p50 / Math.max(0.01, healthSeq.p50)).toFixed(1)}× /healthz p50; ${hub.errors} errors`,
  );
  const bigPage = await send(new HttpAgent(), port, standings(0, '?around=me')());
  lines.push(
    `standings response of the 10,000-team league: ${(Buffer.byteLength(bigPage.body) / 1024).toFixed(1)} KB (limit 64 KB)`,
  );

  // What any write costs before it reaches the database: an authenticated PUT with a small JSON
  // body that validation refuses (guards, session from its cookie, body, validation, an error
  // envelope). A save cannot be cheaper than this.
  const saveRequest = saveRequests(savers, open);
  const floor = await load(
    port,
    100,
    5000,
    (i) => ({
      method: 'PUT',
      path: '/api/predictions',
      cookie: saveRequest.cookie(i),
      body: JSON.stringify({ teamId: '', predictions: [] }),
    }),
    saveRequest.answered,
  );
  lines.push(
    `a write refused by validation at 100 connections (no database; the ceiling of a save): ${floor.perSecond.toFixed(0)} req/s, p99 ${floor.p99.toFixed(1)} ms — ${((floor.perSecond / health.perSecond) * 100).toFixed(0)} % of /healthz; ${floor.requests - floor.errors} not refused`,
  );

  // 6. The kick-off rush: saves at 100 connections, with the event loop watched.
  await probe(child, 'reset');
  // On PostgreSQL, what the database waits on during the saves (printed with the figures).
  const waits = target.dialect === 'postgres' ? await sampleWaits(url) : null;
  const saves = await load(port, 100, 10_000, saveRequest.request, saveRequest.answered);
  const savesLoop = await probe(child, 'report');
  const savesWaits = waits?.top(5);
  lines.push(
    `prediction saves at 100 connections: ${fmt(saves)} — ${((saves.perSecond / health.perSecond) * 100).toFixed(0)} % of /healthz (goal ≥ 30 %, p99 < 100 ms, 0 errors)`,
  );
  lines.push(
    `event-loop delay during the saves: p99 ${savesLoop.p99} ms, max ${savesLoop.max} ms (goal < 20 / < 50 ms)`,
  );
  // PostgreSQL with two instances on the one database (issue 30): 50 connections each, at once.
  if (savesWaits)
    lines.push(`the database's sessions during the saves (50 ms samples):\n${savesWaits}`);
  if (waits) {
    const second = await startChild(target, url, dataDir, 0, adminEmail);
    waits.clear();
    const [a, b] = await Promise.all([
      load(
        port,
        50,
        10_000,
        (i) => saveRequest.request(2 * i),
        (i, headers) => saveRequest.answered(2 * i, headers),
      ),
      load(
        second.port,
        50,
        10_000,
        (i) => saveRequest.request(2 * i + 1),
        (i, headers) => saveRequest.answered(2 * i + 1, headers),
      ),
    ]);
    second.child.send('stop');
    await new Promise((resolve) => second.child.once('exit', resolve));
    lines.push(
      `prediction saves at 100 connections over two instances: ${(a.perSecond + b.perSecond).toFixed(0)} req/s together (${(((a.perSecond + b.perSecond) / health.perSecond) * 100).toFixed(0)} % of one instance's /healthz), ${a.errors + b.errors} errors; the first ${fmt(a)}; the second ${fmt(b)}; the database's sessions meanwhile:\n${waits.top(5)}`,
    );
    await waits.stop();
  }

  // 7a. Live play (issue 29): the fixture every team predicted in play, 10,000 streams open,
  // 100,000 phones subscribed; the first goal.
  if (process.env.BENCH_LIVE_PLAY !== 'off')
    lines.push(
      ...(await benchLivePlay({
        port,
        child,
        target,
        adminCookie,
        viewer,
        fixtureId: everyone,
        small,
        users: shape.users,
        streams: kind === 'full' ? 10_000 : 500,
        probe: (message) => probe(child, message),
      })),
    );

  // 7. Finalising the fixture every team predicted while /healthz is polled: the admin's answer,
  // the first table reads after it (do they count the result?), and the background run over
  // every league to its end.
  // The first page's points (every team predicted the fixture: many of them change).
  const pagePoints = async (league: number) =>
    (
      JSON.parse((await send(new HttpAgent(), port, standings(league, '')())).body) as {
        rows: { points: number }[];
      }
    ).rows.reduce((sum, r) => sum + r.points, 0);
  const pointsBefore = [await pagePoints(small), await pagePoints(0)];
  await probe(child, 'reset');
  let polling = true;
  const pollAgent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  const polled: number[] = [];
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      await send(pollAgent, port, { method: 'GET', path: '/healthz' });
      polled.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const finalStarted = performance.now();
  const finalised = await send(new HttpAgent(), port, {
    method: 'PATCH',
    path: `/api/admin/fixtures/${everyone}`,
    cookie: adminCookie,
    body: JSON.stringify({ status: 'final', homeScore: 2, awayScore: 1, firstGoalMinute: 23 }),
  });
  const answerMs = performance.now() - finalStarted;
  const reads: string[] = [];
  for (const [label, league, before] of [
    ['20-team', small, pointsBefore[0] ?? 0],
    ['10,000-team', 0, pointsBefore[1] ?? 0],
  ] as const) {
    const t0 = performance.now();
    const points = await pagePoints(league);
    reads.push(
      `${label} ${(performance.now() - t0).toFixed(0)} ms (${points !== before ? 'counts the result' : 'RESULT MISSING'})`,
    );
  }
  const readsMs = performance.now() - finalStarted;
  // The run over every league goes on in the background: wait for its end.
  // Read-only and without a checkpointer of its own (only the server's runs, as in production).
  const watcher =
    target.dialect === 'sqlite'
      ? new SQLite(target.path, { readonly: true })
      : openDatabase(target);
  const runsLeft = async () =>
    watcher instanceof SQLite
      ? (watcher.prepare('select count(*) as n from tally_runs').get() as { n: number }).n
      : (await watcher.db.selectFrom('tally_runs').select('fixture_id').execute()).length;
  while ((await runsLeft()) > 0) await new Promise((r) => setTimeout(r, 50));
  await watcher.close();
  const allMs = performance.now() - finalStarted;
  polling = false;
  await poller;
  pollAgent.destroy();
  const finalLoop = await probe(child, 'report');
  const after = JSON.parse((await send(new HttpAgent(), port, standings(0, '')())).body) as {
    rows: { points: number }[];
  };
  polled.sort((a, b) => a - b);
  const teams = shape.leagueSizes.reduce((s, n) => s + n, 0).toLocaleString('en');
  lines.push(
    `finalising the fixture every team predicted (${teams} predictions, ${shape.leagueSizes.length.toLocaleString('en')} leagues), standings included: answer ${seconds(answerMs)} (HTTP ${finalised.status}), tables read right after: ${reads.join(', ')}, ${seconds(readsMs)} from the change to both tables (goal < 2 s); every league's totals done in the background after ${seconds(allMs)}; /healthz meanwhile p99 ${percentile(polled, 99).toFixed(1)} ms, max ${(polled[polled.length - 1] ?? 0).toFixed(1)} ms over ${polled.length} polls; event loop max ${finalLoop.max} ms (goal < 50 ms); leader now ${after.rows[0]?.points ?? '?'} points`,
  );

  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  if (process.env.BENCH_KEEP) out(`  (kept ${url})`);
  else rmSync(dataDir, { recursive: true, force: true });
  return { dialect, seedMs, rebuildMs, predictions, lines };
};

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as (
  'sqlite' | 'postgres'
)[];
out(`\nScale suite (${kind}): a season for everyone on one machine`);
for (const dialect of dialects) {
  const figures = await benchScale(dialect);
  out(`\n  ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  for (const line of figures.lines) out(`    ${line}`);
}
