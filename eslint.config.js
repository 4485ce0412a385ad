// ESLint flat config. `npm run lint` runs it over the repository with --max-warnings 0.
// TypeScript sources (shared/, server/, web/src/, test/, bench/) are linted type-aware: each file is checked
// against the tsconfig.json nearest to it (projectService), so the rules see the same types `npm run typecheck`
// does. The JavaScript helpers (bin/, test/tools/*.mjs, test/helpers/module-log/*.mjs) get the plain rules.
//
// Left off on purpose: typescript-eslint's strict and stylistic type-checked sets (no-non-null-assertion,
// restrict-template-expressions, no-unsafe-*, no-confusing-void-expression, require-await: thousands of hits,
// nearly all on deliberate `!` after bounds checks and numbers in template strings), and the React Compiler
// rules of eslint-plugin-react-hooks 7 (refs, immutability, set-state-in-effect): the app is not compiled by
// React Compiler, and they flag its deliberate mutable chart coordinator and latest-value refs.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const tsFiles = ['shared/**/*.ts', 'server/**/*.ts', 'web/src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts'];

export default defineConfig(
  {
    // Build output, installed packages, generated reports and the sample logs: not source.
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'coverage/**',
      'data/**',
      'reports/**',
      '.stryker-tmp/**',
      'test/fixtures/**',
    ],
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: tsFiles,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its rejection: await it, or `void` it where fire-and-forget is meant and
      // its errors are handled inside.
      '@typescript-eslint/no-floating-promises': 'error',
      // An async function where a void callback is expected (event handlers, setTimeout, forEach) loses its
      // rejection too. JSX attributes are exempt: React ignores a handler's return value by design and the
      // handlers here catch their own errors.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-fallthrough': 'error',
      // TypeScript itself reports undefined names (with the right lib and globals per tsconfig); the core rule
      // does not know types and globals such as NodeJS or JSX.
      'no-undef': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
