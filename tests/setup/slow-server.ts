// A real server process (same start-up and shutdown path as `npm start`) with one extra slow
// route, for the graceful-shutdown test.
import { createApp } from '../../src/server/app';
import { createServices } from '../../src/server/bootstrap';
import { loadEnvOrExit } from '../../src/server/env';
import { startServer } from '../../src/server/server';

const env = loadEnvOrExit();
const services = await createServices(env);
const app = createApp(services, {
  serveWeb: false,
  extend: (a) => {
    a.get('/api/test/slow', async (c) => {
      await new Promise((r) => setTimeout(r, Number(c.req.query('ms') ?? '1500')));
      return c.json({ finished: true }, 200);
    });
  },
});
const running = await startServer(services, app, { port: 0, host: '127.0.0.1' });
process.stdout.write(`LISTENING ${running.port}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void running.shutdown(signal).then(() => {
      process.stdout.write('EXITED CLEANLY\n');
      process.exit(0);
    });
  });
}
