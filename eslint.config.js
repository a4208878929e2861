import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the app may not import (its layering and the one executable contract). */
const APP_IMPORT_PATTERNS = [
  { group: ['**/server/**'], message: 'The app never imports the server.' },
  { group: ['**/api/client'], importNames: ['request'], message: 'Call routes with call(route, input) from api/typed-client.' },
  { group: ['**/contract/*', '!**/contract/heads', '!**/contract/route'], importNamePattern: 'Api$', message: 'Take routes from contract/heads: the declarations carry zod and every schema.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'grids/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The layering rules of the brief: domain imports nothing of ours, the app never imports the server.
    files: ['src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/app/**', '**/contract/**', '**/grids/**', '**/machines/**'] }] },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'grids/**/*.{ts,tsx}', 'machines/**/*.ts', 'src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // One executable contract: the app calls routes through the typed client (api/typed-client.ts),
    // never the raw transport with a hand-written path and answer type.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: APP_IMPORT_PATTERNS, paths: [
          { name: '@mantine/core', importNames: ['Select'], message: "Take Select from features/common/select: it adds type-ahead to selects that take no typing." },
          { name: '@mantine/core', importNames: ['MultiSelect'], message: 'Take FirstMatchMultiSelect from features/common/first-match-select: Enter ticks the first match, as the single selects take it.' },
        ] },
      ],
    },
  },
  {
    // The app's Select and the selects built on Mantine's own (searchable ones, the dialogs' theme).
    files: ['src/app/features/common/select.tsx', 'src/app/features/common/first-match-select.tsx', 'src/app/features/common/form-dialog.tsx', 'src/app/features/common/form-dialog.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: APP_IMPORT_PATTERNS }] },
  },
  {
    // The grid kit is the app's dependency, never the other way round: what it needs from the app
    // (saved column widths, pickers, reports) comes in through props or a context the app provides.
    files: ['grids/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The grid kit never imports the server.' }, { group: ['**/src/app/**', '**/app/**'], message: 'grids/ imports nothing from src/app: take it as a prop or a context the app provides.' }] },
      ],
    },
  },
);
