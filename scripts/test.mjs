// Runs every check once and ends with the plain summary line CI reads: "N passed, N failed, N skipped".
// The type check and the lint count as one check each; the rest are the vitest tests of every package.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const summary = { passed: 0, failed: 0, skipped: 0 };

function check(name, command, args) {
  console.log(`\n== ${name}`);
  const ok = spawnSync(command, args, { stdio: 'inherit' }).status === 0;
  summary[ok ? 'passed' : 'failed'] += 1;
  if (!ok) console.error(`== ${name} FAILED`);
}

const vitestArgs = process.argv.slice(2);
// A filtered run (`npm test -- packages/engine`) is for a developer at work: skip the whole-tree checks.
if (vitestArgs.length === 0) {
  check('typecheck', process.execPath, ['scripts/typecheck.mjs']);
  check('lint', process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
}

console.log('\n== tests');
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
    ...vitestArgs,
  ],
  { stdio: 'inherit' },
);
try {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  summary.passed += result.numPassedTests;
  summary.failed += result.numFailedTests;
  summary.skipped += result.numPendingTests + result.numTodoTests;
  // A file that fails before any test runs (an import error) has no assertions: count it as a failure.
  summary.failed += result.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
} catch {
  summary.failed += 1;
}
if (run.status !== 0 && summary.failed === 0) summary.failed += 1;
console.log(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(summary.failed === 0 ? 0 : 1);
