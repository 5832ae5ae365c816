// My account (spec §7): change password, profile picture.
import type { HttpHandler } from 'msw';
import { findUser, mockState } from '../state.ts';
import {
  answer,
  errorResponse,
  HttpResponse,
  noContent,
  on,
  readJson,
  scenariosFor,
  viewer,
} from './utils.ts';

export const profileHandlers: HttpHandler[] = [
  on('changePassword', async ({ request }) => {
    await readJson(request, 'changePassword');
    return noContent();
  }),
  on('uploadProfileImage', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    if (!file || typeof file === 'string') return errorResponse(400, 'Välj en bild att ladda upp.');
    const user = viewer();
    const imageUrl =
      typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '/avatar.png';
    const stored = findUser(user.id);
    if (stored) stored.imageUrl = imageUrl;
    mockState.sessionUser = { ...user, imageUrl };
    return HttpResponse.json(mockState.sessionUser);
  }),
  on('removeProfileImage', () => {
    const user = viewer();
    const stored = findUser(user.id);
    if (stored) stored.imageUrl = null;
    mockState.sessionUser = { ...user, imageUrl: null };
    return HttpResponse.json(mockState.sessionUser);
  }),
];

export const profileScenarios = {
  ...scenariosFor(['changePassword', 'uploadProfileImage', 'removeProfileImage']),
  /** Wrong current password: 400 'Nuvarande lösenord är felaktigt.' */
  changePasswordFailure: [
    answer('changePassword', () => errorResponse(400, 'Nuvarande lösenord är felaktigt.')),
  ],
  /** Profile picture upload fails without a message. */
  uploadProfileImageFailure: [answer('uploadProfileImage', () => errorResponse(500))],
};
