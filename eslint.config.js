// ESLint flat config, run by `npm test` (and `npm run lint`) before the tests.
// TypeScript files get typescript-eslint's type-aware recommended rules (they read the types
// tsconfig.json gives, through the project service); the plain .js/.mjs scripts get the untyped ones.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // .stryker-tmp/ holds the mutation run's sandbox copies of the repo (stryker.config.mjs).
  globalIgnores(['dist/', 'coverage/', 'node_modules/', '.stryker-tmp/', 'reports/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // Everything here runs on Node (the dashboard too: ink renders to a terminal), but web/src.
      globals: globals.node,
    },
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.recommended],
  },
  {
    // Tests and benches read JSON (CLI output, response bodies) as `any` and check its shape with
    // expect(); the no-unsafe-* family would demand a cast on every such read and prove nothing more.
    // In src they stay on: there an `any` that leaks is an unchecked value.
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The Integration API's conformance tests are the contract's fixed acceptance tests: issue 10
    // requires them unchanged, byte for byte, so their `any` reads of JSON bodies stay as written.
    // The OpenAPI and route-table tests walk the served document, which is untyped JSON by nature.
    files: ['test/http/conformance*.ts', 'test/http/openapi.test.ts', 'test/http/route-table.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
  {
    // The web UI runs in a browser.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/tui/**/*.{ts,tsx}', 'test/tui/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // A missing dependency is a stale closure in the dashboard: fail the build, not just warn.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
]);
