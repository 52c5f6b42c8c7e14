import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
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
    ignores: ['**/*-repository.ts', 'db/**', 'seed/*.test.ts', 'cli/*.test.ts', 'tests/**', 'bench/**', 'scripts/**', 'drizzle.config.ts'],
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
  {
    // The layers (docs/decisions/033-layers.md): server > cli > app > domain > db > shared, and config/ below all of them;
    // seed/ sits above domain beside app/ (server/ wires it).
    // A layer imports from the layers below it, never from one above. Tests may cross layers (an integration test
    // builds the whole server), so they are not checked here.
    files: ['{server,cli,app,seed,domain,db,shared,config}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'server', pattern: 'server/**', partialMatch: false },
        // the command-line entry points and the start-up wiring the server shares with them (composition roots)
        { type: 'cli', pattern: 'cli/**', partialMatch: false },
        { type: 'app', pattern: 'app/**', partialMatch: false },
        { type: 'domain', pattern: 'domain/**', partialMatch: false },
        // First-run seeding writes through the domain services, so it sits above domain; nothing in app/, domain/,
        // db/ or shared/ imports it (only server/ and the db entry points below, which are composition roots).
        { type: 'seed', pattern: 'seed/**', partialMatch: false },
        { type: 'db', pattern: 'db/**', partialMatch: false },
        { type: 'shared', pattern: 'shared/**', partialMatch: false },
        { type: 'config', pattern: 'config/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'Layer rule (docs/decisions/033-layers.md): server > cli > app > domain > db > shared > config; a layer imports only from the layers below it.',
          policies: [
            {
              from: { element: { type: 'server' } },
              allow: { to: { element: { types: { anyOf: ['server', 'cli', 'app', 'seed', 'domain', 'db', 'shared', 'config'] } } } },
            },
            {
              from: { element: { type: 'cli' } },
              allow: { to: { element: { types: { anyOf: ['cli', 'seed', 'domain', 'db', 'shared', 'config'] } } } },
            },
            {
              from: { element: { type: 'seed' } },
              allow: { to: { element: { types: { anyOf: ['seed', 'domain', 'db', 'shared', 'config'] } } } },
            },
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'domain', 'db', 'shared', 'config'] } } } },
            },
            {
              from: { element: { type: 'domain' } },
              allow: { to: { element: { types: { anyOf: ['domain', 'db', 'shared', 'config'] } } } },
            },
            { from: { element: { type: 'db' } }, allow: { to: { element: { types: { anyOf: ['db', 'shared', 'config'] } } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { types: { anyOf: ['shared', 'config'] } } } } },
            { from: { element: { type: 'config' } }, allow: { to: { element: { type: 'config' } } } },
          ],
        },
      ],
    },
  },
);
