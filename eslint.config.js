// Lint rules, including the process boundaries: the folder decides what code may import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnlyInShell = {
  name: 'electron',
  message:
    'Only main/app/ and preload/ may import electron. Put Electron-specific code in main/app/ and pass what the core needs in as options.',
};

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
    files: ['main/**/*.ts'],
    ignores: ['main/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            electronOnlyInShell,
            { name: 'react', message: 'The main-process core never imports React.' },
          ],
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
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            {
              group: ['**/main/**', '../main/*', '../../main/*'],
              message:
                'The renderer talks to main only through window.meterdesk; import types from preload/contract.ts.',
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
