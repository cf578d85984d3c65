// `npm run test:pg`: the server tests again, on PostgreSQL. DATABASE_URL_TEST names a server
// (and a database to connect to) where the tests may create and drop their own databases;
// first, the generated row types (src/server/db/schema.ts) are checked against the migrations;
// default: the local server on 127.0.0.1:5432 as user postgres.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
// The generated row types must be what the migrations produce on PostgreSQL.
const typesCode = await runStep(
  'database types match the migrations',
  process.execPath,
  ['--import', 'tsx', 'scripts/db-types.ts', '--check'],
  { DATABASE_URL_TEST: url },
);
const report = 'test-results/pg.json';
const testsCode = await runStep(
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
const failedSteps = [
  ...(typesCode !== 0 ? ['database types match the migrations'] : []),
  ...(testsCode !== 0 ? ['server tests (PostgreSQL)'] : []),
];
writeFileSync('test-results/pg-steps.json', JSON.stringify(failedSteps));
if (typesCode !== 0) process.stdout.write('\nFailed step: database types match the migrations\n');
process.exit(typesCode !== 0 ? typesCode : testsCode);
