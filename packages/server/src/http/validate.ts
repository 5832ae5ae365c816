// zod parsing that turns the first issue into a 400 with a Swedish message. Messages
// written in a schema win; zod's own (English) defaults are replaced by Swedish ones.
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
