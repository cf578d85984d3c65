// Saves on one and on two instances of a kept PostgreSQL scale database (issue 30), with the
// database's wait events sampled meanwhile. The scale suite starts its second instance just
// before its window; this runs both instances on the same database side by side, after the first
// has been serving for a while:
//   BENCH_KEEP=1 BENCH_DIALECTS=postgres node --import tsx bench/scale.ts   (keeps firstgoal_scale)
//   node --import tsx bench/two-instances.ts
// BENCH_DATABASE_URL names the database (default: firstgoal_scale on 127.0.0.1).
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'node:http';
import pg from 'pg';
import { load, saveRequests, send, type LoadResult } from './load';
import { sampleWaits } from './pg-waits';
import { serverNodeFlags } from './server-flags';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/firstgoal_scale';
const windowMs = 8000;

const start = (port: number) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'scale-server.ts'), [], {
      execArgv: [...serverNodeFlags(), '--import', 'tsx'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: join(tmpdir(), 'firstgoal-two-instances'),
        PORT: String(port),
        LOG_LEVEL: 'warn',
        OPENFOOTBALL_SYNC: 'false',
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        BASE_URL: 'http://localhost:3000',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.on('message', (m: { type?: string }) => {
      if (m.type === 'ready') resolve(child);
    });
  });

const client = new pg.Client({ connectionString: url });
await client.connect();
const first = await start(3981);

// The scale suite's 100 savers (each a team in a league of its own) sign in again.
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const savers: { cookie: string; teamId: string }[] = [];
for (let i = 0; i < 100; i += 1) {
  const email = `bench-saver-${i}@example.com`;
  const signedIn = await send(agent, 3981, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: JSON.stringify({ email, password: 'correct-horse-9' }),
  });
  const cookie = ((signedIn.headers['set-cookie'] ?? []) as string[])
    .map((c) => c.split(';')[0])
    .join('; ');
  const team = await client.query<{ id: string }>(
    'select t.id from teams t join "user" u on u.id = t.user_id where u.email = $1',
    [email],
  );
  savers.push({ cookie, teamId: team.rows[0]?.id ?? '' });
}
agent.destroy();
const open = (
  await client.query<{ id: string }>(
    `select id from fixtures where status = 'scheduled' and kickoff_at > $1 order by kickoff_at limit 10`,
    [new Date().toISOString()],
  )
).rows.map((r) => r.id);
const saveRequest = saveRequests(savers, open);

// What the database's active sessions wait for, sampled every 20 ms.
const waits = await sampleWaits(url);
const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0)} saves/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors`;

const out = (line: string) => process.stdout.write(`${line}\n`);
const one = await load(3981, 100, windowMs, saveRequest.request, saveRequest.answered);
out(`one instance, 100 connections: ${fmt(one)}\n${waits.top()}`);
const second = await start(3982);
// The second instance's start (migrations checked, name keys looked for) is over first.
await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 2000)));
waits.clear();
const [a, b] = await Promise.all([
  load(
    3981,
    50,
    windowMs,
    (i) => saveRequest.request(2 * i),
    (i, headers) => saveRequest.answered(2 * i, headers),
  ),
  load(
    3982,
    50,
    windowMs,
    (i) => saveRequest.request(2 * i + 1),
    (i, headers) => saveRequest.answered(2 * i + 1, headers),
  ),
]);
out(
  `two instances, 50 connections each: ${(a.perSecond + b.perSecond).toFixed(0)} saves/s together (${((a.perSecond + b.perSecond) / Math.max(1, one.perSecond)).toFixed(2)}× one instance); the first ${fmt(a)}; the second ${fmt(b)}\n${waits.top()}`,
);
await waits.stop();
await client.end();
for (const child of [first, second]) {
  child.removeAllListeners('exit');
  child.send('stop');
}
