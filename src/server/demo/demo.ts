import { loadEnvOrExit } from '../env';

// `npm run demo`: adds the demo data to the configured database, prints how to sign in.
const env = loadEnvOrExit();
const { createServices, closeServices } = await import('../bootstrap');
const { createLogger } = await import('../logger');
const { seedDemo } = await import('./data');

const services = await createServices(env, { logger: createLogger('warn') });
try {
  const { created, lines } = await seedDemo(services);
  if (!created) process.stdout.write('The demo data was already there; nothing changed.\n');
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await closeServices(services);
}
