import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (`npm run test:mutation`, stryker.config.mjs): those
// of the one module under mutation (bench/mutation/modules.mjs). One flat project (the mutation
// runner does not pick between projects) and no executable, so each mutant costs seconds.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    setupFiles: ['test/setup/after-each-file.ts'],
    globalSetup: ['test/setup/shared-fixtures.ts', 'test/setup/temp-guard.ts'],
    env: { PALPANEL_TEST_PROJECT: 'unit' },
    // stryker.config.mjs names the tests of the module under mutation.
    include: (process.env.PALPANEL_MUTATION_TESTS ?? '').split(',').filter(Boolean),
  },
});
