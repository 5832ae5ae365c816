// bench:capacity --plans: the path parameters of a GET route, filled from the data by what the
// route is about (its path), so every route of the route table can be walked; a parameter this
// does not know leaves the route out (printed by the bench, never silently).
export interface Ids {
  client: string | undefined;
  staff: string | undefined;
  admin: string | undefined;
  conversation: Record<'USER' | 'STAFF' | 'ADMIN', string | undefined>;
  message: string | undefined;
  form: string | undefined;
  appointment: string | undefined;
}

/** The route's path with its parameters filled, or null when one has no value. */
export function fillParams(url: string, role: 'USER' | 'STAFF' | 'ADMIN', ids: Ids): string | null {
  let missing = false;
  const path = url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = valueOf(url, name, role, ids);
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? null : path;
}

function valueOf(url: string, name: string, role: 'USER' | 'STAFF' | 'ADMIN', ids: Ids) {
  if (name === 'userId') return ids.client;
  if (name === 'formId') return ids.form;
  if (name === 'messageId') return ids.message;
  if (name !== 'id') return undefined;
  if (url.includes('/messaging/conversations/')) return ids.conversation[role];
  if (url.includes('/appointments/')) return ids.appointment;
  if (url.includes('/forms/')) return ids.form;
  if (url.includes('/admin/clients/') || url.includes('/admin/users/')) return ids.client;
  return undefined;
}
