import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { fileLayout } from './scripts/eslint-file-layout.js';

/** Code flows one way: routes → features → components/lib → contract (docs/architecture.md). */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const noImport = (patterns, message) => ({ group: patterns, message });

const boundaries = [
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noImport(
              features.filter((other) => other !== feature).flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`]),
              'A feature does not import another feature; compose them in routes or app/.',
            ),
            noImport(['@/routes/**', '@/app/**', '**/routes/**', '**/app/**'], 'Features do not import routes or app/.'),
          ].filter((p) => p.group.length > 0),
        },
      ],
    },
  })),
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/features/[^/]+(?:/index)?$',
              message: 'Features have no index.ts: import the page, component or query by its path, e.g. @/features/cart/pages/cart-page.',
            },
            noImport(['@/components/page-head'], "A page sets its own title and head (PageHead, Page, a layout's title); its route does not."),
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noImport(
              ['@/features/**', '@/routes/**', '@/app/**', '**/features/**', '**/routes/**', '**/app/**'],
              'components/ and lib/ sit below features, routes and app/.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noImport(['../**', '@/**', '@contract/../**'], 'contract/ imports nothing of ours outside contract/.')] },
      ],
    },
  },
  {
    // The server logs through Fastify's logger (structured, with the request's id); lines for a person go through
    // server/lib/terminal.ts. Tests may print what they measured.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noImport(['@/**', '**/src/**'], 'The server does not import the web app.')] }],
    },
  },
  {
    // The service worker runs apart from the page: of the web app it shares only the cache names and the queued
    // orders' record and texts, which both sides must agree on.
    files: ['sw/**/*.ts'],
    ignores: ['sw/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(?:@/|(?:\.\./)+src/(?!lib/(?:runtime-caches|queued-orders)$))`,
              message: 'The service worker imports contract/ and only the modules it shares with the page (src/lib/runtime-caches, src/lib/queued-orders).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noImport(['@/**', '**/src/**'], 'The server does not import the web app.'),
            noImport(['../modules/**', '../seed/**', '../http/**'], 'The data layer (schema, client, migrations, ids) knows no module.'),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    plugins: { haat: fileLayout },
    rules: { 'haat/file-names': 'error', 'haat/feature-shape': 'error' },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for a state (an element, a request, a load state), never for a time: a loaded machine is slower than any sleep.',
        },
      ],
    },
  },
  ...boundaries,
);
