// Lint configuration: typescript-eslint's recommended rules plus the project's habits (STYLE.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'coverage/**', 'docs/assets/**', '**/fixtures/**', 'tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', fetch: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', performance: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No export *: name what a module exports.' }],
    },
  },
  {
    // No function longer than 100 lines (tool-authoring): data tables live outside functions, or in data files.
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/tools/**/*.ts'],
    // The tester runs tools through the production call path for their tests; it is test code, not an engine.
    ignores: ['src/tools/**/*.test.ts', 'src/tools/kit/tester.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/platform/**', '**/gateway/**'], message: 'Engines are pure: I/O reaches them through ctx.' }] }],
    },
  },
);
