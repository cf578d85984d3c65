// The web suite (issue 13): loads three pages as a visitor on a phone — home, a competition page
// and a league's standings — in Debian's Chromium at 375 px with Lighthouse's mobile throttling
// (simulated slow 4G, 4× slower CPU), and prints the JavaScript transferred, LCP and Lighthouse's
// performance and accessibility scores beside their goals. The server is the real one (`npm
// start` with the demo data) on a fresh SQLite file; the web app is built first when missing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import lighthouse from 'lighthouse';
import { demo } from '../src/server/demo/data';
import { isWebBuilt } from '../src/server/http/static';

const root = join(import.meta.dirname, '..');
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const out = (line = '') => process.stdout.write(`${line}\n`);

const goals = { jsKb: 150, performance: 90, accessibility: 95 };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resolves once `child` printed a line matching `pattern` (stdout or stderr). */
const waitForLine = (child: ChildProcess, pattern: RegExp, what: string) =>
  new Promise<RegExpMatchArray>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${seen}`)), 120_000);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${seen}`)));
  });

if (!isWebBuilt()) {
  out('Building the web app first...');
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    cwd: root,
    stdio: 'ignore',
  });
  if (built.status !== 0) throw new Error('vite build failed');
}

const dataDir = mkdtempSync(join(tmpdir(), 'firstgoal-web-bench-'));
const port = await freePort();
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${join(dataDir, 'web-bench.sqlite')}`,
    BASE_URL: `http://127.0.0.1:${port}`,
    DEMO: '1',
    OPENFOOTBALL_SYNC: 'false',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const chromium = spawn(
  chromiumPath,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--remote-debugging-port=0',
    `--user-data-dir=${join(dataDir, 'chromium')}`,
    'about:blank',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);

try {
  await waitForLine(server, /FirstGoal is running/, 'The server');
  const devtools = await waitForLine(
    chromium,
    /DevTools listening on ws:\/\/[^:]+:(\d+)\//,
    'Chromium',
  );
  const debuggingPort = Number(devtools[1]);

  const database = new SQLite(join(dataDir, 'web-bench.sqlite'), { readonly: true });
  const league = database.prepare('select id from leagues where name = ?').get(demo.leagueName) as
    { id: string } | undefined;
  database.close();
  if (!league) throw new Error('the demo league is missing');

  const pages = [
    { name: 'home', path: '/' },
    { name: 'competition page', path: '/premier-league' },
    { name: 'standings', path: `/league/${league.id}/standings` },
  ];

  out(
    '\nWeb pages for a visitor on a phone (375 px, Lighthouse mobile throttling: slow 4G, 4× CPU)',
  );
  for (const page of pages) {
    const url = `http://127.0.0.1:${port}${page.path}`;
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      screenEmulation: {
        mobile: true,
        width: 375,
        height: 812,
        deviceScaleFactor: 2,
        disabled: false,
      },
      throttlingMethod: 'simulate',
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const requests =
      (
        lhr.audits['network-requests']?.details as
          { items: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? [];
    const jsKb =
      requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024;
    if (process.env.BENCH_WEB_VERBOSE)
      for (const r of requests.filter((item) => item.resourceType === 'Script'))
        out(
          `    ${((r.transferSize ?? 0) / 1024).toFixed(1)} KB ${r.url.replace(/^.*\/assets\//, '')}`,
        );
    if (process.env.BENCH_WEB_VERBOSE) {
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
      out(
        `    FCP ${metric('first-contentful-paint')}, TBT ${metric('total-blocking-time')}, SI ${metric('speed-index')}, CLS ${metric('cumulative-layout-shift')}`,
      );
      const element = lhr.audits['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
      out(`    LCP element: ${element?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'}`);
      const tasks =
        (
          lhr.audits['long-tasks']?.details as
            { items?: { url?: string; duration?: number; startTime?: number }[] } | undefined
        )?.items ?? [];
      for (const task of tasks)
        out(
          `    long task ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms: ${String(task.url ?? '').replace(/^.*\/assets\//, '')}`,
        );
      const boot =
        (
          lhr.audits['bootup-time']?.details as
            | { items?: { url?: string; scripting?: number; scriptParseCompile?: number }[] }
            | undefined
        )?.items ?? [];
      for (const item of boot.slice(0, 6))
        out(
          `    script ${Math.round(item.scripting ?? 0)} ms run, ${Math.round(item.scriptParseCompile ?? 0)} ms parse: ${String(item.url ?? '').replace(/^.*\/assets\//, '')}`,
        );
    }
    const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
    const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
    const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
    out(
      `  ${page.name} (${page.path.replace(league.id, '{id}')}): JavaScript ${jsKb.toFixed(1)} KB transferred (goal ≤ ${goals.jsKb} KB, ${mark(jsKb <= goals.jsKb)}), LCP ${(lcpMs / 1000).toFixed(2)} s, performance ${performance} (goal ≥ ${goals.performance}, ${mark(performance >= goals.performance)}), accessibility ${accessibility} (goal ≥ ${goals.accessibility}, ${mark(accessibility >= goals.accessibility)})`,
    );
  }
} finally {
  server.kill('SIGTERM');
  chromium.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
