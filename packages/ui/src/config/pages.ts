// The signed-in pages, written once (issue 25, item 1): path, who may open it, the screen that
// draws it, the title and lead of its first HTML (the skeleton), and its menu entry. The
// portal's route table (packages/portal/src/signed-in.tsx), the sidebar menus
// (components/sidebar/sidebar-menu.ts), the skeletons (screens/shell/shell-skeleton) and the
// build's per-page shells (scripts/prerender.mjs) all read this list; a client's tabs are below.
import type { Role } from '@halsa/api/contract';
import { paths } from './paths';
import { questionnairePaths } from './questionnaire-paths';

const ALL: readonly Role[] = ['USER', 'ADMIN', 'STAFF'];
const STAFF_ADMIN: readonly Role[] = ['ADMIN', 'STAFF'];
const USER: readonly Role[] = ['USER'];
const ADMIN: readonly Role[] = ['ADMIN'];

/** The sidebar menus of spec §2.5: general, under /profile, under /journal/. */
export type SidebarMenuKind = 'general' | 'profile' | 'journal';

export interface PageSkeleton {
  /** The page's h1, as its screen shows it. */
  title: string;
  /** The width of the page's column, as its screen sets it. */
  width: 'max-w-2xl' | 'max-w-3xl' | 'max-w-4xl' | 'max-w-6xl';
  /** The line under the title, where the screen shows the same one to everybody. */
  lead?: string;
}

export interface SignedInPage {
  /** The portal's key for the page's screen (signed-in.tsx maps each one to its lazy screen). */
  id: string;
  path: string;
  /** Who may open it; anyone else gets the access-denied screen. */
  roles: readonly Role[];
  /**
   * The screen's folder under packages/ui/src/screens (its `index.ts` is the chunk): a page
   * with a skeleton gets a shell of its own that loads this chunk beside the app's.
   */
  screen: string;
  /** What the page's first HTML paints before its code runs; without one it gets app.html. */
  skeleton?: PageSkeleton;
  /** Its entry in a sidebar menu, in this list's order; `exact`: not current below its path. */
  menu?: { kind: SidebarMenuKind; label: string; exact?: boolean };
}

/**
 * The line under /overview's title, the same for every role (also in its first HTML: the
 * largest text of the page's first paint stays the largest, so LCP is that paint, issue 26).
 */
export const OVERVIEW_LEAD =
  'Här hittar du det som är nytt för dig och det du kan ta hand om i dag.';

/** The line under /lab-results' title (also in its first HTML). */
export const LAB_RESULTS_LEAD =
  'Här finns provsvaren som mottagningen har laddat upp till dig: dina senaste värden jämförda med referensintervallen, hur de har utvecklats över tid och filerna att läsa eller ladda ner.';

export const signedInPages = [
  {
    id: 'overview',
    path: paths.overview,
    roles: ALL,
    screen: 'shell/overview',
    skeleton: { title: 'Att göra', width: 'max-w-4xl', lead: OVERVIEW_LEAD },
    menu: { kind: 'general', label: 'Att göra' },
  },
  {
    id: 'labResults',
    path: paths.labResults,
    roles: USER,
    screen: 'lab-results',
    skeleton: { title: 'Provsvar', width: 'max-w-4xl', lead: LAB_RESULTS_LEAD },
    menu: { kind: 'general', label: 'Provsvar' },
  },
  {
    id: 'actionPlan',
    path: paths.actionPlan,
    roles: USER,
    screen: 'action-plan',
    skeleton: { title: 'Handlingsplan', width: 'max-w-4xl' },
    menu: { kind: 'general', label: 'Handlingsplan' },
  },
  {
    id: 'journal',
    path: paths.journal,
    roles: USER,
    screen: 'journal/my-journal',
    skeleton: {
      title: 'Journal',
      width: 'max-w-3xl',
      lead: 'Signerade anteckningar från din vårdgivare, nyast först.',
    },
    menu: { kind: 'general', label: 'Journal' },
  },
  {
    id: 'questionnaires',
    path: questionnairePaths.list,
    roles: USER,
    screen: 'questionnaires/my-questionnaires',
    skeleton: {
      title: 'Enkäter',
      width: 'max-w-3xl',
      lead: 'Frågor från din vårdgivare inför och efter dina besök.',
    },
    menu: { kind: 'general', label: 'Enkäter' },
  },
  {
    id: 'questionnaire',
    path: questionnairePaths.one,
    roles: USER,
    screen: 'questionnaires/answer-questionnaire',
  },
  {
    id: 'clients',
    path: paths.clients,
    roles: STAFF_ADMIN,
    screen: 'clients',
    skeleton: { title: 'Klienter', width: 'max-w-6xl' },
    // Not highlighted while the path starts with /clients/ (a client's own pages).
    menu: { kind: 'general', label: 'Klienter', exact: true },
  },
  { id: 'client', path: paths.client, roles: STAFF_ADMIN, screen: 'clients' },
  {
    id: 'clientJournalForm',
    path: paths.clientJournalForm,
    // Her care team writes notes too (design §4.19); the frame's 403 keeps others out.
    roles: STAFF_ADMIN,
    // Nested in the client pages' frame (the clients chunk), which loads the note's chunk.
    screen: 'clients',
  },
  {
    id: 'activity',
    path: paths.activity,
    roles: STAFF_ADMIN,
    screen: 'activity',
    skeleton: { title: 'Aktivitet', width: 'max-w-6xl' },
  },
  // ADMIN's follow-up of emergency accesses and unusual reading (design §4.14); in her menu with
  // the count not yet reviewed (design §4.20, the shell adds the count).
  {
    id: 'activityReview',
    path: paths.activityReview,
    roles: ADMIN,
    screen: 'activity/review',
    skeleton: { title: 'Logguppföljning', width: 'max-w-6xl' },
    menu: { kind: 'general', label: 'Logguppföljning' },
  },
  // Bokningar and Rapporter are beyond spec §2.5's list: pages of design §4.11 that people use
  // every week, so nobody has to know their address.
  {
    id: 'appointments',
    path: paths.appointments,
    roles: ALL,
    screen: 'appointments',
    skeleton: { title: 'Bokningar', width: 'max-w-4xl' },
    menu: { kind: 'general', label: 'Bokningar' },
  },
  {
    id: 'reports',
    path: paths.reports,
    roles: STAFF_ADMIN,
    screen: 'reports',
    skeleton: { title: 'Rapporter', width: 'max-w-6xl' },
    menu: { kind: 'general', label: 'Rapporter' },
  },
  // People and access (design §4.14): ADMIN's list of the clinic's people.
  {
    id: 'staff',
    path: paths.staff,
    roles: ADMIN,
    screen: 'staff',
    skeleton: { title: 'Personal', width: 'max-w-6xl' },
    menu: { kind: 'general', label: 'Personal' },
  },
  // /test stays off the menus: support gives its address when needed.
  {
    id: 'selfTest',
    path: paths.test,
    roles: ALL,
    screen: 'self-test',
    skeleton: { title: 'Testsida', width: 'max-w-3xl' },
  },
  {
    id: 'myAccount',
    path: paths.myAccount,
    roles: ALL,
    screen: 'profile',
    skeleton: { title: 'Användarinställningar', width: 'max-w-3xl' },
    menu: { kind: 'profile', label: 'Mitt konto' },
  },
  {
    id: 'notifications',
    path: paths.notifications,
    roles: ALL,
    screen: 'notifications/notices',
    skeleton: { title: 'Notiser', width: 'max-w-3xl' },
    menu: { kind: 'profile', label: 'Notiser' },
  },
  // Strong sign-in (design §4.17): passkeys, an authenticator app and reserve codes.
  {
    id: 'profileSecurity',
    path: paths.profileSecurity,
    roles: ALL,
    screen: 'profile/security',
    skeleton: { title: 'Inloggning och säkerhet', width: 'max-w-3xl' },
    menu: { kind: 'profile', label: 'Inloggning och säkerhet' },
  },
  {
    id: 'journalSettings',
    path: paths.journalGeneral,
    roles: STAFF_ADMIN,
    screen: 'journal/journal-settings',
    skeleton: {
      title: 'Journalinställningar',
      width: 'max-w-2xl',
      lead: 'Klinikens namn och signaturrad på skickade anteckningar, och standardformuläret för nya anteckningar.',
    },
    menu: { kind: 'journal', label: 'Allmänt' },
  },
  {
    id: 'formTemplates',
    path: paths.journalTemplates,
    roles: STAFF_ADMIN,
    screen: 'journal/form-templates',
    skeleton: { title: 'Journalformulär', width: 'max-w-4xl' },
    menu: { kind: 'journal', label: 'Journalformulär' },
  },
  {
    id: 'formEditor',
    path: paths.journalTemplate,
    roles: STAFF_ADMIN,
    screen: 'journal/form-editor',
  },
] as const satisfies readonly SignedInPage[];

export type SignedInPageId = (typeof signedInPages)[number]['id'];

/** The signed-in pages with a skeleton of their own, by path. */
export const skeletonPages: Readonly<Record<string, PageSkeleton>> =
  /* @__PURE__ */ Object.fromEntries(
    (signedInPages as readonly SignedInPage[]).flatMap((page) =>
      page.skeleton ? [[page.path, page.skeleton]] : [],
    ),
  );

/** The tabs of a client's pages (spec §2.6), in order: path segment and Swedish label. */
export const clientTabs = [
  { id: 'overview', label: 'Översikt' },
  { id: 'journal', label: 'Journal' },
  { id: 'lab-data', label: 'Lab Resultat' },
  { id: 'action-plan-data', label: 'Handlingsplan' },
  { id: 'activity', label: 'Aktivitet' },
] as const;
export type ClientTab = (typeof clientTabs)[number]['id'];

/**
 * Design §4.7 (revised): ADMIN gets every tab; a STAFF member, who only reaches the page of a
 * client she may read (her care team, or an open emergency access), gets Översikt, Journal, Lab
 * Resultat and Handlingsplan. 'Aktivitet' stays ADMIN's.
 */
export const STAFF_CLIENT_TABS: readonly ClientTab[] = [
  'overview',
  'journal',
  'lab-data',
  'action-plan-data',
];
export const clientTabsFor = (role: Role | undefined) =>
  role === 'ADMIN'
    ? clientTabs
    : role === 'STAFF'
      ? clientTabs.filter((t) => STAFF_CLIENT_TABS.includes(t.id))
      : [];
