import { createContext, use } from 'react';
import type { SessionUser } from '@halsa/api/contract';

/** The signed-in user the AppShell was given, for the screens in its outlet. */
export const ShellUserContext = createContext<SessionUser | null>(null);

/** The AppShell's user, or null outside an AppShell. */
export function useShellUser(): SessionUser | null {
  return use(ShellUserContext);
}
