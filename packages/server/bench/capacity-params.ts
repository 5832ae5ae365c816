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
  /** The demo client's open questionnaire, and a submitted one (its FHIR answer). */
  questionnaire: string | undefined;
  questionnaireResponse: string | undefined;
  /** A profile picture, and a file the demo client sent her coach. */
  imageFile: string | undefined;
  messageFile: string | undefined;
  /** The names of a lab file and an action plan of the demo client (downloaded by name). */
  labFileName: string | undefined;
  actionPlanFileName: string | undefined;
}

/**
 * The route's path with its parameters filled, or null when one has no value. A download names
 * the client whose file it is (`?userId=`, which every role sends).
 */
export function fillParams(url: string, role: 'USER' | 'STAFF' | 'ADMIN', ids: Ids): string | null {
  let missing = false;
  const path = url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = valueOf(url, name, role, ids);
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  if (missing) return null;
  return url.includes('/download/') ? `${path}?userId=${ids.client}` : path;
}

function valueOf(url: string, name: string, role: 'USER' | 'STAFF' | 'ADMIN', ids: Ids) {
  if (name === 'userId') return ids.client;
  if (name === 'formId') return ids.form;
  if (name === 'messageId') return ids.message;
  if (name === 'fileId' && url.includes('/image/')) return ids.imageFile;
  if (name === 'fileId' && url.includes('/messaging/files/')) return ids.messageFile;
  if (name === 'fileName' && url.includes('/lab-data/')) return ids.labFileName;
  if (name === 'fileName' && url.includes('/action-plan/')) return ids.actionPlanFileName;
  if (name !== 'id') return undefined;
  if (url.includes('/questionnaire-responses/')) return ids.questionnaireResponse;
  if (url.includes('/questionnaires/')) return ids.questionnaire;
  if (url.includes('/messaging/conversations/')) return ids.conversation[role];
  if (url.includes('/appointments/')) return ids.appointment;
  if (url.includes('/forms/')) return ids.form;
  if (url.includes('/admin/clients/') || url.includes('/admin/users/')) return ids.client;
  return undefined;
}
