// A signed-in page asked for while signed out (a notice mail's link, a bookmark): remembered,
// then /login; the code step goes back to it (ui config/return-to.ts). A chunk of its own,
// loaded only on such a visit, so /login itself carries none of it (issue 14, budget).
import { Navigate } from 'react-router';
import { paths, rememberReturnTo } from '@halsa/ui/config';

export function ToLogin() {
  rememberReturnTo(window.location.pathname + window.location.search);
  return <Navigate to={paths.login} replace />;
}
