// Which menu the sidebar shows and which item is current (spec §2.5). Pure, so unit tests
// cover every path and role.
import type { Role } from '@halsa/api/contract';
import { signedInPages, type SidebarMenuKind, type SignedInPage } from '../../config/pages';
import { paths } from '../../config/paths';

export interface SidebarItem {
  label: string;
  to: string;
  /** Roles that see the item; every role when left out. */
  roles?: readonly Role[];
  /** Current only on exactly `to`, never on a path below it. */
  exact?: boolean;
}

export type { SidebarMenuKind };

export interface SidebarMenu {
  kind: SidebarMenuKind;
  /** The `<nav>`'s accessible name. */
  label: string;
  items: SidebarItem[];
}

/** A menu's items: the signed-in pages (config/pages.ts) with an entry in it, in their order. */
const menuItems = (kind: SidebarMenuKind): readonly SidebarItem[] =>
  (signedInPages as readonly SignedInPage[]).flatMap(({ menu, path, roles }) =>
    menu?.kind === kind
      ? [{ label: menu.label, to: path, roles, ...(menu.exact ? { exact: true } : {}) }]
      : [],
  );

export const generalMenuItems = menuItems('general');
export const profileMenuItems = menuItems('profile');
export const journalMenuItems = menuItems('journal');

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
