// What every part of the route table shares: the fallback messages of spec §8, the role lists
// and the path builder. A module of its own so the signed-out pages' table (routes/auth.ts) can
// use them without loading the whole table of routes.ts (issue 14, /login budget).

export const SIGNED_IN = ['USER', 'STAFF', 'ADMIN'] as const;
export const PUBLIC = ['PUBLIC'] as const;

/** Fallback messages of spec §8 that the session and signed-out calls share (routes.ts: all). */
export const authFallbacks = {
  default: 'Något gick fel',
  session: 'Kunde inte hämta användarsession',
  login: 'Inloggning misslyckades',
  logout: 'Utloggning misslyckades',
  twoFactor: 'Tvåfaktorauthenticering misslyckades',
  resend: 'Kunde inte skicka kod igen',
  register: 'Kunde inte registrera användare.',
} as const;

/** Fills a path pattern: `buildPath('/api/v1/admin/forms/:id', { id: 7 })` → `/api/v1/admin/forms/7`. */
export const buildPath = (
  path: string,
  params: Readonly<Record<string, string | number>> = {},
): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
