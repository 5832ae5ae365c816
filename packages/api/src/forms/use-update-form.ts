import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form, UpdateFormRequest } from '../contract/forms.ts';

/** `PUT /api/v1/admin/forms/:id` with the edited form. */
export const updateForm = (id: Id, body: UpdateFormRequest): Promise<Form> =>
  call('updateForm', { params: { id }, body });
