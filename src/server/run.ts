import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createServices } from './bootstrap';
import type { Env } from './env';
import { createLogger } from './logger';
import { resultsSyncWanted, startResultsSync } from './jobs/results-sync';
import { startFixtureSync } from './jobs/openfootball';
import { startLiveSync } from './jobs/live';
import { startGoalAlerts } from './jobs/goal-alerts';
import { createReachability } from './jobs/reachability';
import { startReminderJob } from './jobs/reminders-job';
import { seedDemo } from './demo/data';
import { startServer } from './server';
import { isWebBuilt } from './http/static';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const buildWebIfMissing = (log: (msg: string) => void) => {
  if (isWebBuilt()) return;
  log('The web app is not built yet; building it once (about a minute)...');
  const vite = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Building the web app failed (see above).');
};

export const run = async (env: Env) => {
  const logger = createLogger(env.LOG_LEVEL);
  try {
    // In development Vite serves the web app itself (npm run dev).
    if (env.NODE_ENV !== 'development') buildWebIfMissing((msg) => logger.info(msg));
    const services = await createServices(env, { logger });
    const app = createApp(services);
    const running = await startServer(services, app, { port: env.PORT, host: env.HOST });
    services.mailer.start();
    startReminderJob(services);
    const stopGoalAlerts = startGoalAlerts(services);
    const stopSync = resultsSyncWanted(env) ? startResultsSync(services) : () => undefined;
    // Offline, openfootball (after 5 s) and the live sources (after 10 s) go at once: one warning
    // names them all.
    const reachability = createReachability(logger, { gatherMs: 20_000 });
    const stopFixtureSync = env.OPENFOOTBALL_SYNC
      ? startFixtureSync(services, { reachability })
      : () => undefined;
    const stopLiveSync = env.LIVE_SYNC
      ? startLiveSync(services, { reachability })
      : () => undefined;
    if (env.DEMO) {
      const demo = await seedDemo(services);
      logger.info({ created: demo.created }, demo.lines.join('\n'));
    }
    logger.info(
      { port: running.port, database: env.database.dialect },
      `FirstGoal is running at ${env.baseUrl}`,
    );
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        stopSync();
        stopFixtureSync();
        void stopLiveSync();
        void stopGoalAlerts();
        running.shutdown(signal).then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  } catch (error) {
    logger.fatal({ err: error }, 'FirstGoal could not start');
    process.exit(1);
  }
};
