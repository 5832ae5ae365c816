// useMatchedRoutes renders what react-router's useRoutes renders (issue 39): the same route
// elements, params, location, relative paths and outlets at every kind of address, with the
// browser router's re-encoding of matched pathnames; and a render at the same pathname is the
// same element, not a new match.
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  createPath,
  Outlet,
  Router,
  useLocation,
  useParams,
  useResolvedPath,
  useRoutes,
  type Navigator,
  type RouteObject,
} from 'react-router';
import { describe, expect, test } from 'vitest';
import { matchRoutesOnce, renderRoutes, useMatchedRoutes } from './use-matched-routes';

/** What a route element can read from the router. */
function Probe({ name, children }: { name: string; children?: ReactNode }) {
  const location = useLocation();
  const params = useParams();
  const here = useResolvedPath('.');
  const up = useResolvedPath('..');
  return h(
    'section',
    { 'data-name': name },
    `${location.pathname}${location.search} ${JSON.stringify(params)} ${here.pathname} ${up.pathname}`,
    children,
  );
}
const probe = (name: string, withOutlet = false) =>
  h(Probe, { name }, withOutlet ? h(Outlet) : undefined);

/** The shape of the signed-in table: a redirect, a layout route with pages, pages, a catch-all. */
const routes: RouteObject[] = [
  { path: '/', element: probe('root') },
  {
    element: probe('shell', true),
    children: [
      { path: '/overview', element: probe('overview') },
      { path: '/klienter', element: probe('clients') },
      { path: '/klienter/:id/:flik?', element: probe('client') },
      { path: '/klienter/:id/journal/:noteId', element: probe('note') },
      { path: '/filer/*', element: probe('files') },
    ],
  },
  { path: '/villkor', element: probe('terms') },
  { path: '*', element: probe('elsewhere') },
];

/** The browser router's navigator: encodeLocation through URL, as createBrowserHistory does. */
const browserNavigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  encodeLocation: (to) => {
    const url = new URL(typeof to === 'string' ? to : createPath(to), 'http://localhost');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  },
  go: () => {},
  push: () => {},
  replace: () => {},
} satisfies Navigator;

function UseRoutes() {
  return useRoutes(routes);
}
function UseMatchedRoutes() {
  return useMatchedRoutes(routes);
}

const at = (path: string, component: () => ReactNode) => {
  const url = new URL(path, 'http://localhost');
  const location = { pathname: decodeURI(url.pathname), search: url.search, hash: '' };
  return renderToStaticMarkup(h(Router, { location, navigator: browserNavigator }, h(component)));
};

const addresses = [
  '/',
  '/overview',
  '/overview/',
  '/overview?samtal=3',
  '/klienter',
  '/klienter/12',
  '/klienter/12/journal',
  '/klienter/12/journal/7',
  '/klienter/%C3%A5sa%20b',
  '/klienter/100%25',
  '/filer/a/b/c',
  '/villkor',
  '/ingenstans/alls',
];

describe('useMatchedRoutes', () => {
  test.each(addresses)('renders %s as useRoutes does', (address) => {
    const expected = at(address, UseRoutes);
    expect(expected).toContain('<section');
    expect(at(address, UseMatchedRoutes)).toBe(expected);
  });

  test('a render at the same pathname is the same element; another pathname is matched anew', () => {
    const table: RouteObject[] = [...routes];
    const overview = renderRoutes(table, '/overview', browserNavigator);
    expect(renderRoutes(table, '/overview', browserNavigator)).toBe(overview);
    const client = renderRoutes(table, '/klienter/12', browserNavigator);
    expect(client).not.toBe(overview);
    expect(
      renderToStaticMarkup(
        h(Router, { location: '/klienter/12', navigator: browserNavigator }, client),
      ),
    ).toContain('data-name="client"');
    // A match made ahead (signed-in.tsx, before the first render) is the one rendered.
    const ahead: RouteObject[] = [...routes];
    const matches = matchRoutesOnce(ahead, '/klienter/12/journal/7');
    expect(matchRoutesOnce(ahead, '/klienter/12/journal/7')).toBe(matches);
    expect(matches?.map((m) => m.route)).toEqual([routes[1], routes[1]?.children?.[3]]);
    const note = renderRoutes(ahead, '/klienter/12/journal/7', browserNavigator);
    expect(renderRoutes(ahead, '/klienter/12/journal/7', browserNavigator)).toBe(note);
    // Another table at the same pathname has its own match.
    expect(renderRoutes([...routes], '/klienter/12', browserNavigator)).not.toBe(client);
  });
});
