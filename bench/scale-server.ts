// The scale benchmark's server: the real app (no web build) in its own process, with an event-
// loop delay probe the benchmark reads over IPC ('reset' → 'reset', 'report' → the histogram,
// 'memory' → what the process holds after a collection).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/server/app';
import { createServices } from '../src/server/bootstrap';
import { loadEnvOrExit } from '../src/server/env';
import { startServer } from '../src/server/server';
import { startGoalAlerts } from '../src/server/jobs/goal-alerts';

const env = loadEnvOrExit();
const services = await createServices(env, { prepared: true });
const app = createApp(services, { serveWeb: false });
const running = await startServer(services, app, { port: env.PORT, host: '127.0.0.1' });
// Goal alerts follow the bus as in run.ts (the live-play figures measure them).
const stopGoalAlerts = startGoalAlerts(services);

// BENCH_GAPS: the server's own log of turns over 40 ms (when, how long), printed at stop, to set
// beside a CPU profile (BENCH_PROFILE).
const gaps: [number, number][] = [];
if (process.env.BENCH_GAPS) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 40) gaps.push([Math.round(last), Math.round(now - last)]);
    last = now;
  }, 2).unref();
}
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
process.on('message', (message) => {
  if (message === 'reset') {
    delay.reset();
    process.send?.({ type: 'reset' });
  } else if (message === 'report') {
    process.send?.({
      type: 'report',
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    });
  } else if (message === 'memory') {
    // After a full collection when the process runs with --expose-gc: what is held, not garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const used = process.memoryUsage();
    process.send?.({
      type: 'memory',
      rss: used.rss,
      heap: used.heapUsed,
      heapTotal: used.heapTotal,
      external: used.external,
    });
  } else if (message === 'stop') {
    if (gaps.length > 0)
      process.stderr.write(`GAPS ${JSON.stringify(gaps)} ORIGIN ${performance.timeOrigin}\n`);
    void stopGoalAlerts()
      .then(() => running.shutdown('bench'))
      .then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', port: running.port });
