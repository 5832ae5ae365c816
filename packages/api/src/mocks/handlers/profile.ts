// My account (spec §7): change password, profile picture.
import type { HttpHandler } from 'msw';
import { findUser, mockState } from '../state.ts';
import { answer, on } from './endpoint.ts';
import { readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const PIXEL_PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

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
  on('myAccount', () => {
    const me = viewer();
    const stored = findUser(me.id);
    const client = mockState.clients.find((c) => c.id === me.id);
    return HttpResponse.json({
      firstName: me.firstName,
      lastName: me.lastName,
      email: stored?.email ?? client?.email ?? '',
      role: me.role,
      personal:
        me.role === 'USER'
          ? {
              socialSecurityNumber: client?.socialSecurityNumber ?? null,
              birthDate: null,
              phoneNumber: client?.phoneNumber ?? null,
              street: client?.street ?? null,
              zipCode: null,
              city: client?.city ?? null,
            }
          : null,
    });
  }),
  on('accessLog', ({ request }) => {
    const me = viewer();
    const url = new URL(request.url);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const size = Math.min(200, Math.max(1, Number(url.searchParams.get('size') ?? 20) || 20));
    // Her own: staff rows whose subject is her (the fixtures' log names the subject by name).
    const name = `${me.firstName} ${me.lastName}`;
    const rows = mockState.activityLogs
      .filter((r) => r.subjectUserName === name && r.performedByName !== name)
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id)
      .map((r) => {
        const actor = mockState.users.find(
          (u) => `${u.firstName} ${u.lastName}` === r.performedByName,
        );
        return {
          id: r.id,
          action: r.action,
          performedByName: r.performedByName,
          performedByRole: actor && actor.role !== 'USER' ? actor.role : null,
          timestamp: r.timestamp,
          // Read under 'Nödåtkomst' (design §4.14): the reason and comment.
          emergency: mockState.careTeam.accessLogEmergency[r.id] ?? null,
        };
      });
    return HttpResponse.json({
      items: rows.slice((page - 1) * size, page * size),
      total: rows.length,
      page,
      size,
    });
  }),
  // The mocks' own pictures are object URLs; a server-style `imageUrl` gets a 1×1 PNG.
  on('profileImage', () =>
    HttpResponse.arrayBuffer(PIXEL_PNG.buffer as ArrayBuffer, {
      headers: { 'content-type': 'image/png' },
    }),
  ),
  on('removeProfileImage', () => {
    const user = viewer();
    const stored = findUser(user.id);
    if (stored) stored.imageUrl = null;
    mockState.sessionUser = { ...user, imageUrl: null };
    return HttpResponse.json(mockState.sessionUser);
  }),
];

export const profileScenarios = {
  ...scenariosFor([
    'changePassword',
    'uploadProfileImage',
    'removeProfileImage',
    'accessLog',
    'myAccount',
  ]),
  /** Nobody at the clinic has read her data. */
  accessLogEmpty: [
    answer('accessLog', () => HttpResponse.json({ items: [], total: 0, page: 1, size: 20 })),
  ],
  /**
   * Two reads of her data: one under 'Nödåtkomst' (Akut vårdbehov, by Erik Johansson), one
   * through the care team.
   */
  accessLogWithEmergency: [
    answer('accessLog', () =>
      HttpResponse.json({
        items: [
          {
            id: 611,
            action: 'JOURNAL_VIEWED',
            performedByName: 'Erik Johansson',
            performedByRole: 'STAFF',
            timestamp: '2026-11-20T14:12:00.000Z',
            emergency: { reason: 'URGENT_CARE', comment: null },
          },
          {
            id: 612,
            action: 'LAB_RESULTS_VIEWED',
            performedByName: 'Erik Johansson',
            performedByRole: 'STAFF',
            timestamp: '2026-11-19T08:41:00.000Z',
            emergency: {
              reason: 'OTHER',
              comment: 'Klienten ringde från akuten och bad om hjälp med sina provsvar.',
            },
          },
          {
            id: 613,
            action: 'CLIENT_VIEWED',
            performedByName: 'Maria Berg',
            performedByRole: 'ADMIN',
            timestamp: '2026-11-18T10:02:00.000Z',
            emergency: null,
          },
        ],
        total: 3,
        page: 1,
        size: 20,
      }),
    ),
  ],
  /** The picture is refused: too big. */
  uploadProfileImageTooLarge: [
    answer('uploadProfileImage', () =>
      errorResponse(413, 'Bilden är för stor. Den får vara högst 2 MB.'),
    ),
  ],
  /** The picture is refused: not an image. */
  uploadProfileImageNotImage: [
    answer('uploadProfileImage', () =>
      errorResponse(400, 'Endast bilder i formaten JPEG, PNG, WebP eller GIF är tillåtna.'),
    ),
  ],
  /** Wrong current password: 400 'Nuvarande lösenord är felaktigt.' */
  changePasswordFailure: [
    answer('changePassword', () => errorResponse(400, 'Nuvarande lösenord är felaktigt.')),
  ],
  /** Profile picture upload fails without a message. */
  uploadProfileImageFailure: [answer('uploadProfileImage', () => errorResponse(500))],
};
