import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a page or a server shows after a round trip: on a loaded 2-core CI machine 1 s (the
    // default) is not enough for that, and a poll only waits longer before it fails, never passes sooner.
    expect: { poll: { timeout: 10_000 } },
    // Every API suite starts its own server on an ephemeral port with its own data directory,
    // so files can run in parallel; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
