// Pure validation and formatting rules of spec §5, shared by the registration wizard (ui) and the
// register, reset and set-password routes (server). Every message is copied letter for letter
// from the spec, except the e-mail format message, which the spec does not give.
import { z } from 'zod';

export const validationMessages = {
  passwordRequired: 'Lösenord är obligatoriskt.',
  passwordRule: 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
  /** Not in the spec: the server's check against common and breached passwords (ASVS 6.2.4). */
  passwordCommon: 'Lösenordet är för vanligt och lätt att gissa. Välj ett annat.',
  confirmRequired: 'Bekräfta lösenord är obligatoriskt.',
  confirmMismatch: 'Lösenorden matchar inte.',
  emailRequired: 'E-post är obligatoriskt.',
  emailFormat: 'Ange en giltig e-postadress.',
  firstnameRequired: 'Förnamn är obligatoriskt.',
  firstnameLetters: 'Förnamn får endast innehålla bokstäver.',
  lastnameRequired: 'Efternamn är obligatoriskt.',
  lastnameLetters: 'Efternamn får endast innehålla bokstäver.',
  personnummerRequired: 'Personnummer är obligatoriskt.',
  personnummerFormat: 'Personnummer måste vara i formatet YYYYMMDD-XXXX.',
  birthDateRequired: 'Födelsedatum är obligatoriskt.',
  phoneRequired: 'Telefonnummer är obligatoriskt.',
  phoneSwedish: 'Endast svenska telefonnummer är tillåtna.',
  cityRequired: 'Stad är obligatoriskt.',
  streetRequired: 'Gatuadress är obligatoriskt.',
  zipRequired: 'Postnummer är obligatoriskt.',
  zipFormat: 'Postnummer måste vara i formatet XXX XX.',
} as const;

const m = validationMessages;

/** A validator returns the Swedish message of the first broken rule, or `undefined` when valid. */
export type Validator = (value: string) => string | undefined;

// ---- limits (spec §9) -------------------------------------------------------------------------
export const PASSWORD_MIN_LENGTH = 8;
export const PERSONNUMMER_MAX_LENGTH = 13;
export const PHONE_MAX_LENGTH = 13;
export const ZIP_MAX_LENGTH = 6;
export const TWO_FACTOR_CODE_LENGTH = 6;

const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

// ---- password -----------------------------------------------------------------------------------
/** At least 8 characters and one uppercase letter (any alphabet, so Å, Ä and Ö count). */
export const isStrongPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(value);

export const validatePassword: Validator = (value) => {
  if (!value) return m.passwordRequired;
  if (!isStrongPassword(value)) return m.passwordRule;
  return undefined;
};

export const validateConfirmPassword = (
  confirmPassword: string,
  password: string,
): string | undefined => {
  if (!confirmPassword) return m.confirmRequired;
  if (confirmPassword !== password) return m.confirmMismatch;
  return undefined;
};

// ---- e-mail -------------------------------------------------------------------------------------
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isValidEmail = (value: string): boolean => EMAIL_RE.test(value.trim());

export const validateEmail: Validator = (value) => {
  if (isBlank(value)) return m.emailRequired;
  if (!isValidEmail(value)) return m.emailFormat;
  return undefined;
};

// ---- names --------------------------------------------------------------------------------------
/** Letters of any alphabet (å, ä, ö, é, ü …), combining marks, spaces and hyphens. */
const NAME_RE = /^[\p{L}\p{M} -]+$/u;
export const isLettersOnly = (value: string): boolean => NAME_RE.test(value);

/**
 * For an input's change handler: is this typed value acceptable as typed? Spec §5 says input that
 * is not letters-only is not accepted, so the field keeps its old value when this is false.
 */
export const isAcceptableNameInput = (value: string): boolean =>
  value === '' || isLettersOnly(value);

export const validateFirstname: Validator = (value) => {
  if (isBlank(value)) return m.firstnameRequired;
  if (!isLettersOnly(value)) return m.firstnameLetters;
  return undefined;
};

export const validateLastname: Validator = (value) => {
  if (isBlank(value)) return m.lastnameRequired;
  if (!isLettersOnly(value)) return m.lastnameLetters;
  return undefined;
};

// ---- personnummer -------------------------------------------------------------------------------
/**
 * Auto-format while typing: keep digits, put the hyphen after the eighth digit, at most 12 digits,
 * so the result is never longer than 13 characters (`YYYYMMDD-XXXX`).
 */
export const formatPersonnummer = (input: string): string => {
  const digits = input.replace(/\D/g, '').slice(0, 12);
  const formatted = digits.length > 8 ? `${digits.slice(0, 8)}-${digits.slice(8)}` : digits;
  return formatted.slice(0, PERSONNUMMER_MAX_LENGTH);
};

const PERSONNUMMER_RE = /^\d{8}-\d{4}$/;
export const isValidPersonnummer = (value: string): boolean => PERSONNUMMER_RE.test(value);

export const validatePersonnummer: Validator = (value) => {
  if (isBlank(value)) return m.personnummerRequired;
  if (!isValidPersonnummer(value)) return m.personnummerFormat;
  return undefined;
};

// ---- birth date ---------------------------------------------------------------------------------
export const validateBirthDate: Validator = (value) => {
  if (isBlank(value)) return m.birthDateRequired;
  return undefined;
};

// ---- phone --------------------------------------------------------------------------------------
/**
 * Auto-format while typing: keep digits and one leading plus, give a leading `46` its plus, and
 * cap at 13 characters. `46701234567` → `+46701234567`, `070-123 45 67` → `0701234567`.
 */
export const formatPhone = (input: string): string => {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  const withPlus = trimmed.startsWith('+') || digits.startsWith('46') ? `+${digits}` : digits;
  return withPlus.slice(0, PHONE_MAX_LENGTH);
};

/** Accepted prefixes (spec §5): +46, 070, 072, 073, 076, 079. */
export const SWEDISH_PHONE_PREFIXES = ['+46', '070', '072', '073', '076', '079'] as const;

/** `+46` then 7–10 digits (13 characters at most), or a mobile number `07X` + 7 digits. */
const SWEDISH_PHONE_RE = /^(?:\+46\d{7,10}|07[02369]\d{7})$/;

/** True for a Swedish number as the wizard stores it (after `formatPhone`); shows the flag. */
export const isValidSwedishPhone = (value: string): boolean =>
  value.length <= PHONE_MAX_LENGTH && SWEDISH_PHONE_RE.test(value);

export const validatePhone: Validator = (value) => {
  if (isBlank(value)) return m.phoneRequired;
  if (!isValidSwedishPhone(value)) return m.phoneSwedish;
  return undefined;
};

// ---- address ------------------------------------------------------------------------------------
export const validateCity: Validator = (value) => (isBlank(value) ? m.cityRequired : undefined);
export const validateStreet: Validator = (value) => (isBlank(value) ? m.streetRequired : undefined);

/** Auto-format while typing: at most 5 digits, a space after the third → `XXX XX` (max 6). */
export const formatZip = (input: string): string => {
  const digits = input.replace(/\D/g, '').slice(0, 5);
  const formatted = digits.length > 3 ? `${digits.slice(0, 3)} ${digits.slice(3)}` : digits;
  return formatted.slice(0, ZIP_MAX_LENGTH);
};

const ZIP_RE = /^\d{3} \d{2}$/;
export const isValidZip = (value: string): boolean => ZIP_RE.test(value);

export const validateZip: Validator = (value) => {
  if (isBlank(value)) return m.zipRequired;
  if (!isValidZip(value)) return m.zipFormat;
  return undefined;
};

// ---- 2FA code -----------------------------------------------------------------------------------
/** The code input strips non-digits and keeps at most 6 digits (spec §2.1, §5). */
export const formatTwoFactorCode = (input: string): string =>
  input.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);

// ---- registration -------------------------------------------------------------------------------
/** The wizard's form data (spec §3). */
export interface RegistrationFormData {
  email: string;
  password: string;
  confirmPassword: string;
  firstname: string;
  lastname: string;
  hasSocialSecurity: boolean;
  socialSecurityNumber?: string | undefined;
  birthDate?: string | undefined;
  phoneNumber: string;
  street: string;
  city: string;
  zipCode: string;
}

export type RegistrationField = keyof RegistrationFormData;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const emptyRegistrationForm: RegistrationFormData = {
  email: '',
  password: '',
  confirmPassword: '',
  firstname: '',
  lastname: '',
  hasSocialSecurity: true,
  socialSecurityNumber: '',
  birthDate: '',
  phoneNumber: '',
  street: '',
  city: '',
  zipCode: '',
};

/** Wizard step 2: e-mail, password and confirmation. */
export const validateAccountStep = (
  data: Pick<RegistrationFormData, 'email' | 'password' | 'confirmPassword'>,
): RegistrationErrors => {
  const errors: RegistrationErrors = {};
  const email = validateEmail(data.email);
  if (email) errors.email = email;
  const password = validatePassword(data.password);
  if (password) errors.password = password;
  const confirm = validateConfirmPassword(data.confirmPassword, data.password);
  if (confirm) errors.confirmPassword = confirm;
  return errors;
};

/**
 * Wizard step 3 ('Personuppgifter'). With `hasSocialSecurity` the personnummer is checked, without
 * it the birth date (reported on `birthDate`; the spec shows it where the personnummer field was).
 */
export const validatePersonalStep = (
  data: Pick<
    RegistrationFormData,
    'firstname' | 'lastname' | 'hasSocialSecurity' | 'socialSecurityNumber' | 'birthDate'
  >,
): RegistrationErrors => {
  const errors: RegistrationErrors = {};
  const firstname = validateFirstname(data.firstname);
  if (firstname) errors.firstname = firstname;
  const lastname = validateLastname(data.lastname);
  if (lastname) errors.lastname = lastname;
  if (data.hasSocialSecurity) {
    const ssn = validatePersonnummer(data.socialSecurityNumber ?? '');
    if (ssn) errors.socialSecurityNumber = ssn;
  } else {
    const birthDate = validateBirthDate(data.birthDate ?? '');
    if (birthDate) errors.birthDate = birthDate;
  }
  return errors;
};

/** Wizard step 4 ('Kontaktuppgifter'). */
export const validateContactStep = (
  data: Pick<RegistrationFormData, 'phoneNumber' | 'city' | 'street' | 'zipCode'>,
): RegistrationErrors => {
  const errors: RegistrationErrors = {};
  const phone = validatePhone(data.phoneNumber);
  if (phone) errors.phoneNumber = phone;
  const city = validateCity(data.city);
  if (city) errors.city = city;
  const street = validateStreet(data.street);
  if (street) errors.street = street;
  const zip = validateZip(data.zipCode);
  if (zip) errors.zipCode = zip;
  return errors;
};

/** All rules; `confirmPassword` is checked only when present (the server never receives it). */
export const validateRegistration = (
  data: Omit<RegistrationFormData, 'confirmPassword'> & { confirmPassword?: string | undefined },
): RegistrationErrors => {
  const errors: RegistrationErrors = {
    ...validatePersonalStep(data),
    ...validateContactStep(data),
  };
  const email = validateEmail(data.email);
  if (email) errors.email = email;
  const password = validatePassword(data.password);
  if (password) errors.password = password;
  if (data.confirmPassword !== undefined) {
    const confirm = validateConfirmPassword(data.confirmPassword, data.password);
    if (confirm) errors.confirmPassword = confirm;
  }
  return errors;
};

// ---- zod schemas --------------------------------------------------------------------------------
/** A string schema that reports the validator's Swedish message. */
export const stringWith = (validator: Validator, requiredMessage: string) =>
  z.string({ error: requiredMessage }).superRefine((value, ctx) => {
    const message = validator(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const passwordSchema = stringWith(validatePassword, m.passwordRequired);
export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .superRefine((value, ctx) => {
    const message = validateEmail(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const registrationFields = {
  email: z.string({ error: m.emailRequired }),
  password: z.string({ error: m.passwordRequired }),
  firstname: z.string({ error: m.firstnameRequired }),
  lastname: z.string({ error: m.lastnameRequired }),
  hasSocialSecurity: z.boolean().default(true),
  socialSecurityNumber: z.string().optional(),
  birthDate: z.string().optional(),
  phoneNumber: z.string({ error: m.phoneRequired }),
  street: z.string({ error: m.streetRequired }),
  city: z.string({ error: m.cityRequired }),
  zipCode: z.string({ error: m.zipRequired }),
};

const reportErrors = (errors: RegistrationErrors, ctx: z.RefinementCtx): void => {
  for (const [path, message] of Object.entries(errors)) {
    if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
  }
};

/** The whole wizard (spec §3 + §5): `hasSocialSecurity` picks personnummer or birth date. */
export const registrationSchema = z
  .object({ ...registrationFields, confirmPassword: z.string({ error: m.confirmRequired }) })
  .superRefine((data, ctx) => reportErrors(validateRegistration(data), ctx));

/** Body of `POST /api/v1/auth/register?token=…`: the wizard data without `confirmPassword`. */
export const registerRequestSchema = z
  .object(registrationFields)
  .superRefine((data, ctx) => reportErrors(validateRegistration(data), ctx));

export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Turns a failed zod parse into `{ field: firstMessage }` for forms. */
export const fieldErrors = (error: z.ZodError): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
};
