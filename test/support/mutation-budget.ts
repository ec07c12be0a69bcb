import fc from 'fast-check';

/*
 * Loaded only by vitest.mutate.config.ts (`npm run mutate`). Code instrumented by Stryker runs many times slower than
 * the original, and the settlement properties run an exact search over up to 2^20 subsets per case, so at full length
 * one mutant of settle.ts costs minutes. Under mutation testing each fast-check property therefore stops after a time
 * budget, passing with the cases it ran if none failed, and a failing property reports its first counterexample
 * without shrinking it (a killed mutant needs no minimal example). `npm test` runs every property in full.
 */
fc.configureGlobal({ interruptAfterTimeLimit: 2_000, endOnFailure: true });
