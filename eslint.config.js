import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** Every folder of src/features: a feature imports from no other (one rule, read from the tree). */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.ssr',
      '.data',
      '.test-data',
      'node_modules',
      'test-results',
      'playwright-report',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files and no-cycle sees no TypeScript module.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Dependencies flow app -> features -> shared (components, content, lib); features do
      // not import each other, and shared code imports no feature.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
            })),
            { target: './src/features', from: './src/app' },
            {
              target: ['./src/components', './src/content', './src/lib'],
              from: ['./src/features', './src/app'],
            },
            { target: './src', from: ['./server', './scripts', './e2e'] },
            // The layout serves every page; a page's own parts reach it through the app.
            { target: './src/app/layout', from: ['./src/app/home', './src/app/about'] },
            // The local stack stands alone: the build and bench scripts use it, never the reverse.
            { target: './server', from: './scripts' },
            // The agent's definition is read by the scripts, the stand-in and the tests alike.
            { target: './agent', from: ['./src', './server', './scripts', './e2e'] },
            // Edge Functions and migrations run on Deno and Postgres: nothing from the Node side.
            // (supabase/tests/ proves the migrations on the local stack's Postgres: it may.)
            {
              target: ['./supabase/functions', './supabase/migrations'],
              from: ['./src', './server', './scripts', './e2e'],
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // Playwright fixtures call their callback `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
