import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** A layer rule of src/server: what the files may not import (each folder's README says what it may). */
const serverLayer = (files, ...patterns) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [{ group: ['**/client/**'], message: 'src/server does not import src/client.' }, ...patterns] },
    ],
  },
});
const noHttp = { group: ['**/routes/**', '**/plugins/**', 'fastify', '@fastify/*'], message: 'Below the HTTP layer: no routes, plugins or fastify here.' };

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/client/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The API contract's schemas are TypeBox values the client has no use for: it takes their types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/shared/api/*'], allowTypeImports: true, message: 'The client imports src/shared/api for its types only (import type).' }] },
      ],
    },
  },
  {
    // The layers under the features: api/ is the transport, lib/ plain helpers, components/ and charts/ pieces that
    // take props, i18n/ the messages; none may import a feature or the app.
    files: ['src/client/api/**', 'src/client/lib/**', 'src/client/components/**', 'src/client/charts/**', 'src/client/maps/**', 'src/client/i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/features', '**/app'],
              message: 'api/, lib/, components/, charts/ and i18n/ are layers below the features: they must not import features/ or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Build steps webpack runs as CommonJS (the map's boundaries, simplified at build time).
    files: ['build/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read loosely typed HTTP bodies.
    files: ['__tests__/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Routes are thin: the database through repositories and services (db/client for types only).
  serverLayer(['src/server/routes/**'], {
    group: ['**/db/client', '**/db/client.js'],
    allowTypeImports: true,
    message: 'Routes reach the database through repositories and services (import type only).',
  }),
  // Repositories only read and write: rules and scoring live in services/ and reports/ (their types may be named).
  serverLayer(['src/server/db/repositories/**'], noHttp, {
    group: ['**/services/**', '**/reports/**'],
    allowTypeImports: true,
    message: 'Repositories only read and write: logic lives in services/ and reports/ (import type only).',
  }),
  // The report engine and the services know nothing of HTTP; the engine needs no service.
  serverLayer(['src/server/reports/**'], {
    ...noHttp,
    group: [...noHttp.group, '**/services/**'],
    message: 'The report engine imports repositories and src/shared only.',
  }),
  serverLayer(['src/server/services/**'], noHttp),
  {
    // No import circles in src: a module that reaches itself through its imports loads half-initialised values.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // src/shared is imported by both sides, so it may import neither.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**', '**/server/**', '**/client', '**/server'], message: 'src/shared must not import src/client or src/server.' }] },
      ],
    },
  },
);
