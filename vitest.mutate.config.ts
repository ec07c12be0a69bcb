import { defineConfig } from 'vitest/config';

/**
 * The vitest configuration Stryker runs (`npm run mutate`, stryker.config.mjs): only the pure domain tests, and no
 * globalSetup, so no pouchdb-server or app server starts for each of the many test runs mutation testing makes.
 */
export default defineConfig({
  test: {
    include: ['test/domain/**/*.test.ts'],
    // A time budget per fast-check property under mutation testing (see the file).
    setupFiles: ['test/support/mutation-budget.ts'],
    // Instrumented code runs far slower than the original (the exact settle plan loops over 2^20 subsets).
    testTimeout: 300_000,
    maxWorkers: 1,
  },
});
