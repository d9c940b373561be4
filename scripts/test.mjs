// Runs every test once and ends with the plain summary line CI reads: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let summary;
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  summary = {
    passed: result.numPassedTests,
    failed: result.numFailedTests,
    skipped: result.numPendingTests + result.numTodoTests,
  };
  // A file that fails before any test runs (an import error) has no assertions: count it as a failure.
  summary.failed += result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
} catch {
  summary = { passed: 0, failed: 1, skipped: 0 };
}
console.log(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(run.status === 0 && summary.failed === 0 ? 0 : 1);
