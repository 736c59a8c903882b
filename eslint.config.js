// Lint rules for the whole repository. Type-aware rules run everywhere; the dependency direction
// (packages never import apps, apps never import each other, pure packages do no I/O) is enforced here.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ioModules = [
  'fs',
  'net',
  'http',
  'https',
  'child_process',
  'dgram',
  'dns',
  'tls',
  'worker_threads',
].flatMap((name) => [name, `node:${name}`, `${name}/promises`, `node:${name}/promises`]);

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] } },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/**/*.ts'],
    ignores: ['packages/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ioModules.map((name) => ({ name, message: 'Pure packages do no I/O: inject it.' })),
          patterns: [
            { group: ['@lyyp/server', '@lyyp/web', '@lyyp/gateway'], message: 'Packages never import apps.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Pure packages do no I/O: inject it.' },
        { name: 'setTimeout', message: 'Pure packages take timers injected.' },
        { name: 'setInterval', message: 'Pure packages take timers injected.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pure packages take the clock injected.' },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@lyyp/web', '@lyyp/gateway'], message: 'Apps never import each other.' }] },
      ],
    },
  },
  {
    files: ['apps/gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@lyyp/web', '@lyyp/server'], message: 'Apps never import each other.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A library's deprecated API (Ant Design's renamed props above all) is moved off at once.
      '@typescript-eslint/no-deprecated': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@lyyp/server', '@lyyp/gateway'], message: 'Apps never import each other.' }],
        },
      ],
    },
  },
);
