import { defineConfig } from 'vitest/config';

// One run for every package. Tests that start real services (PostgreSQL, MariaDB, Chromium) live
// in the same run; they skip loudly when a binary is missing unless SQLTUNE_REQUIRE_SERVICES=1.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'e2e/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    setupFiles: ['test-support/planner-settings.ts', 'test-support/frozen-trees.ts', 'test-support/parser-crashes.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Guards against a hung test, not speed checks: on a shared 2-core machine at load 20 a test that takes 10 s
    // quiet took over 2 minutes (services starting beside other test files), and a timeout there is no finding.
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
