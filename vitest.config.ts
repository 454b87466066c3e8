import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { UI_LANGUAGES } from './src/contract/languages.js';
import { catalogsPlugin } from './web/build/catalogs-plugin.js';

// Two projects. `unit`: unit and in-process tests (real store, sockets, saves and simulated game
// server, no executable), and the web UI's under web/test (in jsdom, by each file's
// `@vitest-environment` comment). `e2e`: the tests of the built dist/palpanel, which its global
// setup builds once per run; their files are named `*-e2e.test.ts`.
// `npm test` runs both, `npm run test:unit` and `npm run test:e2e` one each (`--project`).
const E2E = ['test/**/*-e2e.test.ts', 'test/**/*-e2e.test.tsx'];
// Run first, in this order: a clone without ../shared stops before anything else happens
// (building included); the temp guard then gives the run a temp dir of its own; the skip report
// prints at the end why each skipped test could not run here.
const COMMON_SETUP = ['test/setup/shared-fixtures.ts', 'test/setup/temp-guard.ts', 'test/setup/skip-report.ts'];

export default defineConfig({
  // The web UI's catalogs as the build gives them (`virtual:catalogs`), for the components' tests.
  plugins: [catalogsPlugin({ dir: join(import.meta.dirname, 'web/src/i18n/catalogs'), languages: [...UI_LANGUAGES], keepParser: true })],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2-core CI machines: keep parallelism modest so socket and process tests stay stable.
    maxWorkers: 2,
    setupFiles: ['test/setup/after-each-file.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'web/test/**/*.test.{ts,tsx}'],
          exclude: E2E,
          globalSetup: COMMON_SETUP,
          // test/helpers/cli.ts refuses to run dist/palpanel here: it is not built for this project.
          env: { PALPANEL_TEST_PROJECT: 'unit' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          globalSetup: [...COMMON_SETUP, 'test/setup/build-executable.ts'],
          env: { PALPANEL_TEST_PROJECT: 'e2e' },
        },
      },
    ],
  },
});
