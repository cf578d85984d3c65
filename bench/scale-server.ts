// The scale benchmark's server: the real app (no web build) in its own process, with an event-
// loop delay probe the benchmark reads over IPC ('reset' → 'reset', 'report' → the histogram).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../src/server/app';
import { createServices } from '../src/server/bootstrap';
import { loadEnvOrExit } from '../src/server/env';
import { startServer } from '../src/server/server';

const env = loadEnvOrExit();
const services = await createServices(env, { prepared: true });
const app = createApp(services, { serveWeb: false });
const running = await startServer(services, app, { port: env.PORT, host: '127.0.0.1' });

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
  } else if (message === 'stop') {
    void running.shutdown('bench').then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', port: running.port });
