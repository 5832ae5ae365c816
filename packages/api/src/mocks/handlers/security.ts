// Strong sign-in (design §4.17): her methods, the login's second step, 'Logga in med nyckel', the
// clinic's sign-in settings and ADMIN's reset, answered from `mockState.security`. The defaults
// accept any well-formed code or key answer; the named scenarios below give the error states.
import { http, type HttpHandler } from 'msw';
import {
  endpoints,
  SECURITY_MESSAGES,
  STRONG_SIGN_IN_REQUIRED,
  STRONG_METHOD_KINDS,
  type EndpointName,
  type Id,
  type LoginStep,
  type LoginStepMethod,
  type SecurityOverview,
  type SessionUser,
  type SignInMethod,
} from '../../contract/index.ts';
import {
  passkeyCreationOptionsFixture,
  passkeyRequestOptionsFixture,
  reserveCodesFixture,
  totpSetupFixture,
} from '../fixtures/security.ts';
import { sessionUsers } from '../fixtures/users.ts';
import { findUser, MOCK_NOW, mockState, nextMockId } from '../state.ts';
import { answer, mockPath, on } from './endpoint.ts';
import { idParam, readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

/** The server's rate-limit 429 (its http/errors.ts rateLimitedMessage: when, and the next step). */
const RATE_LIMITED =
  'För många förfrågningar. Försök igen om 5 minuter. Kontakta mottagningen om det fortsätter.';

const methodsOf = (userId: Id): SignInMethod[] => (mockState.security.methods[userId] ??= []);

const hasStrong = (userId: Id): boolean =>
  methodsOf(userId).some((m) => STRONG_METHOD_KINDS.includes(m.kind));

const isStaffRole = (role: string) => role === 'STAFF' || role === 'ADMIN';

/** The staff rule as the server applies it to one person. */
export const mustSetUpStrongSignIn = (user: Pick<SessionUser, 'id' | 'role'>): boolean =>
  mockState.security.settings.staffStrongSignIn && isStaffRole(user.role) && !hasStrong(user.id);

const overviewOf = (user: SessionUser): SecurityOverview => {
  const strongRequired = mockState.security.settings.staffStrongSignIn && isStaffRole(user.role);
  return {
    methods: methodsOf(user.id),
    strongRequired,
    mustSetUpStrongSignIn: strongRequired && !hasStrong(user.id),
  };
};

/** The second steps of a pending login, strongest first (as the server orders them). */
export const loginStepOf = (userId: Id): LoginStep => {
  const user = findUser(userId) ?? sessionUsers.user;
  const kinds = new Set(methodsOf(userId).map((m) => m.kind));
  const methods: LoginStepMethod[] = [];
  if (kinds.has('PASSKEY')) methods.push('PASSKEY');
  if (kinds.has('TOTP')) methods.push('TOTP');
  if (kinds.has('RESERVE_CODES')) methods.push('RESERVE_CODE');
  const { staffStrongSignIn, clientEmailCode } = mockState.security.settings;
  const emailAllowed = isStaffRole(user.role)
    ? !(staffStrongSignIn && hasStrong(userId))
    : clientEmailCode;
  if (emailAllowed) methods.push('EMAIL');
  return { methods, emailSent: methods[0] === 'EMAIL' };
};

const signIn = (userId: Id): Response => {
  const user = findUser(userId) ?? sessionUsers.user;
  const session: SessionUser = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    imageUrl: user.imageUrl,
    mustSetUpStrongSignIn: mustSetUpStrongSignIn(user),
  };
  mockState.sessionUser = session;
  return HttpResponse.json(session);
};

const addMethod = (userId: Id, method: Omit<SignInMethod, 'id' | 'createdAt'>): SignInMethod => {
  const added: SignInMethod = { id: nextMockId(), createdAt: MOCK_NOW, ...method };
  methodsOf(userId).push(added);
  return added;
};

export const securityHandlers: HttpHandler[] = [
  on('securityOverview', () => HttpResponse.json(overviewOf(viewer()))),
  on('passkeyRegistrationOptions', () => {
    const user = viewer();
    const email = findUser(user.id)?.email ?? 'klient@example.com';
    const options = passkeyCreationOptionsFixture({
      id: user.id,
      email,
      name: `${user.firstName} ${user.lastName}`,
    });
    options.excludeCredentials = [];
    return HttpResponse.json({ options });
  }),
  on('registerPasskey', async ({ request }) => {
    const { name } = await readJson(request, 'registerPasskey');
    const method = addMethod(viewer().id, {
      kind: 'PASSKEY',
      name,
      lastUsedAt: null,
      remainingCodes: null,
    });
    return HttpResponse.json(method);
  }),
  on('startTotpSetup', () => {
    const user = viewer();
    if (methodsOf(user.id).some((m) => m.kind === 'TOTP')) {
      return errorResponse(409, SECURITY_MESSAGES.totpExists);
    }
    const setupId = nextMockId();
    mockState.security.totpSetups[setupId] = user.id;
    return HttpResponse.json({ setupId, ...totpSetupFixture });
  }),
  on('confirmTotp', async ({ request, params }) => {
    const setupId = idParam(params);
    const { name } = await readJson(request, 'confirmTotp');
    const user = viewer();
    if (mockState.security.totpSetups[setupId] !== user.id) {
      return errorResponse(400, SECURITY_MESSAGES.setupInvalid);
    }
    delete mockState.security.totpSetups[setupId];
    const method = addMethod(user.id, {
      kind: 'TOTP',
      name: name ?? 'Autentiseringsapp',
      lastUsedAt: null,
      remainingCodes: null,
    });
    return HttpResponse.json(method);
  }),
  on('createReserveCodes', () => {
    const user = viewer();
    mockState.security.methods[user.id] = methodsOf(user.id).filter(
      (m) => m.kind !== 'RESERVE_CODES',
    );
    const method = addMethod(user.id, {
      kind: 'RESERVE_CODES',
      name: 'Reservkoder',
      lastUsedAt: null,
      remainingCodes: reserveCodesFixture.length,
    });
    return HttpResponse.json({ codes: [...reserveCodesFixture], method });
  }),
  on('removeSignInMethod', async ({ request, params }) => {
    const id = idParam(params);
    await readJson(request, 'removeSignInMethod');
    const user = viewer();
    const before = methodsOf(user.id);
    if (!before.some((m) => m.id === id)) {
      return errorResponse(404, SECURITY_MESSAGES.methodNotFound);
    }
    mockState.security.methods[user.id] = before.filter((m) => m.id !== id);
    return noContent();
  }),

  on('loginStep', async ({ request }) => {
    const { twoFactorId } = await readJson(request, 'loginStep');
    const userId = mockState.pendingTwoFactor[twoFactorId] ?? sessionUsers.user.id;
    return HttpResponse.json(loginStepOf(userId));
  }),
  on('loginPasskeyOptions', async ({ request }) => {
    await readJson(request, 'loginPasskeyOptions');
    return HttpResponse.json({ options: passkeyRequestOptionsFixture });
  }),
  on('verifyLoginStep', async ({ request }) => {
    const { twoFactorId } = await readJson(request, 'verifyLoginStep');
    const userId = mockState.pendingTwoFactor[twoFactorId] ?? sessionUsers.user.id;
    delete mockState.pendingTwoFactor[twoFactorId];
    return signIn(userId);
  }),
  on('passkeyLoginOptions', () =>
    HttpResponse.json({ loginId: `nyckel-${nextMockId()}`, options: passkeyRequestOptionsFixture }),
  ),
  on('passkeyLogin', async ({ request }) => {
    await readJson(request, 'passkeyLogin');
    return signIn(sessionUsers.user.id);
  }),

  on('signInSettings', () => HttpResponse.json(mockState.security.settings)),
  on('updateSignInSettings', async ({ request }) => {
    mockState.security.settings = await readJson(request, 'updateSignInSettings');
    return HttpResponse.json(mockState.security.settings);
  }),
  on('userSignInMethods', ({ params }) =>
    HttpResponse.json({ methods: methodsOf(idParam(params)) }),
  ),
  on('resetSignInMethods', ({ params }) => {
    const id = idParam(params);
    mockState.security.methods[id] = [];
    return HttpResponse.json({ methods: [] });
  }),
];

const SECURITY_ENDPOINTS: readonly EndpointName[] = [
  'securityOverview',
  'passkeyRegistrationOptions',
  'registerPasskey',
  'startTotpSetup',
  'confirmTotp',
  'createReserveCodes',
  'removeSignInMethod',
  'loginStep',
  'loginPasskeyOptions',
  'verifyLoginStep',
  'passkeyLoginOptions',
  'passkeyLogin',
  'signInSettings',
  'updateSignInSettings',
  'userSignInMethods',
  'resetSignInMethods',
];

/** Changes the mock state once per `resetMockState()` (and on first use), then lets requests on. */
const oncePerReset = (apply: () => void): HttpHandler => {
  let appliedGeneration = -1;
  return http.all('*/api/*', () => {
    if (appliedGeneration !== mockState.generation) {
      appliedGeneration = mockState.generation;
      apply();
    }
    return undefined;
  });
};

/**
 * Every client-data endpoint answers the staff rule's 403 (with its `reason`) while the signed-in
 * person must set up a strong method, as the server does; once she has one, calls go on.
 */
const strongSignInRequiredHandlers = (): HttpHandler[] =>
  endpoints
    .filter((e) => e.clientData || e.clientMessages)
    .map((e) =>
      http[e.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
        mockPath(e.name),
        () => {
          const user = mockState.sessionUser;
          if (!user || !mustSetUpStrongSignIn(user)) return undefined;
          return HttpResponse.json(
            { message: SECURITY_MESSAGES.strongSignInRequired, reason: STRONG_SIGN_IN_REQUIRED },
            { status: 403 },
          );
        },
      ),
    );

const refuse = (name: EndpointName, status: number, message: string) => [
  answer(name, () => errorResponse(status, message)),
];

/** The second step offers exactly these ways (the first is shown first). */
const loginStepWith = (methods: LoginStepMethod[], emailSent = methods[0] === 'EMAIL') => [
  answer('loginStep', () => HttpResponse.json({ methods, emailSent } satisfies LoginStep)),
];

export const securityScenarios = {
  ...scenariosFor(SECURITY_ENDPOINTS),
  /** She has no methods yet ('Inga inloggningsmetoder'). */
  empty: [
    answer('securityOverview', () =>
      HttpResponse.json({
        methods: [],
        strongRequired: false,
        mustSetUpStrongSignIn: false,
      } satisfies SecurityOverview),
    ),
  ],
  /**
   * The led-to-setup state: Erik (STAFF) signed in by e-mailed code while the clinic requires a
   * passkey or an app; the session says so and every client-data call answers 403.
   */
  mustSetUp: [
    oncePerReset(() => {
      mockState.security.settings.staffStrongSignIn = true;
      mockState.security.methods[sessionUsers.staff.id] = [];
      mockState.sessionUser = { ...sessionUsers.staff, mustSetUpStrongSignIn: true };
    }),
    ...strongSignInRequiredHandlers(),
  ],
  /** Only the 403s of the staff rule on client data (with whatever session is set). */
  clientDataRefused: strongSignInRequiredHandlers(),
  /** The browser's key answer is refused at registration. */
  passkeyRefused: refuse('registerPasskey', 400, SECURITY_MESSAGES.passkeyRefused),
  /** The same key is already added. */
  passkeyExists: refuse('registerPasskey', 409, SECURITY_MESSAGES.passkeyExists),
  /** The registration's challenge has expired or was used. */
  passkeyChallengeExpired: refuse('registerPasskey', 400, SECURITY_MESSAGES.challengeInvalid),
  /** The app's code does not fit when she confirms the setup. */
  totpWrongCode: refuse('confirmTotp', 400, SECURITY_MESSAGES.totpWrong),
  /** The setup waited too long (10 min). */
  totpSetupExpired: refuse('confirmTotp', 400, SECURITY_MESSAGES.setupInvalid),
  /** She already has an app. */
  totpExists: refuse('startTotpSetup', 409, SECURITY_MESSAGES.totpExists),
  /** Removing a method: her password is wrong. */
  removeWrongPassword: refuse('removeSignInMethod', 400, SECURITY_MESSAGES.passwordWrong),
  /** Too many tries of something on the page (429 with the server's wording). */
  rateLimited: [
    ...refuse('removeSignInMethod', 429, RATE_LIMITED),
    ...refuse('confirmTotp', 429, RATE_LIMITED),
  ],

  /** Second step: a passkey first, then the app, a reserve code and the e-mailed code. */
  loginStepAll: loginStepWith(['PASSKEY', 'TOTP', 'RESERVE_CODE', 'EMAIL']),
  /** Second step: a passkey, or a reserve code (no e-mail: staff under the rule). */
  loginStepPasskey: loginStepWith(['PASSKEY', 'RESERVE_CODE']),
  /** Second step: the app first. */
  loginStepTotp: loginStepWith(['TOTP', 'RESERVE_CODE', 'EMAIL']),
  /** Second step: only the e-mailed code (sent at once). */
  loginStepEmailOnly: loginStepWith(['EMAIL']),
  loginStepWith,
  /** The pending login has expired or was used up. */
  loginStepExpired: refuse('loginStep', 401, 'Koden är ogiltig eller har gått ut. Logga in igen.'),
  loginTotpWrong: refuse('verifyLoginStep', 401, SECURITY_MESSAGES.totpWrong),
  loginTotpUsed: refuse('verifyLoginStep', 401, SECURITY_MESSAGES.totpUsed),
  loginReserveCodeWrong: refuse('verifyLoginStep', 401, SECURITY_MESSAGES.reserveCodeWrong),
  loginPasskeyRefused: refuse('verifyLoginStep', 401, SECURITY_MESSAGES.passkeyRefused),
  loginPasskeyCloned: refuse('verifyLoginStep', 401, SECURITY_MESSAGES.passkeyCloned),
  /** Too many wrong tries: the e-mailed code's limits (429). */
  loginRateLimited: refuse('verifyLoginStep', 429, 'För många felaktiga försök. Logga in igen.'),
  /** A client without a strong method while 'Klienter får logga in med e-postkod' is off. */
  emailCodeOff: [
    ...refuse('authenticate', 403, SECURITY_MESSAGES.emailCodeOff),
    ...refuse('resendTwoFactor', 403, SECURITY_MESSAGES.emailCodeOff),
  ],
  /** 'Logga in med nyckel': the key belongs to no account here. */
  passkeyLoginUnknown: refuse('passkeyLogin', 401, SECURITY_MESSAGES.passkeyUnknown),
  passkeyLoginRefused: refuse('passkeyLogin', 401, SECURITY_MESSAGES.passkeyRefused),
  passkeyLoginCloned: refuse('passkeyLogin', 401, SECURITY_MESSAGES.passkeyCloned),
  passkeyLoginRateLimited: refuse('passkeyLogin', 429, RATE_LIMITED),
  /** ADMIN's reset fails without a message (→ the call's fallback). */
  resetFailure: refuse('resetSignInMethods', 500, 'Kunde inte återställa inloggningsmetoderna'),
  /** The staff rule on (as in a fresh real clinic). */
  staffRuleOn: [
    oncePerReset(() => {
      mockState.security.settings.staffStrongSignIn = true;
    }),
  ],
};
