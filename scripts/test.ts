// `npm test`: type-check, lint, unit + server tests (SQLite), web build, browser tests.
// Prints one closing line "tests: N passed, N failed" counted from the test runners' reports.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { runStep } from './run-step';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}

const node = process.execPath;
const vitest = 'node_modules/vitest/vitest.mjs';
mkdirSync('test-results', { recursive: true });

const steps: { label: string; args: string[]; report?: string; env?: Record<string, string> }[] = [
  {
    label: 'type-check',
    args: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'],
  },
  { label: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.'] },
  {
    label: 'format',
    args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn'],
  },
  {
    label: 'unit and server tests (SQLite)',
    args: [
      vitest,
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/unit.json',
    ],
    report: 'test-results/unit.json',
    env: { DATABASE_URL_TEST: '' },
  },
  { label: 'web build', args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] },
  {
    label: 'browser tests (Chromium)',
    args: [
      vitest,
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/e2e.json',
    ],
    report: 'test-results/e2e.json',
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const step of steps) {
  const code = await runStep(step.label, node, step.args, step.env);
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests;
  }
  if (code !== 0) failures.push(step.label);
}
writeFileSync('test-results/steps.json', JSON.stringify(failures));
if (failures.length > 0) process.stdout.write(`\nFailed steps: ${failures.join(', ')}\n`);
if (failures.length > 0 && failed === 0) failed = failures.length;
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
process.exit(failures.length > 0 ? 1 : 0);
