// Audit declared like roles (Patientdatalagen: every read or change of a client's data by staff
// is logged with who, whom, what and IP). Every route says, through `defineRoute`'s `audit`
// option, how its access is logged:
//   'none'                      the route touches no client's data;
//   { action, subject, … }      defineRoute writes one activity row after the handler succeeds,
//                               when the caller is STAFF or ADMIN (a client's own reads are not
//                               access by staff); `subject` returns whose data it was (null: many
//                               clients' at once); an array writes one row per client (a list
//                               page names each client on it, design §4.14), or one row with
//                               no client when it is empty;
//   { records: [actions] }      the handler or its service writes these rows itself, because
//                               whether to write depends on state (e.g. only a message's first
//                               read, or inside the transaction of an upload).
// A route the contract marks `clientData` may not declare 'none', and no route may leave it out:
// the app refuses to start, as it does for a route without roles.
import type { ActivityAction, EndpointDef } from '@halsa/api/contract';
import type { SessionContext } from '../access/sessions.ts';

export interface AuditInput<I> {
  input: I;
  session: SessionContext;
  result: unknown;
}

export type AuditDeclaration<I = unknown> =
  | 'none'
  | {
      action: ActivityAction;
      /** Whose data it was: one client, several (one row each: a list page), or null. */
      subject: (call: AuditInput<I>) => number | null | readonly number[];
      details?: (call: AuditInput<I>) => Record<string, unknown> | undefined;
    }
  | { records: readonly ActivityAction[] };

export class AuditDeclarationError extends Error {
  constructor(def: Pick<EndpointDef, 'method' | 'path'>, why: string) {
    super(`Rutten ${def.method} ${def.path} ${why} (Patientdatalagen: audit deklareras per rutt).`);
    this.name = 'AuditDeclarationError';
  }
}

/** Refuses a missing declaration, and 'none' on a route that touches client data. */
export function checkAuditDeclaration<I>(
  def: EndpointDef,
  audit: AuditDeclaration<I> | undefined,
): void {
  if (audit === undefined) throw new AuditDeclarationError(def, 'saknar audit-deklaration');
  if (audit === 'none' && def.clientData) {
    throw new AuditDeclarationError(def, "rör klientdata men deklarerar audit: 'none'");
  }
  if (typeof audit === 'object' && 'records' in audit && audit.records.length === 0) {
    throw new AuditDeclarationError(def, 'deklarerar records utan några händelser');
  }
}

/** Whether the declaration makes defineRoute write the row. */
export const isDeclaredRow = <I>(
  audit: AuditDeclaration<I>,
): audit is Extract<AuditDeclaration<I>, { action: ActivityAction }> =>
  typeof audit === 'object' && 'action' in audit;
