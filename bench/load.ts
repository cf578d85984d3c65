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
  /** Each answer's headers, as a browser would see them (to keep the cookies it sets). */
  answered?: (i: number, headers: Record<string, string | string[] | undefined>) => void,
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
        const i = counter++;
        try {
          const res = await send(agent, port, next(i));
          if (res.status >= 400) errors += 1;
          answered?.(i, res.headers);
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
 * A browser's cookies: what it holds, and what an answer sets (an empty value or a past expiry
 * removes one). The session's signed cache cookie lasts a minute (auth.ts); a browser sends the
 * one the server refreshed, so a benchmark that kept the first would look the session up in the
 * database on every request after a minute.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  take(headers: Record<string, string | string[] | undefined>) {
    for (const line of ([] as string[]).concat(headers['set-cookie'] ?? [])) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (value === '' || gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The kick-off rush's requests: the i-th saves one pick of the i-th saver's team (in turn), for
 * one of the open fixtures, an outcome and a minute that vary with i. Each saver's cookies are
 * kept as its browser would (`answered` takes what an answer sets).
 */
export const saveRequests = (
  savers: readonly { cookie: string; teamId: string }[],
  open: readonly string[],
) => {
  const jars = savers.map((s) => new CookieJar(s.cookie));
  /** The i-th saver's cookies now. */
  const cookie = (i: number) => jars[i % savers.length]?.header ?? '';
  const request = (i: number) => {
    const s = savers[i % savers.length];
    return {
      method: 'PUT',
      path: '/api/predictions',
      cookie: cookie(i),
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
  const answered = (i: number, headers: Record<string, string | string[] | undefined>) =>
    jars[i % savers.length]?.take(headers);
  return { request, answered, cookie };
};
