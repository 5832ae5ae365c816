import { lazy, Suspense } from 'react';
import { useSession } from '@halsa/api';
import { SignedOutRoutes } from './router';

const SignedInApp = lazy(() => import('./signed-in'));

/**
 * Spec §2.1: while the current-user lookup is loading nothing is shown; a found user gets the
 * signed-in app, anyone else the signed-out routes. A 401 anywhere clears the session
 * (useSession listens for `unAuthorized`), which swaps the trees.
 */
export function App() {
  const { user, isLoading } = useSession();
  if (user === undefined && isLoading) return null;
  if (!user) return <SignedOutRoutes />;
  return (
    <Suspense fallback={null}>
      <SignedInApp user={user} />
    </Suspense>
  );
}
