// The forms builder (spec §7, §6 'forms'): the forms staff build for clients' journal notes. A
// part of the route table (routes.ts). STAFF builds forms; deleting and publishing one reach
// every client's journal, so they are ADMIN's (issue 22).
import type { RouteDef } from '../routes.ts';
import { ADMIN, fallbacks, STAFF } from '../route-shared.ts';

export const formsRouteDefs = {
  formSummaries: {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  createForm: {
    method: 'POST',
    path: '/api/v1/admin/forms',
    response: 'json',
    fallback: fallbacks.createForm,
    roles: STAFF,
  },
  form: {
    method: 'GET',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  updateForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: 'Misslyckades att spara formulär',
    roles: STAFF,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id',
    response: 'empty',
    fallback: 'Misslyckades att ta bort formulär',
    roles: ADMIN,
  },
  publishForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id/publish',
    response: 'json',
    fallback: 'Misslyckades att publicera formulär',
    roles: ADMIN,
  },
  deleteFormSection: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort sektionen',
    roles: STAFF,
  },
  deleteFormQuestion: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort frågan',
    roles: STAFF,
  },
  duplicateForm: {
    method: 'POST',
    path: '/api/v1/admin/forms/:id/duplicate',
    response: 'json',
    fallback: 'Misslyckades att duplicera formulär',
    roles: STAFF,
  },
} as const satisfies Record<string, RouteDef>;
