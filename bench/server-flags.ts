import { readFileSync } from 'node:fs';

/**
 * The Node.js flags `npm start` gives the server (package.json's start script, those before
 * `--import`), so benchmarks run their servers as production does — today the young
 * generation's size (docs/decisions/022: a save's garbage collection).
 */
export const serverNodeFlags = (): string[] => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const [, ...words] = pkg.scripts.start.split(/\s+/);
  const flags: string[] = [];
  for (const word of words) {
    if (word === '--import') break;
    flags.push(word);
  }
  return flags;
};
