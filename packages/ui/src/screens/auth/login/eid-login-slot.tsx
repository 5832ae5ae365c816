// Where /login puts 'Logga in med BankID' (eid-login.tsx): its code and its question to the
// server load after the page, so /login's first JavaScript stays as it was.
import { lazy, Suspense } from 'react';

const EidLogin = lazy(() => import('./eid-login'));

export function EidLoginSlot() {
  return (
    <Suspense fallback={null}>
      <EidLogin />
    </Suspense>
  );
}
