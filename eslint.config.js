// Flat config. Boundaries of design.md §1 are enforced with no-restricted-imports:
// portal → ui → api, server → api/contract only, and no fetching in portal.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '.data/**',
      '**/.data/**',
      '.storybook/public/**',
      '**/__screenshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'packages/portal/**/*.{ts,tsx}',
      'packages/api/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...storybook.configs['flat/recommended'],
  {
    files: ['packages/api/src/**/*.{ts,tsx}'],
    rules: restrict(
      {
        group: [
          '@halsa/ui',
          '@halsa/ui/*',
          '@halsa/portal',
          '@halsa/portal/*',
          '@halsa/server',
          '@halsa/server/*',
        ],
        message: 'api depends on nothing above it (design.md §1).',
      },
      {
        group: ['react-router', 'react-router/*'],
        message: 'Navigation belongs to ui and portal.',
      },
    ),
  },
  {
    files: ['packages/api/src/contract/**/*.ts'],
    rules: restrict({
      group: [
        'react',
        'react-dom',
        'swr',
        'swr/*',
        'msw',
        'msw/*',
        '@stomp/*',
        'sockjs-client',
        '../client*',
        '../live/*',
        '../mocks/*',
      ],
      message: 'The contract imports nothing from React or the browser so the server can use it.',
    }),
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: restrict({
      group: ['@halsa/portal', '@halsa/portal/*', '@halsa/server', '@halsa/server/*'],
      message: 'ui depends only on api (design.md §1).',
    }),
  },
  {
    files: ['packages/portal/src/**/*.{ts,tsx}'],
    rules: {
      ...restrict(
        {
          group: ['swr', 'swr/*'],
          message: 'portal does no fetching: use hooks from @halsa/api through @halsa/ui.',
        },
        {
          group: ['@halsa/server', '@halsa/server/*'],
          message: 'portal never imports the server.',
        },
        {
          group: ['msw', 'msw/*', '@halsa/api/mocks', '@halsa/api/mocks/*'],
          message: 'MSW is for Storybook and component tests only.',
        },
      ),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'portal does no fetching (design.md §1).' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'portal does no fetching.' },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: restrict(
      {
        group: ['@halsa/ui', '@halsa/ui/*', '@halsa/portal', '@halsa/portal/*'],
        message: 'server uses only @halsa/api/contract.',
      },
      {
        regex: '^@halsa/api(?!/contract$)(/.*)?$',
        message: 'server imports only @halsa/api/contract.',
      },
    ),
  },
);
