import type { ReactNode } from 'react';
import type { Role } from '@halsa/api/contract';
import { AccessDenied } from '@halsa/ui/screens/shell/access-denied';
import { useSessionUser } from '../session/session-context';

export interface RequireRoleProps {
  roles: readonly Role[];
  children: ReactNode;
}

/** A route a role may not use shows the access-denied page (spec §2.4). */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const user = useSessionUser();
  if (!roles.includes(user.role)) return <AccessDenied />;
  return <>{children}</>;
}
