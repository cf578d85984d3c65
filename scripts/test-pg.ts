// `npm run test:pg`: the server tests again, on PostgreSQL. DATABASE_URL_TEST names a server
// (and a database to connect to) where the tests may create and drop their own databases;
// default: the local server on 127.0.0.1:5432 as user postgres.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runStep } from './run-step';

const url = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres';
const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await probe.connect();
  await probe.end();
} catch (error) {
  process.stderr.write(
    `Cannot reach PostgreSQL at ${url}: ${String(error)}\nSet DATABASE_URL_TEST to a server where tests may create databases.\n`,
  );
  process.exit(1);
}
mkdirSync('test-results', { recursive: true });
const report = 'test-results/pg.json';
const code = await runStep(
  'server tests (PostgreSQL)',
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    'node',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { DATABASE_URL_TEST: url },
);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
  };
  process.stdout.write(
    `\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped\n`,
  );
}
process.exit(code);
