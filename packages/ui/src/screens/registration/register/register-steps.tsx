import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import {
  formatPersonnummer,
  formatPhone,
  formatZip,
  isAcceptableNameInput,
  isValidSwedishPhone,
  validationMessages,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationFormData,
} from '@halsa/api/contract';
import { cn } from '../../../lib/cn';
import { formatIsoDate } from '../../../lib/format';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { controlClass } from '../../../primitives/form-field/control-styles';
import { FormField } from '../../../primitives/form-field/form-field';
import { PasswordField } from '../../../primitives/password-field/password-field';
import { TextField } from '../../../primitives/text-field/text-field';
import { SwedishFlag } from './swedish-flag';
import { paths } from '../../../config/paths';

/** The rule that is checked, stated as a hint (design §4.6). */
export const REGISTER_PASSWORD_HINT = 'Minst 8 tecken och minst en stor bokstav.';

export type SetField = <K extends keyof RegistrationFormData>(
  field: K,
  value: RegistrationFormData[K],
) => void;

export interface StepFieldsProps {
  data: RegistrationFormData;
  errors: RegistrationErrors;
  /** The id of a field's control, so the wizard can move focus to it. */
  fieldId: (field: RegistrationField) => string;
  setField: SetField;
}

const text = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) =>
  set(event.target.value);

/** Step 1: a short welcome (the spec leaves its content open). */
export function IntroStep() {
  return (
    <div className="flex flex-col gap-4 text-fg">
      <p>
        Du har blivit inbjuden till Hälsoportalen. Här ser du dina provsvar, din handlingsplan och
        din journal, och du kan enkelt skriva till oss när du har frågor.
      </p>
      <p>Det tar bara några minuter att skapa din profil. Ha gärna det här till hands:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>din e-postadress</li>
        <li>ditt personnummer, eller ditt födelsedatum om du saknar personnummer</li>
        <li>ditt telefonnummer och din adress</li>
      </ul>
      <p className="text-fg-muted">
        Vi hanterar dina uppgifter enligt patientdatalagen. Du kan gå tillbaka och ändra dina svar
        innan du registrerar dig.
      </p>
    </div>
  );
}

/** Step 2: e-mail, password and confirmation (spec §5). */
export function AccountStep({ data, errors, fieldId, setField }: StepFieldsProps) {
  return (
    <>
      <TextField
        id={fieldId('email')}
        label="E-post"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={data.email}
        error={errors.email}
        onChange={text((value) => setField('email', value))}
      />
      <PasswordField
        id={fieldId('password')}
        label="Lösenord"
        hint={REGISTER_PASSWORD_HINT}
        name="password"
        autoComplete="new-password"
        value={data.password}
        error={errors.password}
        onChange={text((value) => setField('password', value))}
      />
      <PasswordField
        id={fieldId('confirmPassword')}
        label="Bekräfta lösenord"
        name="confirmPassword"
        autoComplete="new-password"
        value={data.confirmPassword}
        error={errors.confirmPassword}
        onChange={text((value) => setField('confirmPassword', value))}
      />
    </>
  );
}

export interface PersonalStepProps extends StepFieldsProps {
  /** A typed name that is not letters only is refused; the wizard shows why. */
  onNameRefused: (field: 'firstname' | 'lastname', message: string) => void;
}

/** Today as YYYY-MM-DD in local time, the latest selectable birth date. */
const today = (): string => formatIsoDate(new Date());

/** Step 3 'Personuppgifter': names, and personnummer or (without one) birth date. */
export function PersonalStep({
  data,
  errors,
  fieldId,
  setField,
  onNameRefused,
}: PersonalStepProps) {
  const name =
    (field: 'firstname' | 'lastname', refused: string) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      // Not letters only (å, ä, ö, spaces and hyphens count): the input is not taken as typed.
      if (isAcceptableNameInput(value)) setField(field, value);
      else onNameRefused(field, refused);
    };
  return (
    <>
      <TextField
        id={fieldId('firstname')}
        label="Förnamn"
        name="firstname"
        autoComplete="given-name"
        autoCapitalize="words"
        value={data.firstname}
        error={errors.firstname}
        onChange={name('firstname', validationMessages.firstnameLetters)}
      />
      <TextField
        id={fieldId('lastname')}
        label="Efternamn"
        name="lastname"
        autoComplete="family-name"
        autoCapitalize="words"
        value={data.lastname}
        error={errors.lastname}
        onChange={name('lastname', validationMessages.lastnameLetters)}
      />
      <div className="flex flex-col gap-3">
        {data.hasSocialSecurity ? (
          <TextField
            id={fieldId('socialSecurityNumber')}
            label="Personnummer"
            hint="12 siffror: ÅÅÅÅMMDD-XXXX."
            name="socialSecurityNumber"
            inputMode="numeric"
            autoComplete="off"
            value={data.socialSecurityNumber ?? ''}
            error={errors.socialSecurityNumber}
            onChange={text((value) => setField('socialSecurityNumber', formatPersonnummer(value)))}
          />
        ) : (
          <TextField
            id={fieldId('birthDate')}
            label="Födelsedatum"
            type="date"
            name="birthDate"
            autoComplete="bday"
            min="1900-01-01"
            max={today()}
            value={data.birthDate ?? ''}
            error={errors.birthDate}
            onChange={text((value) => setField('birthDate', value))}
          />
        )}
        <Checkbox
          label="Har inget personnummer"
          name="hasSocialSecurity"
          checked={!data.hasSocialSecurity}
          onChange={(event) => setField('hasSocialSecurity', !event.target.checked)}
        />
      </div>
    </>
  );
}

/** Step 4 'Kontaktuppgifter': phone (with the flag when valid), street, postal code, city. */
export function ContactStep({ data, errors, fieldId, setField }: StepFieldsProps) {
  const swedish = isValidSwedishPhone(data.phoneNumber);
  return (
    <>
      <FormField
        id={fieldId('phoneNumber')}
        label="Telefonnummer"
        hint="Ett svenskt nummer som börjar med +46, 070, 072, 073, 076 eller 079."
        error={errors.phoneNumber}
      >
        {(control) => (
          <div className="relative">
            <input
              {...control}
              type="tel"
              name="phoneNumber"
              autoComplete="tel"
              inputMode="tel"
              value={data.phoneNumber}
              onChange={text((value) => setField('phoneNumber', formatPhone(value)))}
              data-invalid={errors.phoneNumber ? '' : undefined}
              className={cn(controlClass, 'pr-12')}
            />
            {swedish ? (
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">
                <SwedishFlag />
              </span>
            ) : null}
          </div>
        )}
      </FormField>
      <TextField
        id={fieldId('street')}
        label="Gatuadress"
        name="street"
        autoComplete="address-line1"
        value={data.street}
        error={errors.street}
        onChange={text((value) => setField('street', value))}
      />
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <TextField
          id={fieldId('zipCode')}
          label="Postnummer"
          hint="Till exempel 123 45."
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          value={data.zipCode}
          error={errors.zipCode}
          onChange={text((value) => setField('zipCode', formatZip(value)))}
        />
        <TextField
          id={fieldId('city')}
          label="Stad"
          name="city"
          autoComplete="address-level2"
          value={data.city}
          error={errors.city}
          onChange={text((value) => setField('city', value))}
        />
      </div>
    </>
  );
}

export interface TermsStepProps {
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
}

/** Step 5: the agreement opens in a new tab; ticking the box enables 'Registrera' (spec §5). */
export function TermsStep({ accepted, onAcceptedChange }: TermsStepProps) {
  return (
    <>
      <p>
        Innan du registrerar dig behöver du läsa och godkänna användarvillkoren. Där står bland
        annat hur vi hanterar dina personuppgifter och vilka fullmakter du ger oss.
      </p>
      <p>
        <Link
          to={paths.termsOfUse}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-target items-center underline underline-offset-4"
        >
          Läs användarvillkoren (öppnas i ny flik)
        </Link>
      </p>
      <Checkbox
        label="Acceptera användarvillkor"
        name="termsAccepted"
        checked={accepted}
        onChange={(event) => onAcceptedChange(event.target.checked)}
      />
    </>
  );
}
