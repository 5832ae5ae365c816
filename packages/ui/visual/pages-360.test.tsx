// Screenshot baselines of every page of the portal at 360 px wide (issue 26): each signed-in page
// of the one page list (src/config/pages.ts; a client's pages by their Översikt tab), the
// signed-out pages (login, the 2FA code, forgot/reset/choose password, registration, terms of
// use, unsubscribe) and the signed-in shell itself, with its phone menu closed and opened. Each
// page is its screen's main story, mounted with its loaders (MSW and its beforeEach) but without
// its play function, and shot whole once the text that says its data has arrived is on screen.
// The page starts in a 360 × 640 phone and the viewport then grows to the page's height, so all
// of it is painted (and lazy charts drawn). Before the shot the page must fit that viewport (a
// section that came late would be cut) and nothing may scroll sideways. The clock stands at the
// mocks' "now" (MOCK_NOW), so '3 dagar sedan' and upcoming/past meetings stay put.
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { signInSettingLabels, STAFF_MESSAGES } from '@halsa/api';
import { MOCK_NOW } from '@halsa/api/mocks';
import { holdStill, mountStory, restPointer, shoot, shotOptions } from './shoot';
import * as actionPlan from '../src/screens/action-plan/action-plan/action-plan.stories';
import * as activityLog from '../src/screens/activity/activity-log/activity-log.stories';
import * as review from '../src/screens/activity/review/review.stories';
import * as appointments from '../src/screens/appointments/appointments/appointments.stories';
import * as forgotPassword from '../src/screens/auth/forgot-password/forgot-password.stories';
import * as login from '../src/screens/auth/login/login.stories';
import * as resetPassword from '../src/screens/auth/reset-password/reset-password.stories';
import * as setPassword from '../src/screens/auth/set-password/set-password.stories';
import * as twoFactor from '../src/screens/auth/two-factor/two-factor.stories';
import * as clientList from '../src/screens/clients/client-list/client-list.stories';
import * as clientPages from '../src/screens/clients/client-pages/client-pages.stories';
import * as formEditor from '../src/screens/journal/form-editor/form-editor.stories';
import * as formTemplates from '../src/screens/journal/form-templates/form-templates.stories';
import * as journalNote from '../src/screens/journal/journal-note/journal-note.stories';
import * as journalSettings from '../src/screens/journal/journal-settings/journal-settings.stories';
import * as myJournal from '../src/screens/journal/my-journal/my-journal.stories';
import * as labResults from '../src/screens/lab-results/lab-results/lab-results.stories';
import * as notices from '../src/screens/notifications/notices/notices.stories';
import * as unsubscribe from '../src/screens/notifications/unsubscribe/unsubscribe.stories';
import * as myAccount from '../src/screens/profile/my-account/my-account.stories';
import * as profileSecurity from '../src/screens/profile/security/security.stories';
import * as register from '../src/screens/registration/register/register.stories';
import * as termsOfUse from '../src/screens/registration/terms-of-use/terms-of-use.stories';
import * as reports from '../src/screens/reports/reports/reports.stories';
import * as selfTest from '../src/screens/self-test/self-test/self-test.stories';
import * as appShell from '../src/screens/shell/app-shell/app-shell.stories';
import * as appShellMobile from '../src/screens/shell/app-shell/app-shell.live.stories';
import * as overview from '../src/screens/shell/overview/overview.stories';
import * as staffList from '../src/screens/staff/staff-list/staff-list.stories';

// The form editor skips painting off-screen sections; a whole-page shot needs them all.
holdStill('* { content-visibility: visible !important; }');

beforeAll(() => {
  vi.setSystemTime(MOCK_NOW);
});

afterEach(() => {
  // A page that stopped its timers (the 2FA countdown) gets them back; the clock stays.
  vi.useRealTimers();
  vi.setSystemTime(MOCK_NOW);
});

afterAll(async () => {
  vi.useRealTimers();
  await page.viewport(800, 600);
});

const WIDTH = 360;
/** A phone's height: the page starts here, then the viewport grows to hold all of it. */
const PHONE_HEIGHT = 640;

interface Page {
  /** The page's key (pages.ts's id, or the signed-out path): its baseline's name. */
  id: string;
  /** The test's name: the page as people call it. */
  name: string;
  module: Record<string, unknown>;
  story: string;
  /** Text (matched exactly) that is on screen only once the page's data is. */
  ready: string;
  /** More texts whose data comes from other calls. */
  also?: (string | RegExp)[];
  /** Runs before the story is mounted. */
  before?: () => void;
  /** A step the test takes once the data is there (a menu opened). */
  step?: () => Promise<void>;
  /** What differs per run and is covered in the shot. */
  mask?: string;
  /** The viewport's height for a page that grows with it (a `75vh` frame): where it fits. */
  height?: number;
}

const mainMenu = () => page.getByRole('navigation', { name: 'Huvudmeny' });

/** The shell's counts: notices on the bell, unread messages on the widget button. */
async function shellCounts() {
  await expect.element(page.getByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
  await expect
    .element(page.getByRole('button', { name: /^Öppna meddelanden, \d+ olästa?$/ }))
    .toBeVisible();
}

const pages: Page[] = [
  // Signed in: pages.ts's list, in its order.
  { id: 'overview', name: 'Att göra', module: overview, story: 'Klient', ready: 'Oläst' },
  {
    id: 'labResults',
    name: 'Provsvar',
    module: labResults,
    story: 'Provsvar',
    // her files come last, after every trend card (issue 39)
    ready: 'Dina filer',
    also: ['Kolesterol'],
  },
  {
    id: 'actionPlan',
    name: 'Handlingsplan',
    module: actionPlan,
    story: 'Aktuell',
    ready: 'Handlingsplan_2026-11-18.pdf · uppladdad 18 november 2026',
    step: async () => {
      await expect
        .element(page.getByTitle('Handlingsplan: Handlingsplan_2026-11-18.pdf'))
        .toBeVisible();
      await expect
        .element(page.getByRole('button', { name: 'Ladda ner Handlingsplan_2026-09-02.pdf' }))
        .toBeVisible();
    },
    // The browser's PDF viewer shows the blob's random name, which differs per run.
    mask: 'iframe',
    // The plan's frame is 75vh high: the page fits in a viewport four times the rest of it.
    height: 1700,
  },
  { id: 'journal', name: 'Journal', module: myJournal, story: 'Anteckningar', ready: '7 av 10' },
  {
    id: 'clients',
    name: 'Klienter',
    module: clientList,
    story: 'Admin',
    ready: 'Anna Lindqvist',
    also: [/^Visar 1–\d+ av \d+ klienter$/],
  },
  {
    id: 'client',
    name: 'Klientens översikt',
    module: clientPages,
    story: 'OversiktAdmin',
    ready: 'klient@example.com',
    also: [/^Hälsosamtal genomfört\./],
    step: async () => {
      await expect.element(page.getByRole('list', { name: 'Vårdteamet' })).toBeVisible();
    },
  },
  {
    id: 'clientJournalForm',
    name: 'Journalanteckning',
    module: journalNote,
    story: 'AllaFragetyper',
    ready: 'Datum för nästa provtagning',
  },
  {
    id: 'activity',
    name: 'Aktivitet',
    module: activityLog,
    story: 'Admin',
    ready: '192.168.10.24',
  },
  {
    id: 'activityReview',
    name: 'Logguppföljning',
    module: review,
    story: 'Lista',
    ready: 'provsvar, klientöversikt och journal',
    also: ['Läsningar utanför vårdteamet'],
  },
  {
    id: 'reports',
    name: 'Rapporter',
    module: reports,
    story: 'MedData',
    ready: 'Sammanfattning',
    also: [/^Perioden 22 oktober 2026 – 21 november 2026, per dag/],
  },
  {
    id: 'staff',
    name: 'Personal',
    module: staffList,
    story: 'Lista',
    ready: 'Erik Johansson',
    also: [STAFF_MESSAGES.careTeamOnly, signInSettingLabels.staffStrongSignIn],
  },
  {
    id: 'appointments',
    name: 'Bokningar',
    module: appointments,
    story: 'KlientKommandeOchTidigare',
    ready: 'Kommande möten',
    also: ['Tidigare möten'],
  },
  {
    id: 'selfTest',
    name: 'Testsida',
    module: selfTest,
    story: 'AllaOK',
    ready: 'Realtidsanslutningen svarade på 12 ms.',
    also: [/^Datorns klocka går rätt/],
  },
  {
    id: 'myAccount',
    name: 'Mitt konto',
    module: myAccount,
    story: 'Klient',
    ready: 'klient@example.com',
    also: [/^Läste din journal/],
  },
  {
    id: 'notifications',
    name: 'Notiser',
    module: notices,
    story: 'MedOlasta',
    ready: 'Oläst',
    also: ['Nya provsvar'],
  },
  {
    id: 'profileSecurity',
    name: 'Inloggning och säkerhet',
    module: profileSecurity,
    story: 'Metoder',
    ready: 'Jobbdatorn',
    also: ['9 av 10 koder kvar, skapade 2 oktober 2026.'],
  },
  {
    id: 'journalSettings',
    name: 'Journalinställningar',
    module: journalSettings,
    story: 'Administrator',
    ready: 'Signaturrad',
  },
  {
    id: 'formTemplates',
    name: 'Journalformulär',
    module: formTemplates,
    story: 'Lista',
    ready: 'Kostdagbok',
  },
  {
    id: 'formEditor',
    name: 'Formulärredigerare',
    module: formEditor,
    story: 'AllaFragetyper',
    ready: 'Ändringar sparas automatiskt.',
  },
  // The signed-in shell around /overview: the phone menu closed, then opened.
  {
    id: 'shell',
    name: 'Inloggad layout',
    module: appShell,
    story: 'KlientMedOlasta',
    ready: 'Oläst',
    step: shellCounts,
  },
  {
    id: 'shell-menu',
    name: 'Inloggad layout med menyn öppen',
    module: appShellMobile,
    story: 'Mobil',
    ready: 'Oläst',
    step: async () => {
      await shellCounts();
      await userEvent.click(mainMenu().getByRole('button', { name: 'Meny' }));
      await expect.element(mainMenu().getByRole('link', { name: 'Provsvar' })).toBeVisible();
    },
  },
  // Signed out.
  { id: 'login', name: 'Logga in', module: login, story: 'Standard', ready: 'Glömt lösenord?' },
  {
    id: '2fa',
    name: 'Verifieringskod',
    module: twoFactor,
    story: 'Standard',
    ready: 'Sex siffror från e-postmeddelandet.',
    // The resend countdown ticks each second: stopped at its start.
    before: () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }),
    also: [/^Du kan skicka en ny kod om \d+ sekund/],
  },
  {
    id: 'forgot-password',
    name: 'Glömt lösenord',
    module: forgotPassword,
    story: 'Standard',
    ready: 'Tillbaka till inloggningen',
  },
  {
    id: 'reset-password',
    name: 'Återställ lösenord',
    module: resetPassword,
    story: 'Standard',
    ready: 'Bekräfta lösenord',
  },
  {
    id: 'new-password',
    name: 'Välj lösenord',
    module: setPassword,
    story: 'Standard',
    ready: 'Bekräfta lösenord',
  },
  {
    id: 'register',
    name: 'Skapa din profil',
    module: register,
    story: 'Steg1Intro',
    ready: 'Välkommen till Hälsoportalen',
  },
  {
    id: 'terms-of-use',
    name: 'Slutanvändaravtal',
    module: termsOfUse,
    story: 'Default',
    ready: '2.3 Uppgifter från tredje part',
  },
  {
    id: 'unsubscribe',
    name: 'Avsluta e-postavisering',
    module: unsubscribe,
    // Opening the link only asks (issue 34); nothing is turned off before the button.
    story: 'Fraga',
    ready: 'Vill du sluta få e-post om nya provsvar?',
  },
];

/** Lazy charts load as they come near the screen: each in view, until its canvas is drawn. */
async function drawCharts(container: HTMLElement) {
  const charts = container.querySelectorAll(
    '[data-testid="trend-chart"], [data-testid="report-chart"]',
  );
  for (const chart of charts) {
    chart.scrollIntoView();
    await expect.poll(() => chart.querySelector('canvas'), { timeout: 15_000 }).not.toBeNull();
  }
}

for (const { id, name, module, story, ready, also = [], before, step, mask, height } of pages) {
  test(`${name} vid 360 px`, async () => {
    before?.();
    await page.viewport(WIDTH, PHONE_HEIGHT);
    const container = await mountStory(module, story, ready, { exact: true });
    for (const text of also) {
      await expect.element(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await step?.();
    // A viewport as tall as the page: nothing below it would be painted.
    const tall = Math.max(height ?? 0, document.documentElement.scrollHeight);
    if (tall > window.innerHeight) await page.viewport(WIDTH, tall);
    await drawCharts(container);
    document.documentElement.scrollTop = 0;
    await restPointer();
    await document.fonts.ready;
    expect(document.documentElement.scrollHeight).toBeLessThanOrEqual(window.innerHeight);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    if (mask) {
      await expect.element(page.elementLocator(container)).toMatchScreenshot(`${id}-360`, {
        screenshotOptions: {
          ...shotOptions.screenshotOptions,
          mask: [...container.querySelectorAll(mask)],
        },
      });
    } else {
      await shoot(container, `${id}-360`);
    }
  });
}
