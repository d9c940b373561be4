import { defineConfig } from 'vitest/config';

// One run for every package. Tests that start real services (PostgreSQL, MariaDB, Chromium) live
// in the same run; they skip loudly when a binary is missing unless SQLTUNE_REQUIRE_SERVICES=1.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'e2e/**/*.test.ts'],
    setupFiles: ['test-support/planner-settings.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
