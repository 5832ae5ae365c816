import { Icon, type IconProps } from '../../lib/icons';

/**
 * Stroke icons of the signed-in shell (top bar, sidebar, widget), drawn in `currentColor`.
 * Decorative (aria-hidden): the control that holds one carries the Swedish accessible name.
 */
export type ShellIconProps = IconProps;

const ShellIcon = Icon;

export function BellIcon(props: ShellIconProps) {
  return (
    <ShellIcon {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </ShellIcon>
  );
}

export function MenuIcon(props: ShellIconProps) {
  return (
    <ShellIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </ShellIcon>
  );
}

export function ChatIcon(props: ShellIconProps) {
  return (
    <ShellIcon {...props}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </ShellIcon>
  );
}

export function LogoMark(props: ShellIconProps) {
  return (
    <ShellIcon {...props}>
      <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />
      <path d="M3.2 12h4.3l1.5-3 3 6 1.5-3h7.3" />
    </ShellIcon>
  );
}
