// ESLint flat config, run by `npm test` (and `npm run lint`) before the tests.
// TypeScript files get typescript-eslint's type-aware recommended rules (they read the types
// tsconfig.json gives, through the project service); the plain .js/.mjs scripts get the untyped ones.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web UI's components (issue 39): every word comes from the catalogs, so a word written into
// the JSX (text, or the aria-label, title, placeholder, alt or label of any element or component)
// fails the lint.
const CONVERTED = ['web/src/**/*.tsx'];

// formatjs's rule, but only for words: a literal or JSX text without a letter (`{' '}`, which
// prettier writes between elements; the separators ' · ', ' — ', '×', '(', '✓') reads the same in
// every language, so its reports are dropped and every other one kept.
const literalRule = formatjs.rules['no-literal-string-in-jsx'];
const wordsInJsx = {
  meta: literalRule.meta,
  create(context) {
    const report = (d) => {
      const n = d.node;
      const text = n && context.sourceCode.getText(n.type === 'JSXAttribute' && n.value ? n.value : n);
      if (n && !/\p{L}/u.test(text)) return;
      context.report(d);
    };
    return literalRule.create(Object.create(context, { report: { value: report } }));
  },
};

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
  {
    files: CONVERTED,
    plugins: { i18n: { rules: { 'no-literal-string-in-jsx': wordsInJsx } } },
    rules: {
      'i18n/no-literal-string-in-jsx': [
        'error',
        // <code> and <kbd> hold commands and keys, written as typed in every language.
        {
          props: {
            include: [['*', '{aria-label,aria-description,title,placeholder,alt,label}']],
            exclude: [['{code,kbd}', 'children']],
          },
        },
      ],
    },
  },
]);
