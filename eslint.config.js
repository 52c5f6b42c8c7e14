import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', '.tmp/', 'test-results/', 'playwright-report/', 'db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', document: 'readonly', window: 'readonly' } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='test'][callee.property.name=/^(only|skip|fixme)$/]",
          message: 'No focused or skipped tests.',
        },
        {
          selector: "CallExpression[callee.object.name='it'][callee.property.name=/^(only|skip|todo)$/]",
          message: 'No focused or skipped tests.',
        },
        {
          selector: "CallExpression[callee.object.name='describe'][callee.property.name=/^(only|skip)$/]",
          message: 'No focused or skipped tests.',
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*-repository.ts', 'db/**', 'tests/**', 'bench/**', 'scripts/**', 'drizzle.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Only *-repository.ts files touch Drizzle.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '#app/*',
                '#server/*',
                '#domain/*',
                '#db/*',
                '../app/*',
                '../server/*',
                '../domain/*',
                '../db/*',
                'drizzle-orm',
                'drizzle-orm/*',
              ],
              message: 'shared/ is browser-safe and imports nothing internal.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.server.tsx', 'app/load-context.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#domain/*', '#db/*', '../**/domain/*', '../**/db/*', 'drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: 'Browser code reaches data through loaders (load context) or the API, not domain/ or db/.',
            },
          ],
        },
      ],
    },
  },
);
