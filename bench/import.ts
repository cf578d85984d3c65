// A 4,000-row fixture import (issue 26, item 9c): `node --import tsx bench/import.ts`, also part
// of `npm run bench` (`BENCH_IMPORT=off` skips it). Through the admin route in process, on a
// fresh SQLite file and a fresh PostgreSQL database (`BENCH_DIALECTS`, `BENCH_DATABASE_URL` as
// in scale.ts), it applies a CSV of 4,000 new fixtures, the same file with every kick-off moved
// (4,000 changed) and it once more (4,000 unchanged), printing each import's time and the event
// loop's longest delay meanwhile (perf_hooks.monitorEventLoopDelay).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pino } from 'pino';
import { freshDatabase } from './fresh-database';
import { createApp } from '../src/server/app';
import { closeServices, createServices } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';

const rows = 4000;
const baseUrl = 'http://localhost:3000';
const admin = 'bench-admin@example.com';
const out = (line = '') => process.stdout.write(`${line}\n`);

const csv = (time: string) =>
  [
    'date,time,time_zone,home,away,round',
    ...Array.from(
      { length: rows },
      (_, i) =>
        `2026-08-${String(1 + (i % 28)).padStart(2, '0')},${time},,Home ${i},Away ${i},Matchday ${1 + (i % 38)}`,
    ),
  ].join('\n');

const benchImport = async (dialect: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-import-${dialect}-`));
  const database = await freshDatabase(dialect, dataDir, 'import');
  const env = parseEnv(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ADMIN_EMAILS: admin,
      BASE_URL: baseUrl,
      OPENFOOTBALL_SYNC: 'false',
    },
    { generateSecret: true },
  );
  const services = await createServices(env, { logger: pino({ level: 'silent' }) });
  const app = createApp(services, { serveWeb: false });
  let cookie = '';
  // The request's body is a string made beforehand and its answer is read by the caller: what
  // the benchmark itself does with the 1 MB answer is not the server's delay.
  const send = async (path: string, body: string) => {
    const res = await app.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
      body,
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    return res;
  };
  const post = async (path: string, body: unknown) => {
    const res = await send(path, JSON.stringify(body));
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const figures: { label: string; ms: number; maxDelayMs: number }[] = [];
  try {
    await post('/api/auth/sign-up/email', { email: admin, password: 'correct-horse-9', name: 'A' });
    const id = 'bench_import';
    const created = await post('/api/admin/competitions', {
      ...{ id, name: 'Bench Import', route: '/bench-import', kind: 'tournament' },
      ...{ country: 'World', timeZone: 'Europe/London' },
    });
    if (created.status !== 201) throw new Error(`competition: ${created.status}`);
    for (const [label, time] of [
      ['4,000 new', '15:00'],
      ['4,000 changed (kick-offs moved)', '17:30'],
      ['4,000 unchanged (the same file again)', '17:30'],
    ] as const) {
      const body = JSON.stringify({ competitionId: id, format: 'csv', content: csv(time) });
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const started = performance.now();
      const res = await send('/api/admin/imports/apply', body);
      const ms = performance.now() - started;
      loop.disable();
      const answer = await res.text();
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${answer}`);
      figures.push({ label, ms, maxDelayMs: loop.max / 1e6 });
    }
  } finally {
    await closeServices(services);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
};

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as (
  'sqlite' | 'postgres'
)[];
const results = [];
for (const dialect of dialects) results.push(await benchImport(dialect));
const names = dialects.map((d) => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL'));
out(`\nA ${rows.toLocaleString('en')}-row CSV import through POST /api/admin/imports/apply`);
out(`  import time, event loop's longest delay meanwhile: ${names.join(' | ')}`);
for (const [i, { label }] of (results[0] ?? []).entries()) {
  const cells = results.map((r) => {
    const f = r[i];
    return f ? `${(f.ms / 1000).toFixed(2)} s, ${f.maxDelayMs.toFixed(1)} ms` : '-';
  });
  out(`  ${label}: ${cells.join(' | ')}`);
}
