// Route-level declarations every route carries (design.md §5: "every route declares its
// roles"). `access` is required: the app refuses to start with a route that lacks it.
import type { Role } from '../db/schema.ts';
import type { RateLimitRule } from '../security/rate-limit.ts';
import type { SessionContext } from '../access/sessions.ts';

/** 'public' = no session needed; otherwise the roles that may call the route. */
export type Access = 'public' | readonly Role[];

export const SIGNED_IN: readonly Role[] = ['USER', 'STAFF', 'ADMIN'];
export const STAFF_OR_ADMIN: readonly Role[] = ['STAFF', 'ADMIN'];
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Ownership: the name of a params/query field holding a user id. For a USER the
     * field is forced to the user's own id, whatever was sent (design.md §5).
     */
    ownerParam?: string;
    /** Per-IP and per-account limits (security/rate-limit.ts); defineRoute's `rateLimit`. */
    limits?: RateLimitRule;
    /** No Origin or Sec-Fetch-Site check: a public route whose token is its authority. */
    anyOrigin?: boolean;
    /** A GET another site's redirect must reach (the e-legitimation callback): fetch-site.ts. */
    crossSite?: true;
  }
  interface FastifyRequest {
    /** The signed-in session, set by the access hook for non-public routes (else null). */
    session: SessionContext | null;
  }
}
