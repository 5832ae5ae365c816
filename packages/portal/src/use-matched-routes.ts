// react-router's useRoutes, with the routes matched once per address instead of on every render
// (issue 39). useRoutes calls matchRoutes on each render, and matchRoutes flattens and ranks the
// whole route table each time (a RegExp per route, a score, a sort): for the signed-in table
// 23–30 ms of one task on a phone slowed 4×, paid again by every render of the routes (a
// transition's restarts, an answer that renders the app above them, a changed ?query).
//
// Here the match of the last address is kept per route table, and its rendered element: a
// render at the same pathname returns the same element, so React also skips the route elements
// below it (what changed, the location, reaches the components that read it through the
// router's context). The first match can be made ahead, outside a render (matchRoutesOnce).
// The matches are made and rendered as useRoutes makes them: a top-level table, pathnames
// re-encoded by the router's navigator.
import { useContext, type ReactElement } from 'react';
import {
  matchRoutes,
  renderMatches,
  UNSAFE_NavigationContext,
  useLocation,
  type Navigator,
  type RouteMatch,
  type RouteObject,
} from 'react-router';

interface Rendered {
  matches: RouteMatch[] | null;
  navigator: Navigator;
  element: ReactElement | null;
}

const lastMatched = new WeakMap<
  RouteObject[],
  { pathname: string; matches: RouteMatch[] | null }
>();
const lastRendered = new WeakMap<RouteObject[], Rendered>();

/**
 * matchRoutes(routes, pathname), kept for the last pathname of each route table. The signed-in
 * app calls it once in a task of its own before its first render (signed-in.tsx), so that render
 * finds the match made.
 */
export function matchRoutesOnce(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const kept = lastMatched.get(routes);
  if (kept?.pathname === pathname) return kept.matches;
  const matches = matchRoutes(routes, { pathname });
  lastMatched.set(routes, { pathname, matches });
  return matches;
}

/** useRoutes' re-encoding of a matched pathname (its `%`, `?` and `#` first, as it does). */
function encoded(navigator: Navigator, pathname: string): string {
  if (!navigator.encodeLocation) return pathname;
  const escaped = pathname.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23');
  return navigator.encodeLocation(escaped).pathname;
}

/** The element of `routes` at `pathname`, as useRoutes renders it at the top of a router. */
export function renderRoutes(
  routes: RouteObject[],
  pathname: string,
  navigator: Navigator,
): ReactElement | null {
  const matches = matchRoutesOnce(routes, pathname);
  const kept = lastRendered.get(routes);
  if (kept?.matches === matches && kept.navigator === navigator) return kept.element;
  const element = renderMatches(
    matches?.map((match) => ({
      ...match,
      pathname: encoded(navigator, match.pathname),
      pathnameBase: match.pathnameBase === '/' ? '/' : encoded(navigator, match.pathnameBase),
    })) ?? null,
  );
  lastRendered.set(routes, { matches, navigator, element });
  return element;
}

/**
 * `useRoutes(routes)` for a route table at the top of the router (no parent route), matched
 * once per pathname. `routes` must be the same array from render to render (made once, or
 * memoised): the kept match belongs to it.
 */
export function useMatchedRoutes(routes: RouteObject[]): ReactElement | null {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  return renderRoutes(routes, pathname || '/', navigator);
}
