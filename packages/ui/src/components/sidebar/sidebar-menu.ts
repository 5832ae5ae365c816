// Which menu the sidebar shows and which item is current (spec §2.5). Pure, so unit tests
// cover every path and role.
import type { Role } from '@halsa/api/contract';
import { paths } from '../../config/paths';

export interface SidebarItem {
  label: string;
  to: string;
  /** Roles that see the item; every role when left out. */
  roles?: readonly Role[];
  /** Current only on exactly `to`, never on a path below it. */
  exact?: boolean;
}

export type SidebarMenuKind = 'general' | 'profile' | 'journal';

export interface SidebarMenu {
  kind: SidebarMenuKind;
  /** The `<nav>`'s accessible name. */
  label: string;
  items: SidebarItem[];
}

export const generalMenuItems: readonly SidebarItem[] = [
  { label: 'Att göra', to: paths.overview },
  { label: 'Provsvar', to: paths.labResults, roles: ['USER'] },
  { label: 'Handlingsplan', to: paths.actionPlan, roles: ['USER'] },
  { label: 'Journal', to: paths.journal, roles: ['USER'] },
  // Not highlighted while the path starts with /clients/ (a client's own pages).
  { label: 'Klienter', to: paths.clients, roles: ['ADMIN', 'STAFF'], exact: true },
  // Beyond spec §2.5's list: two pages of design §4.11 that people use every week, so nobody has
  // to know their address. (/test stays off the menus: support gives its address when needed.)
  { label: 'Bokningar', to: paths.appointments },
  { label: 'Rapporter', to: paths.reports, roles: ['ADMIN', 'STAFF'] },
];

export const profileMenuItems: readonly SidebarItem[] = [
  { label: 'Mitt konto', to: paths.myAccount },
  { label: 'Notiser', to: paths.notifications },
];

export const journalMenuItems: readonly SidebarItem[] = [
  { label: 'Allmänt', to: paths.journalGeneral },
  { label: 'Journalformulär', to: paths.journalTemplates },
];

export const SIDEBAR_LABELS: Record<SidebarMenuKind, string> = {
  general: 'Huvudmeny',
  profile: 'Profilmeny',
  journal: 'Journalmeny',
};

const isUnder = (pathname: string, base: string): boolean =>
  pathname === base || pathname.startsWith(`${base}/`);

/** The menu for a path: profile under /profile, journal under /journal/, else general. */
export function sidebarMenuKind(pathname: string): SidebarMenuKind {
  if (isUnder(pathname, paths.profile)) return 'profile';
  if (pathname.startsWith(`${paths.journal}/`)) return 'journal';
  return 'general';
}

/** The menu a signed-in role sees at `pathname`; no user gives no menu (spec §2.5). */
export function sidebarMenuFor(
  pathname: string,
  role: Role | null | undefined,
): SidebarMenu | null {
  if (!role) return null;
  const kind = sidebarMenuKind(pathname);
  const source =
    kind === 'profile'
      ? profileMenuItems
      : kind === 'journal'
        ? journalMenuItems
        : generalMenuItems;
  return {
    kind,
    label: SIDEBAR_LABELS[kind],
    items: source.filter((item) => !item.roles || item.roles.includes(role)),
  };
}

/** Whether `item` is the current page at `pathname` (its path or, unless exact, below it). */
export function isSidebarItemActive(item: SidebarItem, pathname: string): boolean {
  return item.exact ? pathname === item.to : isUnder(pathname, item.to);
}
