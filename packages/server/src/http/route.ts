// Registers a route from the shared contract's endpoint table (`@halsa/api/contract`):
// method, path and roles come from the table, the body/query/params are parsed with its
// zod schemas (a failure is a 400 with a Swedish message), and an `empty` answer is a 204.
import type { EndpointDef } from '@halsa/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RateLimitRule } from '../security/rate-limit.ts';
import type { Access } from './types.ts';
import { parseInput } from './validate.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<D extends EndpointDef> {
  body: Out<D['request']>;
  query: Out<D['query']>;
  params: Out<D['params']>;
}

export interface RouteOptions {
  rateLimit?: RateLimitRule;
  ownerParam?: string;
  bodyLimit?: number;
}

export function accessOf(def: EndpointDef): Access {
  return def.roles.includes('PUBLIC')
    ? 'public'
    : (def.roles.filter((r) => r !== 'PUBLIC') as Exclude<(typeof def.roles)[number], 'PUBLIC'>[]);
}

export function defineRoute<const D extends EndpointDef>(
  app: FastifyInstance,
  def: D,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply, input: RouteInput<D>) => Promise<unknown>,
): void {
  app.route({
    method: def.method,
    url: def.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: {
      access: accessOf(def),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.ownerParam ? { ownerParam: options.ownerParam } : {}),
    },
    handler: async (request, reply) => {
      const input = {
        params: def.params ? parseInput(def.params, request.params) : undefined,
        query: def.query ? parseInput(def.query, request.query) : undefined,
        body:
          def.request && def.body !== 'multipart'
            ? parseInput(def.request, request.body ?? undefined)
            : undefined,
      } as RouteInput<D>;
      const result = await handler(request, reply, input);
      if (reply.sent) return reply;
      if (def.response === 'empty') return reply.code(204).send();
      return result;
    },
  });
}
