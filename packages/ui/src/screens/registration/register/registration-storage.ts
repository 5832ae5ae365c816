// The wizard's step and data in session storage, so a reload resumes where the user was
// (spec §4). Passwords are never written to any storage (design §4.5): fields are copied by
// name from an allow-list, so a new password-like field can never slip in by accident.
import type { RegistrationFormData } from '@halsa/api/contract';

export const REGISTRATION_STORAGE_KEY = 'halsa.registration';

export const WIZARD_STEPS = [1, 2, 3, 4, 5] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What is kept: everything but `password` and `confirmPassword`. */
export type SavedRegistrationData = Omit<RegistrationFormData, 'password' | 'confirmPassword'>;

export interface SavedRegistration {
  step: WizardStep;
  data: SavedRegistrationData;
}

const STRING_FIELDS = [
  'email',
  'firstname',
  'lastname',
  'socialSecurityNumber',
  'birthDate',
  'phoneNumber',
  'street',
  'city',
  'zipCode',
] as const satisfies readonly (keyof SavedRegistrationData)[];

/** The fields written to storage, in order. */
export const SAVED_FIELDS = [...STRING_FIELDS, 'hasSocialSecurity'] as const;

const isStep = (value: unknown): value is WizardStep =>
  typeof value === 'number' && (WIZARD_STEPS as readonly number[]).includes(value);

/** Only the allow-listed fields of the form data. */
export function toSavedData(
  data: RegistrationFormData | SavedRegistrationData,
): SavedRegistrationData {
  const saved: SavedRegistrationData = {
    email: data.email,
    firstname: data.firstname,
    lastname: data.lastname,
    hasSocialSecurity: data.hasSocialSecurity,
    socialSecurityNumber: data.socialSecurityNumber ?? '',
    birthDate: data.birthDate ?? '',
    phoneNumber: data.phoneNumber,
    street: data.street,
    city: data.city,
    zipCode: data.zipCode,
  };
  return saved;
}

/** Writes the step and data (without passwords) for this invitation token. */
export function saveRegistration(
  storage: Storage | null,
  token: string,
  step: WizardStep,
  data: RegistrationFormData | SavedRegistrationData,
): void {
  if (!storage) return;
  try {
    storage.setItem(
      REGISTRATION_STORAGE_KEY,
      JSON.stringify({ token, step, data: toSavedData(data) }),
    );
  } catch {
    // Storage full or blocked: the wizard still works, it just will not survive a reload.
  }
}

/**
 * The saved step and data for this token, or `null` when there is none, it belongs to another
 * invitation, or it cannot be read. Unknown or mistyped fields are dropped.
 */
export function loadRegistration(storage: Storage | null, token: string): SavedRegistration | null {
  if (!storage) return null;
  let parsed: unknown;
  try {
    const raw = storage.getItem(REGISTRATION_STORAGE_KEY);
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { token: savedToken, step, data } = parsed as Record<string, unknown>;
  if (savedToken !== token || !isStep(step) || !data || typeof data !== 'object') return null;
  const source = data as Record<string, unknown>;
  const text = (field: (typeof STRING_FIELDS)[number]): string =>
    typeof source[field] === 'string' ? (source[field] as string) : '';
  return {
    step,
    data: {
      email: text('email'),
      firstname: text('firstname'),
      lastname: text('lastname'),
      hasSocialSecurity:
        typeof source.hasSocialSecurity === 'boolean' ? source.hasSocialSecurity : true,
      socialSecurityNumber: text('socialSecurityNumber'),
      birthDate: text('birthDate'),
      phoneNumber: text('phoneNumber'),
      street: text('street'),
      city: text('city'),
      zipCode: text('zipCode'),
    },
  };
}

export function clearRegistration(storage: Storage | null): void {
  try {
    storage?.removeItem(REGISTRATION_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}

/** `window.sessionStorage`, or `null` where it is missing or blocked. */
export function sessionStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
