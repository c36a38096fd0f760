// ESLint flat config: Next's core-web-vitals and TypeScript rules, plus a few type-aware rules
// that catch real bugs cheaply (floating promises in server code, misused promises in handlers).
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

/** lib/ never imports the screens or the server around it. */
const BELOW_THE_SCREENS = {
  group: ['@/components/*', '@/app/*', '@/server/*'],
  message: 'lib/ is below the screens and the server: move the shared piece into lib/.',
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores(['.next/**', 'dist/**', 'node_modules/**', 'lib/generated/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**']),
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The layers import one way (README, "Layout"): lib/ never reaches the screens or the server
    // around it; the entities never reach the old API's shapes, the back office or the public
    // readers built on them (lib/legacy/entities.ts pairs each entity with its old shape).
    files: ['lib/**/*.ts', 'lib/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [BELOW_THE_SCREENS],
        },
      ],
    },
  },
  {
    files: ['lib/entities/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            BELOW_THE_SCREENS,
            {
              group: ['@/lib/legacy/*', '@/lib/admin/*', '@/lib/content/*'],
              message:
                'Entities are below the old API, the back office and the public readers: they depend on the entities, not the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // createElement's typings want `children` in the props of components that require it.
    files: ['tests/unit/**'],
    rules: { 'react/no-children-prop': 'off' },
  },
  {
    // Playwright fixtures receive a callback named `use`; it is not React's `use`.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
]);
