import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { MenuIcon } from '../top-bar/shell-icons';
import { SIDEBAR_LABELS, isSidebarItemActive, sidebarMenuFor } from './sidebar-menu';

/** The menu's box (also the shell skeleton's, so nothing moves when the real menu replaces it). */
export const SIDEBAR_CLASS =
  'shrink-0 border-b border-border bg-surface lg:w-60 lg:border-r lg:border-b-0';
/** The 'Meny' button of narrow screens. */
export const MENU_BUTTON_CLASS =
  'flex h-control w-full cursor-pointer items-center gap-2 px-gutter font-medium text-fg hover:bg-surface-sunken lg:hidden';

export interface SidebarProps {
  /** The signed-in user; without one the menu is empty (spec §2.5). */
  user: Pick<SessionUser, 'role'> | null | undefined;
  /**
   * A count beside an item, by its path, with what it counts for screen readers (design §4.20:
   * 'Logguppföljning' with the accesses not yet reviewed). Nothing is shown for 0.
   */
  counts?: Readonly<Record<string, { count: number; label: string } | undefined>>;
  className?: string;
}

/**
 * The side menu (spec §2.5): the general menu filtered by role, the profile menu under
 * /profile and the journal menu under /journal/, chosen from the current path. The current
 * page's item has `aria-current="page"`. On narrow screens the list folds behind a 'Meny'
 * button and folds again after navigating.
 */
export function Sidebar({ user, counts, className }: SidebarProps) {
  const { pathname } = useLocation();
  // Open for the path it was opened on, so navigating folds it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const listId = useId();
  const menu = sidebarMenuFor(pathname, user?.role);

  const navClass = cn(SIDEBAR_CLASS, className);
  if (!menu) return <nav aria-label={SIDEBAR_LABELS.general} data-empty="" className={navClass} />;

  return (
    <nav aria-label={menu.label} data-menu={menu.kind} className={navClass}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : pathname)}
        className={MENU_BUTTON_CLASS}
      >
        <MenuIcon />
        Meny
      </button>
      <ul
        id={listId}
        className={cn(
          open ? 'flex' : 'hidden',
          'flex-col gap-1 px-3 pb-3 lg:sticky lg:top-16 lg:flex lg:pt-4',
        )}
      >
        {menu.items.map((item) => {
          const active = isSidebarItemActive(item, pathname);
          const count = counts?.[item.to];
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                onClick={() => setOpenAt(null)}
                className={cn(
                  'flex min-h-control items-center rounded-control px-3 no-underline',
                  active
                    ? 'bg-primary-soft font-semibold text-primary-soft-fg hover:text-primary-soft-fg'
                    : 'text-fg hover:bg-surface-sunken hover:text-fg',
                )}
              >
                {item.label}
                {count && count.count > 0 ? ' ' : null}
                {count && count.count > 0 ? (
                  <span className="ml-auto rounded-full bg-accent px-2 text-sm font-semibold text-accent-fg tabular-nums">
                    {count.count}
                    <span className="sr-only"> {count.label}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
