// Registers a route from the shared contract's endpoint table (`@halsa/api/contract`):
// method, path and roles come from the table, and its zod schemas become the route's Fastify
// schema (fastify-type-provider-zod, compilers set in app.ts): the body/query/params are
// validated (a failure is a 400 with a Swedish message) and every JSON answer is serialised
// from the response schema, so a field it does not declare is never sent. An `empty` answer
// is a 204. Every route also declares its audit (audit.ts). In tests (NODE_ENV=test) every
// JSON answer is also checked, as returned, against the response schema (a field the schema
// does not declare fails too), so a route cannot drift from it unnoticed.
import type { EndpointDef } from '@halsa/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { benchTimings } from '../live/bench-timings.ts';
import type { RateLimitRule } from '../security/rate-limit.ts';
import { requireCareRelation, type ClientIdQuery } from '../access/care-relation.ts';
import { requireStrongSignIn } from '../access/strong-rule.ts';
import {
  AuditDeclarationError,
  checkAuditDeclaration,
  isDeclaredRow,
  type AuditDeclaration,
} from './audit.ts';
import { MESSAGES, badRequest } from './errors.ts';
import type { Access } from './types.ts';
import { parseInput } from './validate.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<D extends EndpointDef> {
  body: Out<D['request']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
}

/**
 * What a handler may return: for a JSON route the schema's output type (the serializer encodes
 * it; a `Date` where the contract has an ISO string would fail there), else anything.
 */
export type RouteResult<D extends EndpointDef> = D['response'] extends z.ZodType
  ? z.output<D['response']> | FastifyReply | undefined
  : unknown;

/**
 * How a client-data route keeps STAFF to her care team (design §4.14; access/care-relation.ts):
 *   { client }   the one client the call is about (from its input, or looked up from a meeting,
 *                a conversation…; null when it is about no client): checked in the database
 *                before the handler runs, 403 'Du har ingen vårdrelation med klienten.' outside;
 *   'filtered'   the route's own query applies the rule: a list's WHERE keeps to the clients she
 *                may read (careTeamFilter), a send's first statement refuses with the same 403.
 * A clientData route that STAFF may call must declare one: the app refuses to start otherwise.
 */
export type CareTeamRule<I> =
  | 'filtered'
  | {
      client: (
        input: I,
        request: FastifyRequest,
      ) => number | null | ClientIdQuery | Promise<number | null>;
    };

export interface RouteOptions<D extends EndpointDef = EndpointDef> {
  /** How staff access through this route is written to the activity log (audit.ts). */
  audit: AuditDeclaration<RouteInput<D>>;
  /** How STAFF is kept to her care team's clients (required on clientData routes STAFF calls). */
  careTeam?: CareTeamRule<RouteInput<D>>;
  rateLimit?: RateLimitRule;
  ownerParam?: string;
  bodyLimit?: number;
  /**
   * A public route whose token is its authority and that mail programs call from anywhere (the
   * RFC 8058 one-click unsubscribe): no Origin or Sec-Fetch-Site check (origin.ts, fetch-site.ts).
   */
  anyOrigin?: boolean;
}

export function accessOf(def: EndpointDef): Access {
  return def.roles.includes('PUBLIC')
    ? 'public'
    : (def.roles.filter((r) => r !== 'PUBLIC') as Exclude<(typeof def.roles)[number], 'PUBLIC'>[]);
}

/** The Fastify schema of a contract route: what the validator and serializer compilers read. */
function schemaOf(def: EndpointDef): FastifySchema {
  const json = def.response !== undefined && typeof def.response !== 'string';
  return {
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    // A multipart body's text fields are parsed by the route itself.
    ...(def.request && def.body !== 'multipart' ? { body: def.request } : {}),
    ...(json ? { response: { 200: def.response, 201: def.response } } : {}),
  };
}

/**
 * The 400 of a request Fastify refused: the message parseInput gives, for the first part that
 * fails in the order params, query, body. Fastify validates the body before the query and its
 * error carries zod's English messages without the input; the failed part is still as sent
 * (an earlier one already parsed, which parses again to the same).
 */
function inputError(def: EndpointDef, request: FastifyRequest): Error {
  if (def.params) parseInput(def.params, request.params);
  if (def.query) parseInput(def.query, request.query);
  // A missing body was validated as `{}` (validate.ts), so its message names the missing field.
  if (def.request && def.body !== 'multipart') parseInput(def.request, request.body ?? {});
  return badRequest(MESSAGES.badRequest);
}

/** A JSON answer that does not match the contract (thrown in tests only). */
export class ResponseContractError extends Error {
  constructor(def: EndpointDef, issues: unknown) {
    super(
      `Svaret från ${def.method} ${def.path} följer inte kontraktet: ${JSON.stringify(issues)}`,
    );
    this.name = 'ResponseContractError';
  }
}

/**
 * Where the answer carries a field its schema does not declare (`$.items[0].passwordHash`):
 * zod objects drop unknown keys, so `safeParse` alone would let a leaked field through.
 */
function undeclaredFields(sent: unknown, kept: unknown, at = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((value, i) => undeclaredFields(value, kept[i], `${at}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) =>
    key in kept ? undeclaredFields(sent[key], kept[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the answer as it goes on the wire (JSON), against the contract's schema. */
function checkResponse(def: EndpointDef, result: unknown): void {
  const schema = def.response;
  if (schema === undefined || typeof schema === 'string') return;
  const sent: unknown = result === undefined ? undefined : JSON.parse(JSON.stringify(result));
  const parsed = schema.safeParse(sent);
  const issues = parsed.success
    ? undeclaredFields(sent, parsed.data).map((path) => ({
        code: 'unrecognized_keys',
        path,
        message: 'fältet finns inte i kontraktet',
      }))
    : parsed.error.issues;
  if (issues.length > 0) {
    const error = new ResponseContractError(def, issues);
    // Tests only: shown beside the failing assertion, and sent as the 500's message.
    console.error(error.message);
    throw error;
  }
}

export function defineRoute<const D extends EndpointDef>(
  app: FastifyInstance,
  def: D,
  options: RouteOptions<D>,
  handler: (
    request: FastifyRequest,
    reply: FastifyReply,
    input: RouteInput<D>,
  ) => Promise<RouteResult<D>>,
): void {
  checkAuditDeclaration(def, options.audit as AuditDeclaration<RouteInput<D>> | undefined);
  if (def.clientData && def.roles.includes('STAFF') && options.careTeam === undefined) {
    throw new AuditDeclarationError(def, 'rör klientdata men deklarerar ingen vårdteamsregel');
  }
  const audit = options.audit;
  const careTeam = options.careTeam;
  const checkResponses = app.ctx.config.nodeEnv === 'test';
  app.route({
    method: def.method,
    url: def.path,
    schema: schemaOf(def),
    // A refused request still passes the access check (access.ts) and the rate limits first,
    // as when the handler parsed it: the handler answers the 400.
    attachValidation: true,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: accessOf(def),
      ...(options.rateLimit ? { limits: options.rateLimit } : {}),
      ...(options.ownerParam ? { ownerParam: options.ownerParam } : {}),
      ...(options.anyOrigin && def.roles.includes('PUBLIC') ? { anyOrigin: true } : {}),
    },
    // HALSA_BENCH_TIMINGS=1 only: the whole request as Fastify timed it (bench-timings.ts).
    ...(benchTimings.enabled
      ? {
          onResponse: async (_request: FastifyRequest, reply: FastifyReply) =>
            benchTimings.add(`http.total ${def.method} ${def.path}`, reply.elapsedTime),
        }
      : {}),
    handler: async (request, reply) => {
      if (benchTimings.enabled) {
        // Hooks (session, access, rate limits) and body parsing before the handler.
        benchTimings.add(`http.beforeHandler ${def.method} ${def.path}`, reply.elapsedTime);
      }
      // The clinic's staff rule (design §4.17): no client data for STAFF or ADMIN without a
      // passkey or an authenticator app while it is on. Here, so no client-data route skips it;
      // messaging's routes (clientMessages) carry clients' messages and names too.
      const session = request.session;
      const strongRule =
        (def.clientData === true || def.clientMessages === true) &&
        session !== null &&
        session.role !== 'USER';
      const careCheck =
        careTeam && careTeam !== 'filtered' && session?.role === 'STAFF' ? careTeam : undefined;
      // STAFF on a route about one client, with valid input: the staff rule is asked in the
      // care-team check's statement below, and still refuses first.
      const strongWithCare = strongRule && careCheck !== undefined && !request.validationError;
      if (strongRule && !strongWithCare) await requireStrongSignIn(app.ctx.db, session);
      if (request.validationError) throw inputError(def, request);
      const input = {
        params: def.params ? request.params : undefined,
        query: def.query ? request.query : undefined,
        body: def.request && def.body !== 'multipart' ? request.body : undefined,
      } as RouteInput<D>;
      if (careCheck && session) {
        const t = benchTimings.now();
        let clientId: Awaited<ReturnType<typeof careCheck.client>>;
        try {
          clientId = await careCheck.client(input, request);
        } catch (error) {
          // The staff rule answers before whatever finding the client refused.
          if (strongWithCare) await requireStrongSignIn(app.ctx.db, session);
          throw error;
        }
        await requireCareRelation(app.ctx.db, session, clientId, app.ctx.clock.now(), {
          strongRule: strongWithCare,
        });
        benchTimings.since(`http.careTeamCheck ${def.method} ${def.path}`, t);
      }
      const th = benchTimings.now();
      const result = await handler(request, reply, input);
      benchTimings.since(`http.handler ${def.method} ${def.path}`, th);
      if (isDeclaredRow(audit) && session && session.role !== 'USER' && reply.statusCode < 400) {
        const call = { input, session, result };
        const subject = audit.subject(call);
        const subjects = typeof subject === 'number' || subject === null ? [subject] : subject;
        const details = audit.details?.(call) ?? null;
        await app.ctx.activity.recordMany(
          (subjects.length > 0 ? subjects : [null]).map((subjectUserId) => ({
            action: audit.action,
            actorUserId: session.userId,
            subjectUserId,
            ip: request.ip,
            details,
          })),
        );
      }
      if (reply.sent) return reply;
      if (def.response === 'empty') return reply.code(204).send();
      if (checkResponses && reply.statusCode < 300) checkResponse(def, result);
      return result;
    },
  });
}
