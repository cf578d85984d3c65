// Prints, last in CI's output, which steps and tests failed: the test runners' JSON reports
// (test-results/*.json) name the failed tests with the start of their messages, and
// test-results/steps.json and pg-steps.json the failed steps of `npm test` (type-check, lint,
// build…) and of `npm run test:pg`.
// CI shows only the end of a long log, so this keeps the cause of a red run in sight.
import { existsSync, readFileSync } from 'node:fs';

interface Assertion {
  status: string;
  fullName: string;
  failureMessages?: string[];
}
interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: Assertion[];
}

const firstLines = (text: string) =>
  text
    .split('\n')
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 240)}`)
    .join('\n');

const lines: string[] = [];
for (const [file, command] of [
  ['steps', 'npm test'],
  ['pg-steps', 'npm run test:pg'],
]) {
  const path = `test-results/${file}.json`;
  if (!existsSync(path)) continue;
  const steps = JSON.parse(readFileSync(path, 'utf8')) as string[];
  if (steps.length > 0) lines.push(`${command} failed steps: ${steps.join(', ')}`);
}
for (const report of ['unit', 'e2e', 'pg']) {
  const path = `test-results/${report}.json`;
  if (!existsSync(path)) continue;
  const { testResults } = JSON.parse(readFileSync(path, 'utf8')) as { testResults: FileResult[] };
  for (const file of testResults) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`${report}: ${name}\n${firstLines(file.message ?? 'failed')}`);
    for (const assertion of failed)
      lines.push(
        `${report}: ${name} › ${assertion.fullName}\n${firstLines(assertion.failureMessages?.[0] ?? '')}`,
      );
  }
}
process.stdout.write(
  lines.length > 0 ? `\n### failures\n${lines.join('\n')}\n` : '\n### no failures reported\n',
);
