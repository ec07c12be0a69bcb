// Mutation testing of the pure domain (`npm run mutate`, issue 14): too slow for `npm test`, so it is run by hand.
// Reports go to reports/mutation (git-ignored). Narrow a run with `npx stryker run --mutate <file>`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    // Only test/domain, without the globalSetup that starts pouchdb-server.
    configFile: 'vitest.mutate.config.ts',
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'shared/domain/money/settle.ts',
    'shared/domain/write-rules.ts',
    'shared/domain/games/point-game.ts',
    'shared/domain/golf/handicap.ts',
  ],
  // The sandbox needs only the code the domain tests load.
  ignorePatterns: ['/*', '!/shared', '!/test', '!/package.json', '!/tsconfig.json', '!/vitest.mutate.config.ts', '/test/api', '/test/store', '/test/sync'],
  concurrency: 2,
  timeoutMS: 30_000,
  reporters: ['clear-text', 'html', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
