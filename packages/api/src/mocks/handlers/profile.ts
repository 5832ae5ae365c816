// My account (spec §7): change password, profile picture.
import type { HttpHandler } from 'msw';
import {
  LIST_AND_LOG_ACTIONS,
  type AccessLogEntry,
  type ActivityAction,
} from '../../contract/index.ts';
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
    const lists = url.searchParams.get('lists') === 'true';
    // Her own: staff rows whose subject is her (the fixtures' log names the subject by name),
    // one line per person and Swedish day (design §4.20), lists and logs only on request.
    const name = `${me.firstName} ${me.lastName}`;
    const lines = new Map<string, AccessLogEntry & { counts: Map<ActivityAction, number> }>();
    for (const r of mockState.activityLogs) {
      if (r.subjectUserName !== name || r.performedByName === name) continue;
      if (!lists && (LIST_AND_LOG_ACTIONS as readonly string[]).includes(r.action)) continue;
      const actor = mockState.users.find(
        (u) => `${u.firstName} ${u.lastName}` === r.performedByName,
      );
      const day = new Date(r.timestamp).toLocaleDateString('sv-SE', {
        timeZone: 'Europe/Stockholm',
      });
      const id = `${day}:${r.performedByName}`;
      const line = lines.get(id) ?? {
        id,
        day,
        performedByName: r.performedByName,
        performedByRole: actor && actor.role !== 'USER' ? actor.role : null,
        actions: [],
        lastAt: r.timestamp,
        emergency: null,
        counts: new Map(),
      };
      line.counts.set(r.action, (line.counts.get(r.action) ?? 0) + 1);
      if (r.timestamp > line.lastAt) line.lastAt = r.timestamp;
      const emergency = mockState.careTeam.accessLogEmergency[r.id];
      if (emergency) line.emergency = { reason: emergency.reason };
      lines.set(id, line);
    }
    const items: AccessLogEntry[] = [...lines.values()]
      .map(({ counts, ...line }) => ({
        ...line,
        actions: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([action]) => action),
      }))
      .sort((a, b) => b.day.localeCompare(a.day) || b.lastAt.localeCompare(a.lastAt));
    return HttpResponse.json({
      items: items.slice((page - 1) * size, page * size),
      total: items.length,
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
    answer('accessLog', ({ request }) => {
      const lists = new URL(request.url).searchParams.get('lists') === 'true';
      const items: AccessLogEntry[] = [
        {
          id: '2026-11-20:2',
          day: '2026-11-20',
          performedByName: 'Erik Johansson',
          performedByRole: 'STAFF',
          actions: ['EMERGENCY_ACCESS', 'JOURNAL_VIEWED', 'LAB_RESULTS_VIEWED', 'CLIENT_VIEWED'],
          lastAt: '2026-11-20T14:12:00.000Z',
          emergency: { reason: 'URGENT_CARE' },
        },
        ...(lists
          ? [
              {
                id: '2026-11-19:9',
                day: '2026-11-19',
                performedByName: 'Sofia Lind',
                performedByRole: 'STAFF' as const,
                actions: ['ACTIVITY_LOG_VIEWED' as const],
                lastAt: '2026-11-19T09:30:00.000Z',
                emergency: null,
              },
            ]
          : []),
        {
          id: '2026-11-18:1',
          day: '2026-11-18',
          performedByName: 'Maria Berg',
          performedByRole: 'ADMIN',
          actions: ['CLIENT_VIEWED', 'CONVERSATION_READ'],
          lastAt: '2026-11-18T10:02:00.000Z',
          emergency: null,
        },
      ];
      return HttpResponse.json({ items, total: items.length, page: 1, size: 20 });
    }),
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
