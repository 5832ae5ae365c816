import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from './primitives/toast/toast';

export interface AppProvidersProps {
  children: ReactNode;
  /** A fresh SWR cache (stories and tests), so one story never sees another's data. */
  isolated?: boolean;
}

/** Everything a screen expects around it: SWR configuration and toasts. */
export function AppProviders({ children, isolated = false }: AppProvidersProps) {
  return (
    <SWRConfig value={isolated ? { provider: () => new Map() } : {}}>
      <ToastProvider>{children}</ToastProvider>
    </SWRConfig>
  );
}
