import { describe, expect, it } from 'vitest';
import {
  emptyRegistrationForm,
  fieldErrors,
  formatPersonnummer,
  formatPhone,
  formatTwoFactorCode,
  formatZip,
  isAcceptableNameInput,
  isValidSwedishPhone,
  registerRequestSchema,
  registrationSchema,
  validateAccountStep,
  validateBirthDate,
  validateCity,
  validateConfirmPassword,
  validateContactStep,
  validateEmail,
  validateFirstname,
  validateLastname,
  validatePassword,
  validatePersonalStep,
  validatePersonnummer,
  validatePhone,
  validateStreet,
  validateZip,
  type RegistrationFormData,
  type Validator,
} from './validation.ts';

const table = (name: string, validate: Validator, rows: [string, string | undefined][]) =>
  describe(name, () => {
    it.each(rows)('%j → %j', (input, expected) => {
      expect(validate(input)).toBe(expected);
    });
  });

table('validatePassword', validatePassword, [
  ['', 'Lösenord är obligatoriskt.'],
  ['kort', 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.'],
  ['Kort1', 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.'],
  ['allasmåbokstäver', 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.'],
  ['Halsa2026!', undefined],
  ['Abcdefgh', undefined],
  ['åäöåäöÅx', undefined],
  ['12345678Ö', undefined],
]);

describe('validateConfirmPassword', () => {
  it.each([
    ['', 'Halsa2026!', 'Bekräfta lösenord är obligatoriskt.'],
    ['Halsa2026', 'Halsa2026!', 'Lösenorden matchar inte.'],
    ['halsa2026!', 'Halsa2026!', 'Lösenorden matchar inte.'],
    ['Halsa2026!', 'Halsa2026!', undefined],
  ] as const)('%j vs %j → %j', (confirm, password, expected) => {
    expect(validateConfirmPassword(confirm, password)).toBe(expected);
  });
});

table('validateEmail', validateEmail, [
  ['', 'E-post är obligatoriskt.'],
  ['   ', 'E-post är obligatoriskt.'],
  ['anna', 'Ange en giltig e-postadress.'],
  ['anna@', 'Ange en giltig e-postadress.'],
  ['anna@example', 'Ange en giltig e-postadress.'],
  ['anna lindqvist@example.se', 'Ange en giltig e-postadress.'],
  ['anna@exempel..se', 'Ange en giltig e-postadress.'],
  ['anna.lindqvist@example.se', undefined],
  ['  erik@foretag.co.uk ', undefined],
  ['åsa@exempel.se', undefined],
]);

table('validateFirstname', validateFirstname, [
  ['', 'Förnamn är obligatoriskt.'],
  ['   ', 'Förnamn är obligatoriskt.'],
  ['Anna1', 'Förnamn får endast innehålla bokstäver.'],
  ['Anna!', 'Förnamn får endast innehålla bokstäver.'],
  ["O'Brien", 'Förnamn får endast innehålla bokstäver.'],
  ['Anna', undefined],
  ['Åsa', undefined],
  ['Björn-Öjvind', undefined],
  ['Anna Maria', undefined],
  ['Zoë', undefined],
  ['José', undefined],
]);

table('validateLastname', validateLastname, [
  ['', 'Efternamn är obligatoriskt.'],
  ['Lindqvist2', 'Efternamn får endast innehålla bokstäver.'],
  ['Lind_qvist', 'Efternamn får endast innehålla bokstäver.'],
  ['Lindqvist', undefined],
  ['Ström-Ågren', undefined],
  ['von Essen', undefined],
]);

describe('isAcceptableNameInput', () => {
  it.each([
    ['', true],
    ['Ö', true],
    ['Anna-', true],
    ['Anna ', true],
    ['Anna3', false],
    ['Anna.', false],
  ] as const)('%j → %j', (input, expected) => {
    expect(isAcceptableNameInput(input)).toBe(expected);
  });
});

describe('formatPersonnummer', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['19900101', '19900101'],
    ['199001011', '19900101-1'],
    ['199001011234', '19900101-1234'],
    ['19900101-1234', '19900101-1234'],
    ['1990 01 01 1234', '19900101-1234'],
    ['19900101-12345', '19900101-1234'],
    ['1990010112349999', '19900101-1234'],
    ['abc', ''],
    ['19900101-', '19900101'],
  ] as const)('%j → %j', (input, expected) => {
    const out = formatPersonnummer(input);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(13);
  });

  it('formats a number typed digit by digit', () => {
    let value = '';
    for (const char of '199001011234') value = formatPersonnummer(value + char);
    expect(value).toBe('19900101-1234');
  });
});

table('validatePersonnummer', validatePersonnummer, [
  ['', 'Personnummer är obligatoriskt.'],
  ['19900101', 'Personnummer måste vara i formatet YYYYMMDD-XXXX.'],
  ['900101-1234', 'Personnummer måste vara i formatet YYYYMMDD-XXXX.'],
  ['199001011234', 'Personnummer måste vara i formatet YYYYMMDD-XXXX.'],
  ['19900101+1234', 'Personnummer måste vara i formatet YYYYMMDD-XXXX.'],
  ['19900101-123', 'Personnummer måste vara i formatet YYYYMMDD-XXXX.'],
  ['19900101-1234', undefined],
]);

table('validateBirthDate', validateBirthDate, [
  ['', 'Födelsedatum är obligatoriskt.'],
  ['1984-05-17', undefined],
]);

describe('formatPhone', () => {
  it.each([
    ['', ''],
    ['0701234567', '0701234567'],
    ['070-123 45 67', '0701234567'],
    ['46701234567', '+46701234567'],
    ['4', '4'],
    ['46', '+46'],
    ['+46 70 123 45 67', '+46701234567'],
    ['+4670123456789', '+467012345678'],
    ['070123456789012', '0701234567890'],
    ['tel: 0701234567', '0701234567'],
  ] as const)('%j → %j', (input, expected) => {
    const out = formatPhone(input);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(13);
  });

  it('is stable when applied again', () => {
    expect(formatPhone(formatPhone('46701234567'))).toBe('+46701234567');
  });
});

describe('isValidSwedishPhone', () => {
  it.each([
    ['0701234567', true],
    ['0721234567', true],
    ['0731234567', true],
    ['0761234567', true],
    ['0791234567', true],
    ['+46701234567', true],
    ['+4681234567', true],
    ['0711234567', false],
    ['0741234567', false],
    ['0751234567', false],
    ['070123456', false],
    ['07012345678', false],
    ['081234567', false],
    ['+4512345678', false],
    ['+46', false],
    ['46701234567', false],
    ['', false],
  ] as const)('%j → %j', (input, expected) => {
    expect(isValidSwedishPhone(input)).toBe(expected);
  });
});

table('validatePhone', validatePhone, [
  ['', 'Telefonnummer är obligatoriskt.'],
  ['0711234567', 'Endast svenska telefonnummer är tillåtna.'],
  ['+4512345678', 'Endast svenska telefonnummer är tillåtna.'],
  ['0701234567', undefined],
  ['+46701234567', undefined],
]);

table('validateCity', validateCity, [
  ['', 'Stad är obligatoriskt.'],
  ['  ', 'Stad är obligatoriskt.'],
  ['Göteborg', undefined],
]);

table('validateStreet', validateStreet, [
  ['', 'Gatuadress är obligatoriskt.'],
  ['Storgatan 1', undefined],
]);

describe('formatZip', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123 4'],
    ['12345', '123 45'],
    ['123 45', '123 45'],
    ['123456', '123 45'],
    ['12a34b5', '123 45'],
    ['SE-41319', '413 19'],
  ] as const)('%j → %j', (input, expected) => {
    const out = formatZip(input);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(6);
  });
});

table('validateZip', validateZip, [
  ['', 'Postnummer är obligatoriskt.'],
  ['12345', 'Postnummer måste vara i formatet XXX XX.'],
  ['123 4', 'Postnummer måste vara i formatet XXX XX.'],
  ['1234 5', 'Postnummer måste vara i formatet XXX XX.'],
  ['413 19', undefined],
]);

describe('formatTwoFactorCode', () => {
  it.each([
    ['123456', '123456'],
    ['12a3 4-5', '12345'],
    ['1234567', '123456'],
    ['abc', ''],
  ] as const)('%j → %j', (input, expected) => {
    expect(formatTwoFactorCode(input)).toBe(expected);
  });
});

const valid: RegistrationFormData = {
  email: 'anna.lindqvist@example.se',
  password: 'Halsa2026!',
  confirmPassword: 'Halsa2026!',
  firstname: 'Anna',
  lastname: 'Lindqvist',
  hasSocialSecurity: true,
  socialSecurityNumber: '19850412-2384',
  birthDate: '',
  phoneNumber: '+46701234567',
  street: 'Storgatan 12',
  city: 'Uppsala',
  zipCode: '753 20',
};

describe('wizard steps', () => {
  it('account step reports every field', () => {
    expect(validateAccountStep({ email: '', password: '', confirmPassword: '' })).toEqual({
      email: 'E-post är obligatoriskt.',
      password: 'Lösenord är obligatoriskt.',
      confirmPassword: 'Bekräfta lösenord är obligatoriskt.',
    });
    expect(validateAccountStep(valid)).toEqual({});
  });

  it('personal step checks personnummer or birth date', () => {
    expect(validatePersonalStep(emptyRegistrationForm)).toEqual({
      firstname: 'Förnamn är obligatoriskt.',
      lastname: 'Efternamn är obligatoriskt.',
      socialSecurityNumber: 'Personnummer är obligatoriskt.',
    });
    expect(validatePersonalStep({ ...emptyRegistrationForm, hasSocialSecurity: false })).toEqual({
      firstname: 'Förnamn är obligatoriskt.',
      lastname: 'Efternamn är obligatoriskt.',
      birthDate: 'Födelsedatum är obligatoriskt.',
    });
    expect(
      validatePersonalStep({
        ...valid,
        hasSocialSecurity: false,
        socialSecurityNumber: '',
        birthDate: '1985-04-12',
      }),
    ).toEqual({});
    expect(validatePersonalStep(valid)).toEqual({});
  });

  it('contact step reports every field', () => {
    expect(validateContactStep(emptyRegistrationForm)).toEqual({
      phoneNumber: 'Telefonnummer är obligatoriskt.',
      city: 'Stad är obligatoriskt.',
      street: 'Gatuadress är obligatoriskt.',
      zipCode: 'Postnummer är obligatoriskt.',
    });
    expect(validateContactStep({ ...valid, phoneNumber: '0751234567', zipCode: '75320' })).toEqual({
      phoneNumber: 'Endast svenska telefonnummer är tillåtna.',
      zipCode: 'Postnummer måste vara i formatet XXX XX.',
    });
  });
});

describe('registrationSchema', () => {
  it('accepts valid data and defaults hasSocialSecurity to true', () => {
    const { hasSocialSecurity: _omit, ...rest } = valid;
    const parsed = registrationSchema.parse(rest);
    expect(parsed.hasSocialSecurity).toBe(true);
  });

  it('reports the Swedish messages per field', () => {
    const result = registrationSchema.safeParse({ ...emptyRegistrationForm });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: 'E-post är obligatoriskt.',
      password: 'Lösenord är obligatoriskt.',
      confirmPassword: 'Bekräfta lösenord är obligatoriskt.',
      firstname: 'Förnamn är obligatoriskt.',
      lastname: 'Efternamn är obligatoriskt.',
      socialSecurityNumber: 'Personnummer är obligatoriskt.',
      phoneNumber: 'Telefonnummer är obligatoriskt.',
      city: 'Stad är obligatoriskt.',
      street: 'Gatuadress är obligatoriskt.',
      zipCode: 'Postnummer är obligatoriskt.',
    });
  });

  it('checks the confirmation', () => {
    const result = registrationSchema.safeParse({ ...valid, confirmPassword: 'Annat2026!' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({ confirmPassword: 'Lösenorden matchar inte.' });
    }
  });

  it('without personnummer requires the birth date', () => {
    const result = registrationSchema.safeParse({
      ...valid,
      hasSocialSecurity: false,
      socialSecurityNumber: '',
      birthDate: '',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({ birthDate: 'Födelsedatum är obligatoriskt.' });
    }
    expect(
      registrationSchema.safeParse({ ...valid, hasSocialSecurity: false, birthDate: '1985-04-12' })
        .success,
    ).toBe(true);
  });

  it('reports a missing field with its required message', () => {
    const { firstname: _omit, ...rest } = valid;
    const result = registrationSchema.safeParse(rest);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error).firstname).toBe('Förnamn är obligatoriskt.');
  });
});

describe('registerRequestSchema', () => {
  it('takes the wizard data without confirmPassword', () => {
    const { confirmPassword: _omit, ...body } = valid;
    expect(registerRequestSchema.parse(body)).toEqual(body);
  });

  it('rejects a weak password with the Swedish message', () => {
    const { confirmPassword: _omit, ...body } = valid;
    const result = registerRequestSchema.safeParse({ ...body, password: 'svagt' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        password: 'Lösenordet måste vara minst 8 tecken och innehålla minst en stor bokstav.',
      });
    }
  });
});
