// Where the live endpoint is: the portal and /ws share an origin (design.md §1).

export interface LiveUrls {
  /** Native WebSocket URL, ws(s)://host/ws */
  websocket: string;
  /** SockJS base URL, http(s)://host/ws */
  sockjs: string;
}

/**
 * Derives both URLs from an http(s) base such as `https://portal.example` or
 * `https://portal.example/ws`, or from `location` when none is given.
 */
export function liveUrls(base?: string, path = '/ws'): LiveUrls {
  const loc = (globalThis as { location?: { href: string } }).location;
  const from = base ?? loc?.href;
  if (!from) throw new Error('live: no URL given and no location to derive one from');
  const url = new URL(from);
  const pathname = url.pathname.replace(/\/+$/, '').endsWith(path)
    ? url.pathname.replace(/\/+$/, '')
    : path;
  const sockjs = `${url.protocol}//${url.host}${pathname}`;
  const wsProtocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  return {
    websocket: `${wsProtocol}//${url.host}${pathname}`,
    sockjs: sockjs.replace(/^ws/, 'http'),
  };
}
