// What one open event stream costs the server (issue 29, 'memory per open stream ≤ 16 KB'), on
// its own: a fresh SQLite file with one league, the bench's server process (scale-server.ts,
// --expose-gc) and 10,000 streams of the league opened from this process, 500 at a time. Prints
// the server's resident memory, V8 heap (used and committed) and external memory before and
// after, per stream, after a full collection each time. `node --import tsx bench/stream-memory.ts`
// (BENCH_STREAMS to change the count).
import { fork, type ChildProcess } from 'node:child_process';
import { request, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/server/app';
import { closeServices, createServices } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { serverNodeFlags } from './server-flags';

const count = Number(process.env.BENCH_STREAMS ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'fg-streams-'));
const env = {
  NODE_ENV: 'production',
  DATABASE_URL: `file:${join(dir, 'bench.sqlite')}`,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  BASE_URL: 'http://localhost:3000',
  LOG_LEVEL: 'silent',
  LIVE_SYNC: 'false',
  OPENFOOTBALL_SYNC: 'false',
  LIVE_STREAMS_PER_ADDRESS: String(count * 2),
};

// One league, made through the app.
const services = await createServices(parseEnv(env, { generateSecret: false }));
const app = createApp(services, { serveWeb: false });
const post = async (path: string, body: object, cookie = '') => {
  const res = await app.request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return res;
};
const signed = await post('/api/auth/sign-up/email', {
  email: 'streams@example.com',
  password: 'correct-horse-9',
  name: 'Streams',
});
const cookie = (signed.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
const league = (await (
  await post('/api/leagues', { leagueName: 'Streams', teamName: 'Open' }, cookie)
).json()) as {
  league: { id: string };
};
await closeServices(services);

const child: ChildProcess = fork(join(import.meta.dirname, 'scale-server.ts'), [], {
  env: { ...process.env, ...env, PORT: '0' },
  execArgv: [...serverNodeFlags(), '--import', 'tsx', '--expose-gc'],
});
const port = await new Promise<number>((resolve) =>
  child.on('message', (m: { type: string; port?: number }) => {
    if (m.type === 'ready') resolve(m.port ?? 0);
  }),
);
const memory = () =>
  new Promise<{ rss: number; heap: number; heapTotal?: number; external: number }>((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== 'memory') return;
      child.off('message', on);
      resolve(m as never);
    };
    child.on('message', on);
    child.send('memory');
  });
const open = () =>
  new Promise<() => void>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: `/api/live/leagues/${league.league.id}`, agent: false },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        res.setEncoding('utf8');
        res.once('data', () => resolve(() => req.destroy()));
      },
    );
    req.on('error', reject);
    req.end();
  });

const settle = () => new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 3000)));
await settle();
const before = await memory();
const closes: (() => void)[] = [];
const batch = Number(process.env.BENCH_BATCH ?? 500);
for (let i = 0; i < count; i += batch)
  closes.push(...(await Promise.all(Array.from({ length: Math.min(batch, count - i) }, open))));
await settle();
const after = await memory();
const kb = (n: number) => `${(n / count / 1024).toFixed(1)} KB`;
process.stdout.write(
  `${count.toLocaleString('en')} open event streams: per stream ${kb(after.rss - before.rss)} resident, ${kb(after.heap - before.heap)} heap used, ${kb((after.heapTotal ?? 0) - (before.heapTotal ?? 0))} heap committed, ${kb(after.external - before.external)} external\n`,
);
for (const close of closes) close();
child.send('stop');
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
