import { loadEnvOrExit } from './env';

// Configuration first: a bad value stops here with one line, before anything heavy loads.
const env = loadEnvOrExit();
const { run } = await import('./run');
await run(env);
