import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

export interface AppProvidersProps {
  children: ReactNode;
  /** A fresh SWR cache (stories and tests), so one story never sees another's data. */
  isolated?: boolean;
}

export function AppProviders({ children, isolated = false }: AppProvidersProps) {
  return <SWRConfig value={isolated ? { provider: () => new Map() } : {}}>{children}</SWRConfig>;
}
