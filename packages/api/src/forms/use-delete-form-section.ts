import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FormVersion } from '../contract/forms.ts';

/**
 * `DELETE /api/v1/admin/forms/:id/sections/:sectionId`, with the `version` the editor last saw
 * (a stale one is a 409); answers the form's new version.
 */
export const deleteFormSection = (
  formId: Id,
  sectionId: Id,
  version?: number,
): Promise<FormVersion> =>
  call('deleteFormSection', { params: { id: formId, sectionId }, query: { version } });
