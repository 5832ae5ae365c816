// One name per feature (README "One name per feature", issue 37): every feature folder and file
// of the api hooks, the contract, the route tables, the mocks, the server modules and the ui
// screens is named after a row of the README's table, and each row's name is found in at least
// two of those places (a name in one place only is a second name for a feature, or a feature
// nobody else knows).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Names that are not features: each says what it is instead. Keep this list short. */
const NOT_FEATURES: Record<string, string> = {
  // api/src
  contract: 'the schemas and route tables, listed on their own below',
  mocks: 'the MSW mocks, listed on their own below',
  live: 'the one STOMP connection every feature subscribes through',
  fhir: "the FHIR R4 reader and writer of lab-results and questionnaires, the server's and the mocks'",
  // contract
  common: 'ids, paging and query schemas every feature uses',
  'display-name': 'how a person is named on screen, for every feature',
  endpoints: 'the merged table of every endpoint with its schemas',
  index: 'a barrel',
  'lab-flag': "lab-results' flag rule, zod-free so the portal's chunk stays small (issue 26)",
  'conversation-param':
    "messaging's page parameter, zod-free: the shell reads it on every page (issue 39)",
  'route-base': 'the route type the tables share',
  'route-shared': 'fallback messages the tables share',
  routes: 'the merge of contract/routes/*',
  validation: 'Swedish messages of the shared schemas',
  // mocks
  users: 'the demo people every handler reads',
  endpoint: 'the typed `on(endpoint, …)` helper of the handlers',
  'file-history': 'file lists, upload and download shared by lab-results and action-plan',
  paging: 'the paging helper of the handlers',
  request: 'reading params and bodies, for every handler',
  respond: 'error answers, for every handler',
  scenarios: 'the scenario switch of the stories',
  // server/src/modules
  dev: 'development-only routes (mail box, reset)',
  health: 'liveness and readiness probes',
  portal: 'serves the built portal',
  // ui/src/screens
  registration: 'the signed-out sign-up pages (invitation and terms), a screen group',
  shell: 'the frame around every screen',
};

/**
 * Names a feature went by before (issue 37 walks): a file still named so is a second name for
 * the feature in the value.
 */
const RETIRED_NAMES: Record<string, string> = {
  'notification-settings': 'notice-mails (use-notice-mail-settings, notifications/notices)',
  'notice-settings': 'notice-mails (visual/notice-mails.test.tsx)',
  'access-setting': "care-team (the clinic's switch is care-team-setting)",
};

/**
 * Hooks named after another feature (`use-<feature>…` outside `<feature>/`) that stay where
 * they are, each with why. Keep this list short.
 */
const HOOKS_ELSEWHERE: Record<string, string> = {
  'activity/use-staff': "activity's 'Utförd av' list of staff by name (route `staff` in activity)",
  'care-team/use-staff-clients': "a staff member's care teams, from the person's side",
};

export type Listing = Record<string, readonly string[]>;

/**
 * What is wrong with hook file names (`<folder>/use-….ts`): one that starts with another
 * feature's name (`use-<feature>` or `use-<feature>-…`) is that feature's hook in the wrong
 * folder, unless listed in `elsewhere`; one that holds a retired name keeps an old name.
 */
export function hookNameProblems(
  hooks: readonly string[],
  tableFeatures: readonly string[],
  elsewhere: Record<string, string> = HOOKS_ELSEWHERE,
  retired: Record<string, string> = RETIRED_NAMES,
): string[] {
  const problems: string[] = [];
  for (const hook of hooks) {
    const [folder, file] = hook.split('/') as [string, string];
    const words = file.replace(/^use-/, '');
    for (const feature of tableFeatures) {
      const named = words === feature || words.startsWith(`${feature}-`);
      if (named && feature !== folder && !(hook in elsewhere))
        problems.push(`${hook}: a hook of '${feature}' in ${folder}/`);
    }
    for (const [old, now] of Object.entries(retired)) {
      if (file.includes(old)) problems.push(`${hook}: '${old}' is now ${now}`);
    }
  }
  return problems;
}

/** The files (paths) whose name holds a retired name. */
export function retiredNameProblems(
  files: readonly string[],
  retired: Record<string, string> = RETIRED_NAMES,
): string[] {
  return files.flatMap((file) =>
    Object.entries(retired)
      .filter(([old]) => path.basename(file).includes(old))
      .map(([old, now]) => `${file}: '${old}' is now ${now}`),
  );
}

/** What is wrong with a listing (place → names found there) against the table's features. */
export function featureNameProblems(
  listing: Listing,
  tableFeatures: readonly string[],
  notFeatures: Record<string, string> = NOT_FEATURES,
): string[] {
  const problems: string[] = [];
  const places = new Map<string, string[]>();
  for (const [place, names] of Object.entries(listing)) {
    for (const name of new Set(names)) {
      if (name in notFeatures) continue;
      if (!tableFeatures.includes(name))
        problems.push(`${place}: '${name}' is not in the README's table`);
      places.set(name, [...(places.get(name) ?? []), place]);
    }
  }
  for (const feature of tableFeatures) {
    const found = places.get(feature) ?? [];
    if (found.length < 2)
      problems.push(
        `'${feature}' is found in ${found.length ? found.join(', ') + ' only' : 'no place'}`,
      );
  }
  return problems;
}

/** The first-column names of the README's "One name per feature" table. */
export function tableFeatures(readme: string): string[] {
  const section = readme.split('### One name per feature')[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| feature'))
    .map((line) => /^\| ([a-z-]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const folders = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const files = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.ts'.length));

describe('one name per feature', () => {
  it('names every feature folder and file after a row of the README table, found in two places', () => {
    const listing: Listing = {
      'api/src/': folders('packages/api/src'),
      'contract/': files('packages/api/src/contract'),
      'contract/routes/': files('packages/api/src/contract/routes'),
      'mocks/': [
        ...files('packages/api/src/mocks/fixtures'),
        ...files('packages/api/src/mocks/handlers'),
      ],
      'server/src/modules/': folders('packages/server/src/modules'),
      'ui/src/screens/': folders('packages/ui/src/screens'),
    };
    const features = tableFeatures(readFileSync(path.join(root, 'README.md'), 'utf8'));
    expect(features.length).toBeGreaterThan(10);
    expect(featureNameProblems(listing, features)).toEqual([]);
  });

  it('names hooks after their own feature and no retired name', () => {
    const hooks = folders('packages/api/src').flatMap((folder) =>
      readdirSync(path.join(root, 'packages/api/src', folder))
        .filter(
          (name) => name.startsWith('use-') && name.endsWith('.ts') && !name.includes('.test.'),
        )
        .map((name) => `${folder}/${name.slice(0, -'.ts'.length)}`),
    );
    const features = tableFeatures(readFileSync(path.join(root, 'README.md'), 'utf8'));
    expect(hooks.length).toBeGreaterThan(50);
    expect(hookNameProblems(hooks, features)).toEqual([]);
  });

  it('keeps no retired name in screens, visual tests or end-to-end tests', () => {
    const below = (dir: string) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((name) =>
        path.join(dir, name),
      );
    const files = [
      ...below('packages/ui/src/screens'),
      ...below('packages/ui/visual').filter((name) => !name.includes('__screenshots__/')),
      ...below('e2e'),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(retiredNameProblems(files)).toEqual([]);
  });

  it('the hook checker finds a hook in the wrong folder and an old name', () => {
    expect(
      hookNameProblems(
        [
          'notice-mails/use-notice-mail-settings',
          'notice-mails/use-notification-settings',
          'activity/use-journal-notes',
          'journal/use-journal-notes',
          'activity/use-staff',
        ],
        ['journal', 'notice-mails', 'staff'],
        { 'activity/use-staff': 'why' },
        { 'notification-settings': 'notice-mails' },
      ),
    ).toEqual([
      "notice-mails/use-notification-settings: 'notification-settings' is now notice-mails",
      "activity/use-journal-notes: a hook of 'journal' in activity/",
    ]);
    expect(
      retiredNameProblems(['visual/notice-settings.test.tsx', 'visual/notice-mails.test.tsx'], {
        'notice-settings': 'notice-mails',
      }),
    ).toEqual(["visual/notice-settings.test.tsx: 'notice-settings' is now notice-mails"]);
  });

  it('the checker finds a second name and a name in one place only', () => {
    const listing = {
      'api/src/': ['journal', 'notification-settings', 'live'],
      'server/src/modules/': ['journal', 'notice-mails'],
    };
    expect(featureNameProblems(listing, ['journal', 'notice-mails'])).toEqual([
      "api/src/: 'notification-settings' is not in the README's table",
      "'notice-mails' is found in server/src/modules/ only",
    ]);
  });

  it('the checker passes one name used in two places', () => {
    const listing = {
      'api/src/': ['journal', 'notice-mails', 'live'],
      'server/src/modules/': ['journal', 'notice-mails', 'health'],
    };
    expect(featureNameProblems(listing, ['journal', 'notice-mails'])).toEqual([]);
  });

  it('reads the feature names from the README table', () => {
    const readme = [
      '### One name per feature',
      '| feature | contract |',
      '|---|---|',
      '| journal | `journal.ts` |',
      '| self-test (`/test`) | `self-test.ts` |',
      '',
      '### Next',
      '| other | x |',
    ].join('\n');
    expect(tableFeatures(readme)).toEqual(['journal', 'self-test']);
  });
});
