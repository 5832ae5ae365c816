// Strong sign-in (design §4.17, issue 32): passkeys ('Nyckel', WebAuthn), an authenticator app
// ('Autentiseringsapp', TOTP) and reserve codes ('Reservkoder'); the login's second step by
// method; the clinic's two sign-in settings and ADMIN's reset. One place for the server and the
// screens: schemas, labels and the Swedish messages. The flow is told in ../security/README.md.
import { z } from 'zod';
import { hasControlCharacters, idSchema, timestampSchema } from './common.ts';

// ---- her methods ---------------------------------------------------------------------------------

/** A stored method. `RESERVE_CODES` is her one set of 10 reserve codes. */
export const signInMethodKindSchema = z.enum(['PASSKEY', 'TOTP', 'RESERVE_CODES']);
export type SignInMethodKind = z.infer<typeof signInMethodKindSchema>;

export const signInMethodKindLabels: Record<SignInMethodKind, string> = {
  PASSKEY: 'Nyckel',
  TOTP: 'Autentiseringsapp',
  RESERVE_CODES: 'Reservkoder',
};

/** The two kinds that satisfy 'Personal måste använda nyckel eller autentiseringsapp'. */
export const STRONG_METHOD_KINDS: readonly SignInMethodKind[] = ['PASSKEY', 'TOTP'];

/** One method on `/profile/security`: name, added, last used. */
export const signInMethodSchema = z.object({
  id: idSchema,
  kind: signInMethodKindSchema,
  /** Her name for a key; 'Autentiseringsapp' / 'Reservkoder' unless she named it. */
  name: z.string(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  /** Reserve codes not yet used (RESERVE_CODES only; null for the others). */
  remainingCodes: z.number().int().min(0).nullable(),
});
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** `GET /api/v1/user/security`: her methods and what the clinic's rule asks of her. */
export const securityOverviewSchema = z.object({
  /** Oldest first. */
  methods: z.array(signInMethodSchema),
  /** The clinic's staff rule is on and she is STAFF or ADMIN. */
  strongRequired: z.boolean(),
  /** strongRequired and she has neither a passkey nor an authenticator app: no client data yet. */
  mustSetUpStrongSignIn: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** A name she gives a key or an app. */
export const methodNameSchema = z
  .string({ error: 'Ange ett namn.' })
  .trim()
  .min(1, 'Ange ett namn.')
  .max(60, 'Namnet får vara högst 60 tecken.')
  .refine((v) => !hasControlCharacters(v), 'Namnet innehåller otillåtna tecken.');

// ---- WebAuthn as JSON (what @simplewebauthn/browser takes and gives) ------------------------------

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*={0,2}$/)
  .max(16_384);
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const credentialDescriptorSchema = z.object({
  id: base64url,
  type: z.literal('public-key'),
  transports: z.array(transportSchema).optional(),
});
const userVerificationSchema = z.enum(['required', 'preferred', 'discouraged']);
const hintsSchema = z.array(z.enum(['hybrid', 'security-key', 'client-device']));

/** `PublicKeyCredentialCreationOptionsJSON`: pass to `startRegistration({ optionsJSON })`. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  challenge: base64url,
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: hintsSchema.optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** `PublicKeyCredentialRequestOptionsJSON`: pass to `startAuthentication({ optionsJSON })`. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: base64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: hintsSchema.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const clientExtensionResultsSchema = z.record(z.string(), z.unknown());

/** `RegistrationResponseJSON`: what `startRegistration()` resolves with. */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  type: z.literal('public-key'),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** `AuthenticationResponseJSON`: what `startAuthentication()` resolves with. */
export const passkeyAuthenticationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
  type: z.literal('public-key'),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

// ---- enrolment ------------------------------------------------------------------------------------

/** `POST /api/v1/user/security/passkeys/options`: a challenge bound to her session (5 min). */
export const passkeyOptionsResponseSchema = z.object({ options: passkeyCreationOptionsSchema });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

/** `POST /api/v1/user/security/passkeys`: she names the key. */
export const registerPasskeyRequestSchema = z.object({
  name: methodNameSchema,
  credential: passkeyRegistrationResponseSchema,
});
export type RegisterPasskeyRequest = z.infer<typeof registerPasskeyRequestSchema>;

/**
 * `POST /api/v1/user/security/totp`: a new key for the app, not yet in use (10 min to confirm).
 * The screen renders `otpauthUri` as a QR code and shows `secret` as text (groups of four).
 */
export const totpSetupSchema = z.object({
  setupId: idSchema,
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** A six-digit code from the app (spaces are allowed and dropped). */
export const totpCodeSchema = z
  .string({ error: 'Ange koden från appen.' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Koden är sex siffror.'));

/** `POST /api/v1/user/security/totp/:id/confirm`: counts only once a code from the app fits. */
export const confirmTotpRequestSchema = z.object({
  code: totpCodeSchema,
  name: methodNameSchema.optional(),
});
export type ConfirmTotpRequest = z.input<typeof confirmTotpRequestSchema>;

/** `POST /api/v1/user/security/reserve-codes`: 10 new codes, shown this once; old ones void. */
export const reserveCodesSchema = z.object({
  codes: z.array(z.string()),
  method: signInMethodSchema,
});
export type ReserveCodes = z.infer<typeof reserveCodesSchema>;

/** `POST /api/v1/user/security/methods/:id/remove`: her password again. */
export const removeSignInMethodRequestSchema = z.object({
  password: z.string({ error: 'Ange ditt lösenord.' }).min(1, 'Ange ditt lösenord.').max(1000),
});
export type RemoveSignInMethodRequest = z.infer<typeof removeSignInMethodRequestSchema>;

// ---- the login's second step ------------------------------------------------------------------------

/** A way to finish a login after the password; EMAIL is the e-mailed code (verify-2fa). */
export const loginStepMethodSchema = z.enum(['PASSKEY', 'TOTP', 'RESERVE_CODE', 'EMAIL']);
export type LoginStepMethod = z.infer<typeof loginStepMethodSchema>;

export const loginStepMethodLabels: Record<LoginStepMethod, string> = {
  PASSKEY: 'Bekräfta med din nyckel',
  TOTP: 'Ange koden från din autentiseringsapp',
  RESERVE_CODE: 'Använd en reservkod',
  EMAIL: 'Skicka en kod till min e-post',
};

/** `POST /api/v1/auth/login-step`: body of every call that names a pending login. */
export const loginStepRequestSchema = z.object({ twoFactorId: z.string().min(1).max(100) });
export type LoginStepRequest = z.infer<typeof loginStepRequestSchema>;

/** Which second steps this login may take, strongest first; `methods[0]` is shown first. */
export const loginStepSchema = z.object({
  methods: z.array(loginStepMethodSchema).min(1),
  /** The e-mailed code has been sent for this login (resend-2fa sends it when it was not). */
  emailSent: z.boolean(),
});
export type LoginStep = z.infer<typeof loginStepSchema>;

/** `POST /api/v1/auth/login-step/passkey-options`: her keys, a challenge bound to this login. */
export const loginPasskeyOptionsSchema = z.object({ options: passkeyRequestOptionsSchema });
export type LoginPasskeyOptions = z.infer<typeof loginPasskeyOptionsSchema>;

/** `POST /api/v1/auth/login-step/verify` → the session user (a new session id, as verify-2fa). */
export const verifyLoginStepRequestSchema = z.discriminatedUnion('method', [
  z.object({
    twoFactorId: z.string().min(1).max(100),
    method: z.literal('TOTP'),
    code: totpCodeSchema,
  }),
  z.object({
    twoFactorId: z.string().min(1).max(100),
    method: z.literal('RESERVE_CODE'),
    code: z
      .string({ error: 'Ange en reservkod.' })
      .trim()
      .min(1, 'Ange en reservkod.')
      .max(40, 'Reservkoden stämmer inte eller har redan använts.'),
  }),
  z.object({
    twoFactorId: z.string().min(1).max(100),
    method: z.literal('PASSKEY'),
    credential: passkeyAuthenticationResponseSchema,
  }),
]);
export type VerifyLoginStepRequest = z.input<typeof verifyLoginStepRequestSchema>;

/** `POST /api/v1/auth/passkey/options`: 'Logga in med nyckel' (a discoverable passkey). */
export const passkeyLoginOptionsSchema = z.object({
  /** Names this attempt; send it back with the key's answer (single use, 5 min). */
  loginId: z.string(),
  options: passkeyRequestOptionsSchema,
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsSchema>;

/** `POST /api/v1/auth/passkey` → the session user: the key is both factors, no password. */
export const passkeyLoginRequestSchema = z.object({
  loginId: z.string().min(1).max(100),
  credential: passkeyAuthenticationResponseSchema,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

// ---- the clinic's settings and ADMIN's reset --------------------------------------------------------

/** `GET/PUT /api/v1/admin/sign-in-settings` (both logged when changed). */
export const signInSettingsSchema = z.object({
  /** 'Personal måste använda nyckel eller autentiseringsapp' (on in a fresh clinic). */
  staffStrongSignIn: z.boolean(),
  /** 'Klienter får logga in med e-postkod' (on in a fresh clinic). */
  clientEmailCode: z.boolean(),
});
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const signInSettingLabels: Record<keyof SignInSettings, string> = {
  staffStrongSignIn: 'Personal måste använda nyckel eller autentiseringsapp',
  clientEmailCode: 'Klienter får logga in med e-postkod',
};

/** `GET /api/v1/admin/users/:id/sign-in-methods`, and the answer of the reset (then empty). */
export const userSignInMethodsSchema = z.object({ methods: z.array(signInMethodSchema) });
export type UserSignInMethods = z.infer<typeof userSignInMethodsSchema>;

/** The Swedish words of strong sign-in, one place for the server, the mocks and the screens. */
export const SECURITY_MESSAGES = {
  /** 403 of every client-data route while she must set up (reason STRONG_SIGN_IN_REQUIRED). */
  strongSignInRequired:
    'Du behöver lägga till en nyckel eller autentiseringsapp innan du kan läsa klientuppgifter.',
  totpWrong: 'Fel kod från autentiseringsappen. Försök igen.',
  totpUsed: 'Koden har redan använts. Vänta på nästa kod i appen.',
  reserveCodeWrong: 'Reservkoden stämmer inte eller har redan använts.',
  passkeyRefused: 'Nyckeln godkändes inte. Försök igen eller välj ett annat sätt.',
  passkeyUnknown: 'Nyckeln hör inte till något konto här. Logga in med lösenord.',
  passkeyCloned:
    'Nyckeln godkändes inte eftersom den kan ha kopierats. Välj ett annat sätt och kontakta mottagningen.',
  passkeyExists: 'Den nyckeln är redan tillagd.',
  challengeInvalid: 'Förfrågan har gått ut eller redan använts. Försök igen.',
  setupInvalid: 'Inställningen har gått ut. Börja om.',
  totpExists: 'Du har redan en autentiseringsapp. Ta bort den först.',
  methodNotFound: 'Inloggningsmetoden finns inte.',
  methodNotAvailable: 'Det sättet att logga in finns inte för ditt konto. Välj ett annat sätt.',
  emailCodeOff:
    'Inloggning med e-postkod är avstängd. Logga in med nyckel eller autentiseringsapp, eller kontakta mottagningen.',
  passwordWrong: 'Lösenordet stämmer inte.',
} as const;

/** The `reason` beside `message` in the staff rule's 403. */
export const STRONG_SIGN_IN_REQUIRED = 'STRONG_SIGN_IN_REQUIRED';
