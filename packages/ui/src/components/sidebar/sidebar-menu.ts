// Which menu the sidebar shows and which item is current (spec §2.5). Pure, so unit tests
// cover every path and role.
import type { Role } from '@halsa/api/contract';

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
  { label: 'Att göra', to: '/overview' },
  { label: 'Provsvar', to: '/lab-results', roles: ['USER'] },
  { label: 'Handlingsplan', to: '/action-plan', roles: ['USER'] },
  { label: 'Journal', to: '/journal', roles: ['USER'] },
  // Not highlighted while the path starts with /clients/ (a client's own pages).
  { label: 'Klienter', to: '/clients', roles: ['ADMIN', 'STAFF'], exact: true },
];

export const profileMenuItems: readonly SidebarItem[] = [
  { label: 'Mitt konto', to: '/profile/myaccount' },
  { label: 'Notiser', to: '/profile/notifications' },
];

export const journalMenuItems: readonly SidebarItem[] = [
  { label: 'Allmänt', to: '/journal/general' },
  { label: 'Journalformulär', to: '/journal/templates' },
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
  if (isUnder(pathname, '/profile')) return 'profile';
  if (pathname.startsWith('/journal/')) return 'journal';
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
