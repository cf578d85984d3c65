// `npm run bench`: benchmarks that print ratios measured in one run on this machine (never
// timed assertions). Each case runs the real app in-process against a fresh SQLite file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createApp } from '../src/server/app';
import { closeServices, createServices } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { benchScoring } from './scoring';
import { serverNodeFlags } from './server-flags';

const dir = mkdtempSync(join(tmpdir(), 'firstgoal-bench-'));
const env = parseEnv(
  {
    NODE_ENV: 'test',
    DATA_DIR: dir,
    DATABASE_URL: `file:${join(dir, 'bench.sqlite')}`,
    LOG_LEVEL: 'silent',
  },
  { generateSecret: true },
);
const services = await createServices(env, { logger: pino({ level: 'silent' }) });
const app = createApp(services, { serveWeb: false });

const time = async (label: string, iterations: number, run: () => unknown) => {
  for (let i = 0; i < Math.min(200, iterations); i += 1) await run(); // warm-up
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) await run();
  const ms = performance.now() - started;
  return { label, iterations, ms, perOp: ms / iterations };
};

const results = [
  await time('GET /healthz (baseline: routing + middleware only)', 3000, () =>
    app.request('/healthz'),
  ),
  await time(
    'GET /api/competitions (session lookup + current season of every competition)',
    3000,
    () => app.request('/api/competitions'),
  ),
  await time(
    'GET /api/competitions/premier_league/fixtures (a whole season: 380 fixtures)',
    1000,
    () => app.request('/api/competitions/premier_league/fixtures'),
  ),
];
const [baseline] = results;
process.stdout.write('\nIn-process HTTP requests (SQLite)\n');
for (const r of results) {
  process.stdout.write(
    `  ${r.label}: ${r.perOp.toFixed(3)} ms/request over ${r.iterations} — ${(r.perOp / (baseline?.perOp ?? 1)).toFixed(2)}× baseline\n`,
  );
}

const scoring = await benchScoring(services.database.db);
const [setBased] = scoring;
process.stdout.write(
  '\nScoring 100,000 predictions of one fixture (SQLite, WAL, synchronous=FULL)\n',
);
for (const r of scoring) {
  process.stdout.write(
    `  ${r.label}: ${r.ms.toFixed(0)} ms${r.note} — ${(r.ms / (setBased?.ms ?? 1)).toFixed(1)}× set-based\n`,
  );
}
await closeServices(services);
rmSync(dir, { recursive: true, force: true });

// The web suite (three pages in Chromium with Lighthouse), unless BENCH_WEB=off.
if (process.env.BENCH_WEB !== 'off') await import('./web');

// A 4,000-row import on SQLite and PostgreSQL (time, event-loop delay), unless BENCH_IMPORT=off.
if (process.env.BENCH_IMPORT !== 'off') await import('./import');

// A 500-event live answer read and applied (event-loop delay), unless BENCH_LIVE=off: a process
// of its own with `npm start`'s heap flags, since its figures are the collector's as much as ours.
if (process.env.BENCH_LIVE !== 'off') {
  const live = spawnSync(
    process.execPath,
    [
      ...serverNodeFlags(),
      '--expose-gc',
      '--import',
      'tsx',
      new URL('./live.ts', import.meta.url).pathname,
    ],
    { stdio: 'inherit' },
  );
  if (live.status !== 0)
    throw new Error(`bench/live.ts stopped (exit ${live.status ?? live.signal})`);
}

// The scale suite (a season for everyone: SQLite and PostgreSQL), unless BENCH_SCALE=off.
if (process.env.BENCH_SCALE !== 'off') await import('./scale');
