// Lint rules, including the process boundaries: the folder decides what code may import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { houseOrder } from './eslint-rules/house-order.js';
import { i18nRules } from './eslint-rules/i18n-keys.js';

const electronOnlyInShell = {
  name: 'electron',
  message:
    'Only main/app/ and preload/ may import electron. Put Electron-specific code in main/app/ and pass what the core needs in as options.',
};

const reactOnlyInReport = {
  name: 'react',
  message:
    'The main-process core never imports React; the one exception is the PDF layout: main/report/document.tsx and main/report/document/.',
};

const outsideFilesThroughDoors = {
  name: 'node:fs',
  importNames: ['readFileSync', 'createReadStream', 'readFile'],
  message:
    'A file from outside is read through main/doors/file-bytes.ts (readFileBounded): its bytes counted while read, refused past a cap.',
};

/** The PDF layout: the one place in main/ that may import React (@react-pdf/renderer). */
const pdfLayout = ['main/report/document.tsx', 'main/report/document/**/*.tsx'];

/** Folders whose code handles files a person points Meterdesk at: they read through main/doors/. */
const changesThroughStore =
  "Change notes, the watch list's marks and thresholds, tariffs and imports through (await services.active()).storeWrites(): a team profile's go to its server.";
const doorFolders = [
  'main/cli/**/*.ts',
  'main/cost/**/*.ts',
  'main/community/**/*.ts',
  'main/report/**/*.{ts,tsx}',
  'main/handlers/**/*.ts',
  'main/query/**/*.ts',
  'main/analysis/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports only (house style).' },
      ],
    },
  },
  {
    // The house order as allowlists (eslint-rules/house-order.js): which folder imports which, and which
    // files touch the file system.
    files: ['main/**/*.{ts,tsx}'],
    plugins: { meterdesk: houseOrder },
    rules: { 'meterdesk/folder-imports': 'error', 'meterdesk/fs-capability': 'error' },
  },
  {
    // React in main/ only for the report's document (it lays out the PDF with @react-pdf/renderer).
    files: ['main/**/*.{ts,tsx}'],
    ignores: ['main/app/**', ...pdfLayout, ...doorFolders],
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnlyInShell, reactOnlyInReport] }] },
  },
  {
    // Bytes from outside enter through main/doors/ (counted while read, never trusted from stat).
    files: doorFolders,
    ignores: pdfLayout,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronOnlyInShell, reactOnlyInReport, outsideFilesThroughDoors] },
      ],
    },
  },
  {
    files: pdfLayout,
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnlyInShell, outsideFilesThroughDoors] }] },
  },
  {
    // A person's changes go through the profile's store (ProfileContext.storeWrites): written straight
    // into the database, a team profile's would reach only its copy, never the team's server.
    files: ['main/handlers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronOnlyInShell,
            reactOnlyInReport,
            outsideFilesThroughDoors,
            ...[
              ['../db/notes', ['addNote', 'editNote', 'removeNote']],
              ['../db/watch-store', ['acknowledgeFinding', 'snoozeFinding', 'setThreshold']],
              ['../import/into-store', ['writeImport']],
            ].map(([name, importNames]) => ({ name, importNames, message: changesThroughStore })),
          ],
        },
      ],
    },
  },
  {
    // The app's imports (the import service) go through the same store: a team's into its server.
    files: ['main/import/import-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronOnlyInShell,
            reactOnlyInReport,
            { name: './into-store', importNames: ['writeImport'], message: changesThroughStore },
          ],
        },
      ],
    },
  },
  {
    // One clock (main/time/clock.ts): a figure's "now" comes from the services, tests set it.
    files: ['main/**/*.{ts,tsx}'],
    ignores: ['main/demo/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message:
            'Take "now" from a Clock (main/time/clock.ts): the services\' clock in handlers and threads, systemClock in the CLI, fixedClock in tests.',
        },
      ],
    },
  },
  {
    // JSON from the service and the broker enters through main/doors/json-bytes.ts (bytes counted,
    // shape bounded before the parse).
    files: ['main/api/**/*.ts', 'main/push/**/*.ts', 'main/sync/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Take "now" from a Clock (main/time/clock.ts).',
        },
        {
          object: 'JSON',
          property: 'parse',
          message:
            'JSON from outside is read through main/doors/json-bytes.ts (parseJsonBounded): bytes and shape bounded first.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports only (house style).' },
        {
          selector:
            'CallExpression[arguments.length=0][callee.property.name=/^(json|text|arrayBuffer|blob)$/]',
          message:
            "A response's body is read through main/doors/json-bytes.ts (readBodyBounded): counted while it arrives.",
        },
      ],
    },
  },
  {
    files: ['main/app/**/*.ts'],
    ignores: ['main/app/ipc.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain'],
              message: 'Register IPC only in main/app/ipc.ts, through the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every i18n key a literal found in both languages of the one dictionary (eslint-rules/i18n-keys.js).
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { meterdeskI18n: i18nRules },
    rules: { 'meterdeskI18n/i18n-keys': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            {
              group: ['**/main/**', '../main/*', '../../main/*'],
              message:
                'The renderer talks to main only through window.meterdesk; import types from preload/contract.ts.',
            },
            {
              // Types only: a value import of the contract puts zod and every schema into the page.
              group: ['**/preload/contract', '**/preload/*-contract', '**/preload/api', '**/preload/index'],
              allowTypeImports: true,
              message:
                'The renderer imports only types from preload/ (use `import type`); constants it needs live in preload/contract-plain.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['preload/contract.ts', 'preload/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [{ group: ['node:*'], message: 'The contract is pure: no Node or Electron APIs.' }],
        },
      ],
    },
  },
  {
    // Runs in main and in the sandboxed renderer alike: the language and Intl only.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronOnlyInShell,
            { name: 'react', message: 'common/ is plain TypeScript for both sides.' },
          ],
          patterns: [
            { group: ['node:*'], message: 'common/ also runs in the sandboxed renderer: no Node APIs.' },
            { group: ['**/main/**', '**/renderer/**'], message: 'common/ imports nothing from either side.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}', 'scripts/**/*.mjs', '*.config.*'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-restricted-syntax': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
