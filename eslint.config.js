// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverLayers from './scripts/eslint/server-layers.js';
import webCycles from './scripts/eslint/web-cycles.js';
import tableReaders from './scripts/eslint/table-readers.js';

// Import direction (STYLE.md): domain imports nothing of ours; server and web import domain;
// web imports server only as types; web features never import each other (web/app composes
// them; shared pieces live in web/ui, web/lib and web/i18n).
const webShared = new Set(['app', 'ui', 'lib', 'i18n']);
const webFeatures = readdirSync(new URL('./src/web/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !webShared.has(d.name))
  .map((d) => d.name);

// Files that build no query (issue 12). A named file that moved would leave its new place
// unguarded: every name without a wildcard must exist.
const noQueryFiles = [
  'src/server/**/routes.ts',
  'src/server/**/*-routes.ts',
  'src/server/**/service.ts',
  'src/server/**/*-service.ts',
  'src/server/mailer/mailer.ts',
  'src/server/account/roles.ts',
  'src/server/jobs/!(*.test).ts',
  'src/server/results/catalogue.ts',
  'src/server/results/change.ts',
  'src/server/throttle/throttle.ts',
  'src/server/auth/auth.ts',
  'src/server/standings/tallies.ts',
  'src/server/standings/table.ts',
  'src/server/demo/data.ts',
];
for (const file of noQueryFiles)
  if (!file.includes('*') && !existsSync(new URL(`./${file}`, import.meta.url)))
    throw new Error(`eslint.config.js names ${file}, which does not exist: it moved?`);

const featureRules = webFeatures.map((feature) => ({
  files: [`src/web/${feature}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/server/**'],
            allowTypeImports: true,
            message: 'The web imports server code only as types.',
          },
          {
            group: webFeatures
              .filter((f) => f !== feature)
              .flatMap((f) => [`../${f}/*`, `../../${f}/*`, `**/web/${f}/*`]),
            message:
              'Web features do not import each other; compose them in src/web/app or share via src/web/ui or src/web/lib.',
          },
          { group: ['../app/*', '../../app/*'], message: 'Features do not import the app shell.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'src/domain imports nothing of ours.',
            },
            { group: ['node:*'], message: 'src/domain is pure: no I/O.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'], message: 'The server does not import web code.' }] },
      ],
    },
  },
  {
    // Routes are HTTP only and services hold the rules (issue 12): queries live in repositories;
    // neither imports Kysely's values nor builds a query (transactions: db/transaction.ts).
    files: noQueryFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/web/**'], message: 'The server does not import web code.' }],
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Routes and services do not build queries: add a repository function.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction|executeQuery)$/]',
          message: 'Routes and services do not build queries: add a repository function.',
        },
      ],
    },
  },
  {
    // Routes are HTTP only: they call a service, never a repository (types may be imported).
    files: ['src/server/**/routes.ts', 'src/server/**/*-routes.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**'], message: 'The server does not import web code.' },
            {
              group: ['**/repository', '**/*-repository'],
              allowTypeImports: true,
              message: 'Routes call services; queries live in repositories behind them.',
            },
          ],
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Routes and services do not build queries: add a repository function.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/{app,ui,lib,i18n}/**/*.{ts,tsx}', 'src/web/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The web imports server code only as types.',
            },
          ],
        },
      ],
    },
  },
  ...featureRules,
  {
    // No value-import cycle between src/web's top-level folders (scripts/eslint/web-cycles.js).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { web: webCycles },
    rules: { 'web/no-cycles': 'error' },
  },
  {
    // Server units in tiers, standings behind its door (scripts/eslint/server-layers.js).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { server: serverLayers },
    rules: { 'server/layers': 'error' },
  },
  {
    // One reader per table (issue 52): only the fixtures unit queries `fixtures`, only
    // predictions-store queries `predictions`; the exceptions are named in the rule's file.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/server/db/migrations/**'],
    plugins: { tables: tableReaders },
    rules: { 'tables/one-reader': 'error' },
  },
  {
    // Migrations are frozen and take Kysely<any> by design (STYLE.md §7); tests poke at loose JSON.
    files: ['src/server/db/migrations/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
