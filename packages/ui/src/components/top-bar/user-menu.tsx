import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { Link } from 'react-router';
import { displayName, type Role, type SessionUser } from '@halsa/api/contract';
import { cn } from '../../lib/cn';
import { Avatar } from '../avatar/avatar';
import { ChevronDownIcon } from '../../lib/icons';
import { paths } from '../../config/paths';

export interface UserMenuLink {
  label: string;
  to: string;
}

/** The links of the user menu for a role (spec §2.5); 'Logga ut' always follows them. */
export function userMenuLinks(role: Role): UserMenuLink[] {
  const links: UserMenuLink[] = [{ label: 'Användarinställningar', to: paths.myAccount }];
  // Design §4.20: easy to find, an entry of its own (the section of her account page).
  if (role === 'USER') {
    links.push({ label: 'Vem har läst mina uppgifter', to: `${paths.myAccount}#vem-har-last` });
  }
  if (role === 'ADMIN') {
    links.push(
      { label: 'Journalinställningar', to: paths.journalGeneral },
      { label: 'Aktivitet', to: paths.activity },
    );
  }
  return links;
}

export const LOGOUT_LABEL = 'Logga ut';

/** Accessible name of the menu button: 'Användarmeny för Maria Berg'. */
export const userMenuLabel = (user: Pick<SessionUser, 'firstName' | 'lastName'>): string =>
  `Användarmeny för ${displayName(user)}`;

export interface UserMenuProps {
  user: SessionUser;
  /** 'Logga ut' was chosen. */
  onLogout: () => void;
  /** A logout request is running: the item says 'Loggar ut…' and ignores clicks. */
  loggingOut?: boolean;
  className?: string;
}

/**
 * The user menu (WAI-ARIA menu button): Enter, Space or ArrowDown opens it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes it and focus returns to the
 * button; Tab or a click outside closes it.
 */
export function UserMenu({ user, onLogout, loggingOut = false, className }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const [firstFocus, setFirstFocus] = useState<'first' | 'last'>('first');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const links = userMenuLinks(user.role);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (firstFocus === 'first' ? list[0] : list[list.length - 1])?.focus();
  }, [open, firstFocus]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    setFirstFocus(where);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  // Enter and Space fire click too, so keyboard users land on the first item.
  const onButtonClick = () => {
    if (open) close(false);
    else openAt('first');
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const itemClass =
    'flex min-h-control w-full cursor-pointer items-center px-4 text-left text-fg no-underline hover:bg-surface-sunken hover:text-fg focus-visible:bg-surface-sunken';

  return (
    <div ref={rootRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        className="flex h-control cursor-pointer items-center gap-2 rounded-control px-2 text-fg hover:bg-surface-sunken"
      >
        <Avatar fullName={displayName(user)} imageUrl={user.imageUrl} size="sm" />
        {/* The name is the visible label; on a phone only screen readers get it. */}
        <span className="sr-only">Användarmeny för </span>
        <span className="sr-only max-w-48 truncate font-medium sm:not-sr-only">
          {displayName(user)}
        </span>
        <ChevronDownIcon className="size-4 text-fg-muted" />
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={userMenuLabel(user)}
          onKeyDown={onMenuKeyDown}
          className="absolute top-full right-0 z-40 mt-2 w-64 overflow-hidden rounded-card border border-border bg-surface py-1 shadow-overlay"
        >
          {links.map((link) => (
            <li key={link.to} role="none">
              <Link
                role="menuitem"
                tabIndex={-1}
                to={link.to}
                className={itemClass}
                onClick={() => close(true)}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li role="separator" className="my-1 border-t border-border" />
          <li role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={loggingOut || undefined}
              className={itemClass}
              onClick={() => {
                if (loggingOut) return;
                close(true);
                onLogout();
              }}
            >
              {loggingOut ? 'Loggar ut…' : LOGOUT_LABEL}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
