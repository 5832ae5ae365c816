// Flat config. Boundaries of design.md §1 are enforced with no-restricted-imports:
// portal → ui → api, server → api/contract and api/fhir only, and no fetching in portal.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const uiDependsOnApi = {
  group: ['@halsa/portal', '@halsa/portal/*', '@halsa/server', '@halsa/server/*'],
  message: 'ui depends only on api (design.md §1).',
};

/**
 * The feature folders of packages/ui/src/screens (one name per feature, README), read from the
 * folder itself so a new feature is inside the zones below from its first file.
 */
const UI_FEATURES = readdirSync(new URL('./packages/ui/src/screens/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

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
    // Every story carries its Swedish `name:`, even where Storybook would make the same one from
    // the export name: one rule a test can keep (packages/ui/src/story-names.test.ts) instead of
    // a name only where the export name lacks å, ä or ö.
    files: ['**/*.stories.tsx'],
    rules: { 'storybook/no-redundant-story-name': 'off' },
  },
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
    // The one FHIR reader and writer (issue 37) runs on the server, in its worker thread and in
    // the mocks in a browser: only the contract, zod and FHIR types, nothing of Node or React.
    files: ['packages/api/src/fhir/**/*.ts'],
    rules: {
      ...restrict(
        {
          group: ['node:*', 'react', 'react-dom', 'swr', 'swr/*', 'msw', 'msw/*', '@stomp/*'],
          message: 'api/src/fhir is pure: the server and the mocks in a browser both run it.',
        },
        {
          regex: '^\\.\\./(?!contract/)',
          message: 'api/src/fhir imports only the contract from the rest of the api.',
        },
      ),
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'window', 'document'].map((name) => ({
          name,
          message: 'api/src/fhir is pure: the server and the mocks in a browser both run it.',
        })),
      ],
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: restrict(uiDependsOnApi),
  },
  // Zones inside ui: primitives ← components ← screens, and a feature's screens never import
  // another feature's screens (shared pieces live in components/ or lib/). The one exception is
  // screens/shell: the signed-in layout is where the notification centre and the live
  // conversation list are composed.
  {
    files: ['packages/ui/src/{primitives,lib}/**/*.{ts,tsx}'],
    rules: restrict(uiDependsOnApi, {
      regex: '(^|/)(components|screens|testing)/',
      message: 'primitives and lib import no components, screens or test helpers.',
    }),
  },
  {
    files: ['packages/ui/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.tsx'],
    rules: restrict(uiDependsOnApi, {
      regex: '(^|/)screens/',
      message: 'A component imports no screen: move what both need to components/ or lib/.',
    }),
  },
  // Questionnaires answer with the journal's fill-in pieces and autosave engine (design §4.19,
  // issue 36: one engine) until that engine moves to lib/: journal/journal-note/ only.
  ...UI_FEATURES.filter((f) => f !== 'shell').map((feature) => ({
    files: [`packages/ui/src/screens/${feature}/**/*.{ts,tsx}`],
    rules: restrict(uiDependsOnApi, {
      regex: `^(\\.\\./)+(screens/)?(?!${feature}/${feature === 'questionnaires' ? '|journal/journal-note/' : ''})(${UI_FEATURES.join('|')})/`,
      message: `Screens of ${feature} import no other feature's screens: share through components/ or lib/.`,
    }),
  })),
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
        message: 'server uses only @halsa/api/contract and @halsa/api/fhir/*.',
      },
      {
        regex: '^@halsa/api(?!/contract$|/fhir/[a-z-]+$)(/.*)?$',
        message: 'server imports only @halsa/api/contract and @halsa/api/fhir/*.',
      },
    ),
  },
  {
    // The HTTP layer sits above the access kernel (access/: sessions, the care-team rule, the
    // staff rule) and below the modules, which register their routes through it (issue 37).
    files: ['packages/server/src/http/**/*.ts'],
    rules: restrict(
      {
        group: ['@halsa/ui', '@halsa/ui/*', '@halsa/portal', '@halsa/portal/*'],
        message: 'server uses only @halsa/api/contract and @halsa/api/fhir/*.',
      },
      {
        regex: '^@halsa/api(?!/contract$|/fhir/[a-z-]+$)(/.*)?$',
        message: 'server imports only @halsa/api/contract and @halsa/api/fhir/*.',
      },
      {
        regex: '^(\\.\\./)+modules/',
        message: 'http/ imports no module: what every route needs is in access/ (issue 37).',
      },
    ),
  },
);
