import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What this process tells Prometheus at `/metrics` (issue 30): the requests per route pattern and
 * their latency, the event loop's delay (with Node's own figures), the database pool and the time
 * of its queries, the open event streams, the tally backlog, and the live sources' polls and
 * errors. One registry per process; parts that hold a figure (a pool, the streams, a database)
 * add a reader that is asked at scrape time, and remove it when they close.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

const registers = [registry];

export const httpRequests = new Counter({
  name: 'firstgoal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new Histogram({
  name: 'firstgoal_http_request_duration_seconds',
  help: 'Time from a request to its answer (headers of an event stream), by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const queryDuration = new Histogram({
  name: 'firstgoal_db_query_duration_seconds',
  help: 'Database statements through the query builder, and SQLite group commits, by kind.',
  labelNames: ['dialect', 'kind'] as const,
  buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers,
});

export const livePolls = new Counter({
  name: 'firstgoal_live_polls_total',
  help: 'Requests to the live score sources, by source.',
  labelNames: ['source'] as const,
  registers,
});

export const livePollErrors = new Counter({
  name: 'firstgoal_live_poll_errors_total',
  help: 'Requests to the live score sources that failed (no answer, an error status, another shape).',
  labelNames: ['source'] as const,
  registers,
});

export const sourceRefusals = new Counter({
  name: 'firstgoal_source_refusals_total',
  help: 'What fixture sources said that was refused before it changed anything (issue 49), by source and reason.',
  labelNames: ['source', 'reason'] as const,
  registers,
});

/** How a pool of database connections is used right now. */
export interface PoolUse {
  dialect: 'sqlite' | 'postgres';
  total: number;
  idle: number;
  waiting: number;
}

const pools = new Set<() => PoolUse>();
const streams = new Set<() => number>();
const backlogs = new Set<() => Promise<number>>();

/** Adds a reader; returns what removes it. */
const adding =
  <T>(set: Set<T>) =>
  (reader: T) => {
    set.add(reader);
    return () => void set.delete(reader);
  };
export const readPool = adding(pools);
export const readStreams = adding(streams);
export const readTallyBacklog = adding(backlogs);

const poolGauge = (name: string, help: string, field: 'total' | 'idle' | 'waiting') =>
  new Gauge({
    name,
    help,
    labelNames: ['dialect'] as const,
    registers,
    collect() {
      this.reset();
      for (const read of pools) {
        const use = read();
        this.inc({ dialect: use.dialect }, use[field]);
      }
    },
  });
poolGauge(
  'firstgoal_db_pool_connections',
  'Connections the database pool holds (SQLite: its one connection).',
  'total',
);
poolGauge('firstgoal_db_pool_idle', 'Connections of the pool not in use.', 'idle');
poolGauge(
  'firstgoal_db_pool_waiting',
  'Queries waiting for a connection of the pool (SQLite: saves waiting for the next group).',
  'waiting',
);

new Gauge({
  name: 'firstgoal_event_streams_open',
  help: 'Open event streams (Server-Sent Events) of league pages.',
  registers,
  collect() {
    let open = 0;
    for (const read of streams) open += read();
    this.set(open);
  },
});

new Gauge({
  name: 'firstgoal_tally_backlog',
  help: 'Fixtures whose change is still moving league totals (queued tally runs).',
  registers,
  async collect() {
    let queued = 0;
    for (const read of backlogs) queued += await read().catch(() => 0);
    this.set(queued);
  },
});

/** The kind of a statement for the query histogram: its first word. */
export const statementKind = (text: string) => {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? 'other';
  return ['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback'].includes(
    word,
  )
    ? word
    : 'other';
};
