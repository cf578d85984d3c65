// Reading a large live answer (issue 28: "parsing large answers never holds the event loop over
// 20 ms"): `node --max-semi-space-size=64 --initial-old-space-size=256 --expose-gc --import tsx
// bench/live.ts` (`npm start`'s heap flags), also part of `npm run bench` (`BENCH_LIVE=off` skips
// it). On a fresh SQLite file and a fresh PostgreSQL database (`BENCH_DIALECTS`,
// `BENCH_DATABASE_URL` as in scale.ts) a competition of 500 fixtures is read from a local ESPN
// stand-in whose month answer holds 500 finished events (the most `limit=500` returns, about
// 3 MB, built from a recorded event): first every match new (paired, reported, settled and
// scored), then the same answer again (nothing to change), then the same answer with every
// score moved by one goal (500 corrections), each fetched and applied as the live job does; then
// a poll cycle of ten competitions with ten matches in play each (issue 29). Prints each step's
// time and the event loop's longest delay meanwhile (perf_hooks.monitorEventLoopDelay), measured
// in one run. Then hostile answers (issue 49): a 50 MB answer and a 1 MB gzip that expands to
// 1 GB, each served by a process of its own while a third process asks the server's /healthz
// every 10 ms over HTTP: the slowest /healthz answer and the server's resident memory before,
// at its highest and after, side by side on both databases.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { pino } from 'pino';
import { freshDatabase } from './fresh-database';
import { describeTurn, watchTurns, type LongestTurn } from './longest-turn';
import { createApp } from '../src/server/app';
import { startServer } from '../src/server/server';
import { closeServices, createServices } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { pacer } from '../src/server/imports/pace';
import { applyReports } from '../src/server/live/apply';
import { fetchReports } from '../src/server/sources/read';
import { espnSource } from '../src/server/sources/espn';
import { livePaceMs } from '../src/server/live/service';
import { readLiveSourceMap } from '../src/server/competitions/catalogue';
import { sourceCode } from '../src/domain/live/source-map';
import { runFixtureSync } from '../src/server/sync/service';

/** ESPN answers at most 500 events (`limit=500`); a busy month of one league holds about 80. */
const matches = Number(process.env.BENCH_LIVE_EVENTS ?? 500);
const baseUrl = 'http://localhost:3000';
const admin = 'bench-admin@example.com';
const out = (line = '') => process.stdout.write(`${line}\n`);
const competitionId = 'bench_live';

const recorded = (
  JSON.parse(
    readFileSync(
      new URL('../../shared/data/live/espn/soccer-all_scoreboard_2026-03-21.json', import.meta.url),
      'utf8',
    ),
  ) as { events: Record<string, unknown>[] }
).events.find((e) => e.id === '740898');
if (!recorded) throw new Error('the recorded event 740898 is missing from ../shared/data');

const kickoff = (i: number) =>
  new Date(Date.UTC(2026, 2, 1 + (i % 28), 12 + (Math.floor(i / 28) % 10))).toISOString();

/** Kick-off of the matches in play of the poll cycle: half an hour before the pinned clock. */
const inPlayKickoff = '2026-04-15T11:30:00.000Z';
const inPlayMatches = 10;
const inPlayCompetitions = 10;

/**
 * 500 finished events: a recorded one with our teams, its date and a score; or (`inPlay`) ten
 * matches 31 minutes into their first half, one of them with a goal.
 */
const answer = (extra: number, inPlay = false) =>
  Buffer.from(
    JSON.stringify({
      events: Array.from({ length: inPlay ? inPlayMatches : matches }, (_, i) => {
        const event = structuredClone(recorded) as Record<string, unknown> & {
          competitions: { competitors: Record<string, unknown>[]; details: unknown[] }[];
        };
        const c = event.competitions[0];
        if (!c) throw new Error('recorded event without a competition');
        const [home, away] = c.competitors;
        if (!home || !away) throw new Error('recorded event without both sides');
        const goals = 1 + extra + (i % 3);
        Object.assign(home, {
          id: 'h',
          score: String(goals),
          team: { ...(home.team as object), displayName: `Home ${i}` },
        });
        Object.assign(away, {
          id: 'a',
          score: '0',
          team: { ...(away.team as object), displayName: `Away ${i}` },
        });
        c.details = Array.from({ length: goals }, (_, g) => ({
          type: { id: '70', text: 'Goal' },
          clock: { displayValue: `${10 + g * 7}'` },
          team: { id: 'h' },
          scoringPlay: true,
          shootout: false,
        }));
        if (inPlay) {
          Object.assign(home, { score: String(i === 0 ? 1 : 0) });
          c.details = c.details.slice(0, i === 0 ? 1 : 0);
          return {
            ...event,
            id: String(950000 + i),
            uid: `s:600~l:700~e:${950000 + i}`,
            date: inPlayKickoff.replace(':00.000Z', 'Z'),
            status: {
              displayClock: "31'",
              period: 1,
              type: { name: 'STATUS_FIRST_HALF', state: 'in', completed: false },
            },
          };
        }
        return {
          ...event,
          id: String(900000 + i),
          uid: `s:600~l:700~e:${900000 + i}`,
          date: kickoff(i).replace(':00.000Z', 'Z'),
        };
      }),
    }),
  );

/**
 * ESPN's stand-in in a process of its own, as the real one is elsewhere: its writing of the
 * answer is not work of the event loop measured. It reads the file at each request.
 */
const serveAnswer = async (file: string) => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs');
       const server = require('node:http').createServer((_req, res) =>
         res.writeHead(200, { 'content-type': 'application/json' }).end(fs.readFileSync(process.argv[1])));
       server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));`,
      file,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
};

/** The server's settings of a bench: ESPN (only) at `espnUrl`, no openfootball sync. */
const benchEnv = (
  dataDir: string,
  databaseUrl: string,
  espnUrl: string,
  extra: Record<string, string> = {},
) =>
  parseEnv(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BASE_URL: baseUrl,
      OPENFOOTBALL_SYNC: 'false',
      LIVE_SOURCES: 'espn',
      ESPN_URL: espnUrl,
      ...extra,
    },
    { generateSecret: true },
  );

const benchLive = async (dialect: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-live-${dialect}-`));
  const answerFile = join(dataDir, 'answer.json');
  writeFileSync(answerFile, answer(0));
  const stand = await serveAnswer(answerFile);
  const database = await freshDatabase(dialect, dataDir, 'live');
  const env = benchEnv(dataDir, database.url, stand.url, { ADMIN_EMAILS: admin });
  const services = await createServices(env, {
    logger: pino({ level: 'silent' }),
    now: () => new Date('2026-04-15T12:00:00Z'),
  });
  const app = createApp(services, { serveWeb: false });
  let cookie = '';
  const post = async (path: string, payload: unknown) => {
    const res = await app.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json', cookie },
      body: JSON.stringify(payload),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length > 0) cookie = set.join('; ');
    return { status: res.status, text: await res.text() };
  };
  const figures: {
    label: string;
    ms: number;
    readMs: number;
    applyMs: number;
    /** The 99th percentile of the delays over both. */
    p99Ms: number;
    changed: number;
  }[] = [];
  try {
    await post('/api/auth/sign-up/email', { email: admin, password: 'correct-horse-9', name: 'A' });
    const created = await post('/api/admin/competitions', {
      ...{ id: competitionId, name: 'Bench Live', route: '/bench-live', kind: 'tournament' },
      ...{ country: 'World', timeZone: 'UTC', seasonLabel: '2025-26' },
    });
    if (created.status !== 201) throw new Error(`competition: ${created.status} ${created.text}`);
    const csv = [
      'date,time,time_zone,home,away,round',
      ...Array.from({ length: matches }, (_, i) => {
        const k = kickoff(i);
        return `${k.slice(0, 10)},${k.slice(11, 16)},,Home ${i},Away ${i},Round ${1 + (i % 28)}`;
      }),
    ].join('\n');
    const imported = await post('/api/admin/imports/apply', {
      competitionId,
      format: 'csv',
      season: '2025-26',
      content: csv,
    });
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${imported.text}`);
    const url = `${env.ESPN_URL}/apis/site/v2/sports/soccer/eng.1/scoreboard?dates=202603`;
    for (const [label, extra] of [
      [`${matches} finished matches, all new`, 0],
      ['the same answer again (nothing to change)', 0],
      [`${matches} corrections (every score one goal more)`, 1],
    ] as const) {
      writeFileSync(answerFile, answer(extra));
      // The benchmark's own garbage (the 11 MB answers it builds) is collected before measuring
      // when run with --expose-gc (`node --expose-gc --import tsx bench/live.ts`).
      (globalThis as { gc?: () => void }).gc?.();
      const reading = monitorEventLoopDelay({ resolution: 1 });
      reading.enable();
      const started = performance.now();
      const pace = pacer(livePaceMs);
      const fetched = await fetchReports(espnSource, url, {
        env: services.env,
        now: services.now(),
        pace,
      });
      reading.disable();
      if (fetched.kind !== 'ok') throw new Error(`${label}: ${fetched.error}`);
      const applying = monitorEventLoopDelay({ resolution: 1 });
      applying.enable();
      const counts = await applyReports(services, {
        competitionId,
        source: 'espn',
        reports: fetched.reports,
        liveOrder: ['espn'],
        aliases: new Map(),
        now: services.now(),
        pace,
      });
      const ms = performance.now() - started;
      applying.disable();
      figures.push({
        label,
        ms,
        readMs: reading.max / 1e6,
        applyMs: applying.max / 1e6,
        p99Ms: Math.max(reading.percentile(99), applying.percentile(99)) / 1e6,
        changed: counts.changed,
      });
    }

    // A poll cycle (issue 29): ten competitions with ten matches each in play, each read and
    // applied as the live job does, one after another.
    const inPlay: string[] = [];
    for (let n = 1; n <= inPlayCompetitions; n += 1) {
      const id = `${competitionId}_${n}`;
      const made = await post('/api/admin/competitions', {
        ...{ id, name: `Bench Live ${n}`, route: `/bench-live-${n}`, kind: 'tournament' },
        ...{ country: 'World', timeZone: 'UTC', seasonLabel: '2025-26' },
      });
      if (made.status !== 201) throw new Error(`competition: ${made.status} ${made.text}`);
      const rows = Array.from(
        { length: inPlayMatches },
        (_, i) => `2026-04-15,11:30,,Home ${i},Away ${i},Round 1`,
      );
      const filled = await post('/api/admin/imports/apply', {
        competitionId: id,
        format: 'csv',
        season: '2025-26',
        content: ['date,time,time_zone,home,away,round', ...rows].join('\n'),
      });
      if (filled.status !== 200) throw new Error(`import: ${filled.status} ${filled.text}`);
      inPlay.push(id);
    }
    writeFileSync(answerFile, answer(0, true));
    (globalThis as { gc?: () => void }).gc?.();
    const cycle = monitorEventLoopDelay({ resolution: 1 });
    cycle.enable();
    const cycleStarted = performance.now();
    let changed = 0;
    for (const id of inPlay) {
      const pace = pacer(livePaceMs);
      const fetched = await fetchReports(espnSource, url, {
        env: services.env,
        now: services.now(),
        pace,
      });
      if (fetched.kind !== 'ok') throw new Error(`cycle: ${fetched.error}`);
      changed += (
        await applyReports(services, {
          competitionId: id,
          source: 'espn',
          reports: fetched.reports,
          liveOrder: ['espn'],
          aliases: new Map(),
          now: services.now(),
          pace,
        })
      ).changed;
    }
    cycle.disable();
    figures.push({
      label: `a poll cycle: ${inPlayCompetitions} competitions with ${inPlayMatches} matches in play each`,
      ms: performance.now() - cycleStarted,
      readMs: cycle.max / 1e6,
      applyMs: cycle.max / 1e6,
      p99Ms: cycle.percentile(99) / 1e6,
      changed,
    });
  } finally {
    await closeServices(services);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    stand.stop();
  }
  return figures;
};

const dialects = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as (
  'sqlite' | 'postgres'
)[];
// BENCH_LIVE_PARTS picks parts of this bench (season, hostile, daily; all by default).
const parts = new Set((process.env.BENCH_LIVE_PARTS ?? 'season,hostile,daily').split(','));
const results = [];
if (parts.has('season')) for (const dialect of dialects) results.push(await benchLive(dialect));
const names = dialects.map((d) => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL'));
out(`\nA season read from a live source: one ESPN answer of ${matches} events (issue 28)`);
out(
  `  time, fixtures changed, event loop's longest delay while reading / applying (goal < 20 ms), 99th percentile: ${names.join(' | ')}`,
);
for (const [i, { label }] of (results[0] ?? []).entries()) {
  const cells = results.map((r) => {
    const f = r[i];
    return f
      ? `${(f.ms / 1000).toFixed(2)} s, ${f.changed} changed, ${f.readMs.toFixed(1)} / ${f.applyMs.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms`
      : '-';
  });
  out(`  ${label}: ${cells.join(' | ')}`);
}

// ------------------------------------------------------------------------------------------
// Hostile answers (issue 49): /healthz under 50 ms throughout, memory within 50 MB of the start.

/** A child process answering `/big` (50 MB streamed, no length) and `/bomb` (gzip, 1 GB inside). */
const serveHostile = async () => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const zlib = require('node:zlib');
       const zeros = Buffer.alloc(1024 * 1024, 0x20);
       const gzip = zlib.createGzip({ level: 9 });
       const parts = [];
       gzip.on('data', (c) => parts.push(c));
       gzip.on('end', () => {
         const bomb = Buffer.concat(parts);
         const server = require('node:http').createServer((req, res) => {
           if (req.url.startsWith('/bomb')) {
             res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
             return res.end(bomb);
           }
           res.writeHead(200, { 'content-type': 'application/json' });
           res.write('{"events":[');
           let sent = 0;
           const more = () => {
             while (sent < 50) { sent += 1; if (!res.write(zeros)) return res.once('drain', more); }
             res.end(']}');
           };
           more();
         });
         server.listen(0, '127.0.0.1', () =>
           process.stdout.write(server.address().port + ' ' + bomb.length + '\\n'));
       });
       let i = 0;
       const write = () => { while (i < 1024) { i += 1; if (!gzip.write(zeros)) return gzip.once('drain', write); } gzip.end(); };
       write();`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [port, bombBytes] = await new Promise<string[]>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' ')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    bombBytes: Number(bombBytes),
    stop: () => child.kill(),
  };
};

/**
 * A child process asking /healthz every 10 ms: it warms up (its own first requests set up
 * connections and compile), says so, and from then keeps the slowest answer until `stop()`.
 */
const probeHealth = async (url: string) => {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `let max = 0, n = 0, failed = 0, stop = false, warm = 0;
       process.stdin.on('data', () => { stop = true; });
       const tick = async () => {
         while (!stop) {
           const t = performance.now();
           try { const r = await fetch(process.argv[1]); await r.text(); if (!r.ok) failed += 1; }
           catch { failed += 1; }
           if (warm < 20) { warm += 1; if (warm === 20) process.stdout.write('ready\\n'); }
           else { max = Math.max(max, performance.now() - t); n += 1; }
           await new Promise((r) => setTimeout(r, 10));
         }
         process.stdout.write(JSON.stringify({ max, n, failed }) + '\\n');
         process.exit(0);
       };
       tick();`,
      `${url}/healthz`,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    stop: () =>
      new Promise<{ max: number; n: number; failed: number }>((resolve) => {
        child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString())));
        child.stdin.write('stop\n');
      }),
  };
};

const mb = (bytes: number) => bytes / (1024 * 1024);
const settle = async () => {
  for (let i = 0; i < 3; i += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().rss;
};

const benchHostile = async (dialect: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-hostile-${dialect}-`));
  const hostile = await serveHostile();
  const database = await freshDatabase(dialect, dataDir, 'hostile');
  const env = benchEnv(dataDir, database.url, hostile.url, { LIVE_SYNC: 'false' });
  const services = await createServices(env, { logger: pino({ level: 'silent' }) });
  const running = await startServer(services, createApp(services, { serveWeb: false }), {
    port: 0,
    host: '127.0.0.1',
  });
  const figures: {
    label: string;
    healthMs: number;
    probes: number;
    loopMs: number;
    readMs: number;
    rss: number[];
  }[] = [];
  try {
    for (const [label, path] of [
      ['a 50 MB answer', '/big'],
      [`a ${Math.round(hostile.bombBytes / 1024)} KB gzip expanding to 1 GB`, '/bomb'],
    ] as const) {
      const before = await settle();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const probe = await probeHealth(`http://127.0.0.1:${running.port}`);
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const started = performance.now();
      const fetched = await fetchReports(espnSource, `${hostile.url}${path}`, {
        env: services.env,
        now: new Date(),
        pace: pacer(livePaceMs),
      });
      const readMs = performance.now() - started;
      await new Promise((r) => setTimeout(r, 200));
      loop.disable();
      const health = await probe.stop();
      clearInterval(sampler);
      if (fetched.kind !== 'failed' || fetched.refusal?.reason !== 'too-large')
        throw new Error(`${label}: not refused as too large (${fetched.kind})`);
      figures.push({
        label,
        healthMs: health.max,
        probes: health.n,
        loopMs: loop.max / 1e6,
        readMs,
        rss: [before, peak, await settle()],
      });
    }
  } finally {
    await running.shutdown('bench done');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    hostile.stop();
  }
  return figures;
};

const hostileResults = [];
if (parts.has('hostile'))
  for (const dialect of dialects) hostileResults.push(await benchHostile(dialect));
out(`\nHostile answers (issue 49; cap LIVE_MAX_ANSWER_BYTES = 8 MB after decompression)`);
out(
  `  read until refused, slowest /healthz meanwhile (goal < 50 ms), the server's longest event-loop delay, resident memory before / highest / after (goal: within 50 MB): ${names.join(' | ')}`,
);
for (const [i, { label }] of (hostileResults[0] ?? []).entries()) {
  const cells = hostileResults.map((r) => {
    const f = r[i];
    if (!f) return '-';
    const [before = 0, peak = 0, after = 0] = f.rss;
    return `${(f.readMs / 1000).toFixed(2)} s, /healthz ${f.healthMs.toFixed(1)} ms over ${f.probes} probes, loop ${f.loopMs.toFixed(1)} ms, ${mb(before).toFixed(0)} / ${mb(peak).toFixed(0)} / ${mb(after).toFixed(0)} MB (peak +${mb(peak - before).toFixed(1)}, after +${mb(after - before).toFixed(1)})`;
  });
  out(`  ${label}: ${cells.join(' | ')}`);
}

// The daily read of every competition's season (issue 50): ESPN's list of each competition it
// covers, month by month (about 25 × 12 requests), creating the seasons openfootball has no file
// for (here: none answers), then the same read a day later (nothing new, every fixture paired).
const benchDailyRead = async (dialect: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), `firstgoal-daily-${dialect}-`));
  const map = readLiveSourceMap();
  const codes = Object.keys(map).flatMap((id) => sourceCode(map, id, 'espn') ?? []);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./espn-seasons.ts', import.meta.url).pathname, ...codes],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  const database = await freshDatabase(dialect, dataDir, 'daily');
  let now = new Date('2026-12-02T12:00:00Z');
  const env = benchEnv(dataDir, database.url, url, {
    OPENFOOTBALL_SYNC: 'true',
    OPENFOOTBALL_URL: url,
  });
  const services = await createServices(env, { logger: pino({ level: 'silent' }), now: () => now });
  const figures: {
    label: string;
    ms: number;
    loopMs: number;
    p99Ms: number;
    turn: LongestTurn;
    gc: { ms: number; kind: string; count: number };
    created: number;
    requests: number;
  }[] = [];
  // The collector's pauses hold the loop like any turn: the longest is printed beside it.
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-sweep',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  let gc = { ms: 0, kind: '-', count: 0 };
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gc.count += 1;
      if (entry.duration > gc.ms) gc = { ...gc, ms: entry.duration, kind: kinds[kind] ?? 'other' };
    }
  });
  gcs.observe({ entryTypes: ['gc'] });
  try {
    for (const label of ['the first read: every season created', 'a day later: nothing new']) {
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const loop = monitorEventLoopDelay({ resolution: 1 });
      gc = { ms: 0, kind: '-', count: 0 };
      loop.enable();
      const turns = watchTurns();
      const started = performance.now();
      const summary = await runFixtureSync(services, { timeoutMs: 30_000 }, map);
      const turn = turns.stop();
      loop.disable();
      await new Promise((resolve) => setImmediate(resolve));
      const listed = summary.competitions.filter((c) => c.source === 'espn');
      const failed = listed.filter((c) => c.outcome !== 'applied');
      if (failed.length > 0)
        throw new Error(`${label}: ${failed.map((c) => `${c.code} ${c.error}`).join('; ')}`);
      const requests = await services.database.db
        .selectFrom('live_requests')
        .select('requests')
        .where('source', '=', 'espn')
        .execute();
      figures.push({
        label: `${label} (${listed.length} competitions)`,
        ms: performance.now() - started,
        loopMs: loop.max / 1e6,
        p99Ms: loop.percentile(99) / 1e6,
        turn,
        gc,
        created: listed.reduce((n, c) => n + (c.counts?.new ?? 0), 0),
        requests: requests.reduce((n, r) => n + Number(r.requests), 0),
      });
      now = new Date(now.getTime() + 21 * 3_600_000);
    }
  } finally {
    gcs.disconnect();
    await closeServices(services);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    child.kill();
  }
  return figures;
};

const dailyResults = [];
if (parts.has('daily'))
  for (const dialect of dialects) dailyResults.push(await benchDailyRead(dialect));
out(
  `\nThe daily read of every competition's season from ESPN (issue 50; goal: the event loop never held over 20 ms)`,
);
out(
  `  total time, fixtures created, ESPN requests so far, longest event-loop delay, p99, the longest turn and the main thread's time in it on a core and waiting for one, the collector's longest pause (of how many): ${names.join(' | ')}`,
);
for (const [i, { label }] of (dailyResults[0] ?? []).entries()) {
  const cells = dailyResults.map((r) => {
    const f = r[i];
    return f
      ? `${(f.ms / 1000).toFixed(1)} s, ${f.created} created, ${f.requests} requests, loop ${f.loopMs.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms, turn ${describeTurn(f.turn)}, GC ${f.gc.ms.toFixed(1)} ms ${f.gc.kind} (${f.gc.count})`
      : '-';
  });
  out(`  ${label}: ${cells.join(' | ')}`);
}
