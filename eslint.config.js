import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
