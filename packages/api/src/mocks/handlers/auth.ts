import { http, type HttpHandler } from 'msw';
import type { Role, SessionEndReason, SessionUser } from '../../contract/index.ts';
import { sessionUsers } from '../fixtures/users.ts';
import { findUser, MOCK_NOW, mockState, nextMockId } from '../state.ts';
import { answer, on } from './endpoint.ts';
import { readJson, readQuery, viewer } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';
import { registerQuerySchema, SESSION_END_MESSAGES } from '../../contract/auth.ts';
import { STAFF_MESSAGES } from '../../contract/staff.ts';
import { mustSetUpStrongSignIn } from './security.ts';

const toSession = (user: SessionUser): SessionUser => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  imageUrl: user.imageUrl,
  mustSetUpStrongSignIn: mustSetUpStrongSignIn(user),
});

/** Any credentials work; a demo e-mail picks that person, anything else is Anna Lindqvist. */
export const authHandlers: HttpHandler[] = [
  on('me', () => HttpResponse.json(toSession(viewer()))),
  on('authenticate', async ({ request }) => {
    const { email } = await readJson(request, 'authenticate');
    const user =
      mockState.users.find((u) => u.email.toLowerCase() === email.toLowerCase()) ??
      sessionUsers.user;
    const twoFactorId = `2fa-${nextMockId()}`;
    mockState.pendingTwoFactor[twoFactorId] = user.id;
    return HttpResponse.json({ message: twoFactorId });
  }),
  on('verifyTwoFactor', async ({ request }) => {
    const { twoFactorId } = await readJson(request, 'verifyTwoFactor');
    const userId = mockState.pendingTwoFactor[twoFactorId] ?? sessionUsers.user.id;
    const user = findUser(userId) ?? sessionUsers.user;
    delete mockState.pendingTwoFactor[twoFactorId];
    mockState.sessionUser = toSession(user);
    return HttpResponse.json(toSession(user));
  }),
  on('resendTwoFactor', async ({ request }) => {
    await readJson(request, 'resendTwoFactor');
    return noContent();
  }),
  on('logout', () => {
    mockState.sessionUser = null;
    return noContent();
  }),
  on('forgotPassword', async ({ request }) => {
    await readJson(request, 'forgotPassword');
    return noContent();
  }),
  on('resetPassword', async ({ request }) => {
    await readJson(request, 'resetPassword');
    return noContent();
  }),
  on('setPassword', async ({ request }) => {
    await readJson(request, 'setPassword');
    return noContent();
  }),
  on('register', async ({ request }) => {
    const { token } = readQuery(request, registerQuerySchema);
    if (token === 'ogiltig') {
      return errorResponse(400, 'Inbjudningslänken är ogiltig eller har gått ut.');
    }
    const body = await readJson(request, 'register');
    const invited = mockState.clients.find((c) => c.email === body.email.trim());
    if (invited) {
      Object.assign(invited, {
        firstName: body.firstname,
        lastName: body.lastname,
        socialSecurityNumber: body.hasSocialSecurity ? (body.socialSecurityNumber ?? null) : null,
        street: body.street,
        city: body.city,
        phoneNumber: body.phoneNumber,
        updatedAt: MOCK_NOW,
        registrationStatus: 'REGISTERED',
      });
    }
    return noContent();
  }),
];

/** Applies a session once per `resetMockState()` (and on first use), then lets the request on. */
const sessionAs = (user: SessionUser | null): HttpHandler[] => {
  let appliedGeneration = -1;
  return [
    http.all('*/api/*', () => {
      if (appliedGeneration !== mockState.generation) {
        appliedGeneration = mockState.generation;
        mockState.sessionUser = user ? { ...user } : null;
      }
      return undefined;
    }),
  ];
};

const roleUser: Record<Role, SessionUser> = {
  ADMIN: sessionUsers.admin,
  STAFF: sessionUsers.staff,
  USER: sessionUsers.user,
};

export const authScenarios = {
  ...scenariosFor(['me', 'authenticate', 'verifyTwoFactor']),
  /** Signed in as Maria Berg (ADMIN) — also the default. */
  asAdmin: sessionAs(roleUser.ADMIN),
  /** Signed in as Erik Johansson (STAFF). */
  asStaff: sessionAs(roleUser.STAFF),
  /** Signed in as Anna Lindqvist (USER). */
  asUser: sessionAs(roleUser.USER),
  /** No session: `/auth/me` and every signed-in call answer 401. */
  signedOut: sessionAs(null),
  /**
   * The server ended the session and says why (issue 13): `/auth/me` answers 401 with `reason`
   * and the server's Swedish message for it.
   */
  sessionEnded: (reason: SessionEndReason) => [
    answer('me', () =>
      HttpResponse.json({ message: SESSION_END_MESSAGES[reason], reason }, { status: 401 }),
    ),
  ],
  /** `GET /auth/me` fails with 500 (not a 401). */
  sessionError: [answer('me', () => errorResponse(500))],
  /** Login answers 401 'Ogiltig e-postadress eller lösenord.' */
  loginFailure: [
    answer('authenticate', () => errorResponse(401, 'Ogiltig e-postadress eller lösenord.')),
  ],
  /** The account is deactivated (design §4.14): 403 with the server's Swedish reason. */
  loginDeactivated: [answer('authenticate', () => errorResponse(403, STAFF_MESSAGES.deactivated))],
  /** Login fails without a message (→ 'Inloggning misslyckades'). */
  loginError: [answer('authenticate', () => errorResponse(500))],
  /** The code is wrong: 400 'Felaktig eller utgången kod.' */
  verifyFailure: [
    answer('verifyTwoFactor', () => errorResponse(400, 'Felaktig eller utgången kod.')),
  ],
  /** Resend is refused: 429 'Vänta innan du begär en ny kod.' */
  resendFailure: [
    answer('resendTwoFactor', () => errorResponse(429, 'Vänta innan du begär en ny kod.')),
  ],
  /** Logout fails without a message (→ 'Utloggning misslyckades'). */
  logoutFailure: [answer('logout', () => errorResponse(500))],
  /** Forgot-password fails without a message. */
  forgotFailure: [answer('forgotPassword', () => errorResponse(500))],
  /** Reset token invalid or used: 400 'Länken är ogiltig eller har gått ut.' */
  resetFailure: [
    answer('resetPassword', () => errorResponse(400, 'Länken är ogiltig eller har gått ut.')),
  ],
  /** Set-password token invalid or used. */
  setPasswordFailure: [
    answer('setPassword', () => errorResponse(400, 'Länken är ogiltig eller har gått ut.')),
  ],
  /** Registration fails without a message (→ 'Kunde inte registrera användare.'). */
  registerFailure: [answer('register', () => errorResponse(500))],
  /** Registration refused with the server's message. */
  registerInvalidToken: [
    answer('register', () => errorResponse(400, 'Inbjudningslänken är ogiltig eller har gått ut.')),
  ],
};
