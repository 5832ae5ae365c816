// bench:capacity's floor (issue 38 item 2): per call of the pages (capacity-pages.ts), a bare
// node:http route at `/floor` + the product's path, served by each instance's floor server
// (floor-server.ts) behind the same nginx, on the same PostgreSQL: one indexed query of the same
// rows, then one plain log row (a plain INSERT into a table of its own, no chain trigger, no
// lock), then the rows as JSON. No session, no access check, no validation: the caller's id
// comes in the `x-floor-user` header. What the product adds over this is what it costs.
import type http from 'node:http';
import type pg from 'pg';
import { CALLS, type Call } from './capacity-pages.ts';

export const FLOOR_LOG = 'bench_floor_log';

interface Route {
  call: Call;
  pattern: RegExp;
  names: string[];
}

const routes: Route[] = Object.values(CALLS).map((call: Call) => {
  const names: string[] = [];
  const source = call.path.replace(/:(\w+)/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { call, pattern: new RegExp(`^/floor${source}$`), names };
});

/** Makes the floor's log table (whichever floor process comes first; the other just goes on). */
export async function prepareFloorLog(pool: pg.Pool): Promise<void> {
  await pool
    .query(
      `create table if not exists ${FLOOR_LOG} (id bigserial primary key, actor integer, ` +
        'method text not null, path text not null, created_at timestamptz not null default now())',
    )
    .catch(async () => pool.query(`select 1 from ${FLOOR_LOG} limit 1`));
}

/** Answers a floor call of the pages; false when the path is none of them. */
export function handleFloorCall(
  pool: pg.Pool,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://floor');
  let found: { route: Route; match: RegExpExecArray } | undefined;
  for (const route of routes) {
    if (route.call.method !== req.method) continue;
    const match = route.pattern.exec(url.pathname);
    if (match) {
      found = { route, match };
      break;
    }
  }
  if (!found) return false;
  const { route, match } = found;
  const params = Object.fromEntries(route.names.map((n, i) => [n, match[i + 1]!]));
  const user = Number(req.headers['x-floor-user']);
  // The body (a message) is read and dropped: the floor's write is its own.
  req.resume();
  req.on('end', () => {
    void (async () => {
      try {
        const { rows } = await pool.query(
          route.call.floor.sql,
          route.call.floor.params({ params, query: url.searchParams, user }),
        );
        await pool.query(`insert into ${FLOOR_LOG} (actor, method, path) values ($1, $2, $3)`, [
          user,
          route.call.method,
          route.call.path,
        ]);
        if (route.call.method === 'PUT') return void res.writeHead(204).end();
        const wrap = route.call.floor.wrap;
        res
          .writeHead(route.call.method === 'POST' ? 201 : 200, {
            'content-type': 'application/json',
          })
          .end(JSON.stringify(wrap ? { [wrap]: rows } : rows));
      } catch (error) {
        res.writeHead(500).end((error as Error).message);
      }
    })();
  });
  return true;
}
