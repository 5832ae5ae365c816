import { createContext, useContext, type ReactNode } from 'react';
import type { SessionUser } from '@halsa/api/contract';

const SessionUserContext = createContext<SessionUser | null>(null);

export function SessionUserProvider({
  user,
  children,
}: {
  user: SessionUser;
  children: ReactNode;
}) {
  return <SessionUserContext.Provider value={user}>{children}</SessionUserContext.Provider>;
}

/** The signed-in user; only used below the signed-in app, where there always is one. */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser används utanför den inloggade appen');
  return user;
}
