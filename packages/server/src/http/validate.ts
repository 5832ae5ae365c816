// zod parsing that turns the first issue into a 400 with a Swedish message. Messages
// written in a schema win; zod's own (English) defaults are replaced by Swedish ones.
// Contract routes are validated by Fastify with fastify-type-provider-zod (validatorCompiler
// below); parseInput phrases the 400 of a request it refused, and parses multipart fields.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

type Issue = z.core.$ZodRawIssue;

function swedishDefault(issue: Issue): string {
  const field = issue.path && issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'Förfrågan';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `Fältet ${field} saknas.`
        : `${issue.path?.length ? `Fältet ${field}` : 'Förfrågan'} har fel typ.`;
    case 'too_big':
      return `${issue.path?.length ? `Fältet ${field}` : 'Förfrågan'} är för långt.`;
    case 'too_small':
      return `${issue.path?.length ? `Fältet ${field}` : 'Förfrågan'} är för kort.`;
    case 'unrecognized_keys':
      return 'Förfrågan innehåller okända fält.';
    default:
      return `${issue.path?.length ? `Fältet ${field}` : 'Förfrågan'} är ogiltigt.`;
  }
}

export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data, { error: swedishDefault });
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'Ogiltig förfrågan.');
}

/**
 * The provider's compiler, except that a missing body (Fastify hands it over as `null`) and a
 * JSON `null` read as no body, as the contract's optional bodies expect; and a missing body
 * where the contract asks for an object that may be empty (`deactivate`, `unlock`, `cancel`…)
 * reads as `{}`: `curl -X POST` needs no `-d '{}'` for an action without fields (issue 34), and
 * a route whose body has required fields names the first one missing.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => {
    if (data !== null && data !== undefined) return validate(data);
    const absent = validate(undefined);
    const failed = typeof absent === 'object' && 'error' in absent && absent.error !== undefined;
    return failed ? validate({}) : absent;
  };
};
