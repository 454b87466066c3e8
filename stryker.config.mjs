// Mutation testing (issue 26): `npm run test:mutation` (bench/mutation/run.mjs) runs Stryker once
// per module of bench/mutation/modules.mjs, naming it in PALPANEL_MUTATION_MODULE; the module
// picks what is mutated and which tests run (vitest.mutation.config.ts). Not part of `npm test`:
// scores and surviving mutants are written up in bench/mutation/README.md.
import { fileURLToPath } from 'node:url';
import { MODULES } from './bench/mutation/modules.mjs';

// Stryker tests a copy of the repo in a sandbox under .stryker-tmp/, where `../shared` is not the
// shared fixtures: the tests' runner processes inherit this and read them from beside the repo.
process.env.PALPANEL_SHARED_DIR ??= fileURLToPath(new URL('../shared', import.meta.url));

const name = process.env.PALPANEL_MUTATION_MODULE ?? '';
const module = MODULES[name];
if (!module) throw new Error(`PALPANEL_MUTATION_MODULE must name one of: ${Object.keys(MODULES).join(', ')}`);
process.env.PALPANEL_MUTATION_TESTS = module.tests.join(',');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // A mutant that makes a test hang is killed by this timeout; a shorter one keeps runs short.
  timeoutMS: 8_000,
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  clearTextReporter: { allowEmojis: false, logTests: false, reportScoreTable: true },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignoreStatic: true,
  plugins: ['@stryker-mutator/vitest-runner', './bench/mutation/ignore-docs.mjs'],
  ignorers: ['docs'],
  mutate: module.mutate,
};
