// ESLint flat config. Layering (DESIGN §3): ui → state → core, never back; the core uses no framework.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const uiOrStateImports = ['**/state', '**/state/**', '**/ui', '**/ui/**', 'src/state/**', 'src/ui/**'];

export default tseslint.config(
  {
    ignores: [
      'scratch/**',
      'dist/**',
      'node_modules/**',
      'src/core/validate/generated/**',
      'src/api/generated/**',
      'src/core/catalog/builtin-catalog.generated.ts',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Node-side code: configs, scripts, tests, the CLI, benchmarks, e2e specs.
    files: [
      '*.{js,mjs,cjs,ts}',
      'scripts/**',
      'bin/**',
      'bench/**',
      'e2e/**',
      'test/**',
      'src/cli/**',
      'src/server/**',
      '**/*.test.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'src/core uses no framework (DESIGN §3); React belongs in src/ui.' },
            { name: 'react-dom', message: 'src/core uses no framework (DESIGN §3); React belongs in src/ui.' },
            { name: 'zustand', message: 'src/core holds no app state; stores belong in src/state.' },
          ],
          patterns: [
            { group: ['react/*', 'react-dom/*', 'zustand/*'], message: 'src/core uses no framework (DESIGN §3).' },
            { group: uiOrStateImports, message: 'Imports go ui → state → core, never back (DESIGN §3).' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ui', '**/ui/**', 'src/ui/**'],
              message: 'Imports go ui → state → core, never back (DESIGN §3).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: uiOrStateImports,
              message: "The CLI is an adapter over src/core alone; the app's state and views are not its business.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: uiOrStateImports,
              message:
                "The server is an adapter over src/core and the API's contract (src/api); the app's state and views are not its business.",
            },
          ],
        },
      ],
    },
  },
);
