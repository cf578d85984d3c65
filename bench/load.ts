// The scale suite's HTTP side: a small load generator (`connections` loops over one keep-alive
// agent for `ms`) and what it prints.
import { Agent as HttpAgent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

export const send = (
  agent: HttpAgent,
  port: number,
  req: { method: string; path: string; body?: string | undefined; cookie?: string | undefined },
) =>
  new Promise<{
    status: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }>((resolve, reject) => {
    const r = request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: req.method,
        path: req.path,
        headers: {
          origin: 'http://localhost:3000',
          ...(req.body ? { 'content-type': 'application/json' } : {}),
          ...(req.cookie ? { cookie: req.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(req.body);
  });

export const load = async (
  port: number,
  connections: number,
  ms: number,
  next: (i: number) => { method: string; path: string; body?: string; cookie?: string },
): Promise<LoadResult> => {
  const agent = new HttpAgent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const started = performance.now();
  const end = started + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const res = await send(agent, port, next(counter++));
          if (res.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const took = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / (took / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? 0,
  };
};

export const fmt = (r: LoadResult) =>
  `${r.perSecond.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.errors} errors (${r.requests} requests)`;

export const cookiesOf = (headers: Record<string, string | string[] | undefined>) =>
  ([] as string[])
    .concat(headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');

/**
 * The kick-off rush's requests: the i-th saves one pick of the i-th saver's team (in turn), for
 * one of the open fixtures, an outcome and a minute that vary with i.
 */
export const saveRequests =
  (savers: readonly { cookie: string; teamId: string }[], open: readonly string[]) =>
  (i: number) => {
    const s = savers[i % savers.length];
    return {
      method: 'PUT',
      path: '/api/predictions',
      cookie: s?.cookie ?? '',
      body: JSON.stringify({
        teamId: s?.teamId,
        predictions: [
          {
            fixtureId: open[i % open.length],
            outcome: ['1', 'X', '2'][i % 3],
            firstGoalMinute: i % 91,
          },
        ],
      }),
    };
  };
