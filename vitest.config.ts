import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every API suite starts its own server on an ephemeral port with its own data directory,
    // so files can run in parallel; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
