import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRegister } from '@halsa/api';
import {
  emptyRegistrationForm,
  validateAccountStep,
  validateContactStep,
  validatePersonalStep,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationFormData,
} from '@halsa/api/contract';
import type { FooterConfig } from '../../../components/footer/footer-config';
import { Alert } from '../../../primitives/alert/alert';
import { Button, buttonVariants } from '../../../primitives/button/button';
import { AuthLayout } from '../../../components/auth-layout/auth-layout';
import { messageOr } from '../../../lib/server-message';
import { useRedirectAfter } from '../../../lib/use-redirect-after';
import {
  AccountStep,
  ContactStep,
  IntroStep,
  PersonalStep,
  TermsStep,
  type SetField,
} from './register-steps';
import {
  clearRegistration,
  loadRegistration,
  saveRegistration,
  sessionStore,
  type WizardStep,
} from './registration-storage';
import { PROGRESS_TITLE, WizardProgress } from './wizard-progress';
import { paths } from '../../../config/paths';

/** After a registration the page goes to /login after this long (spec §4, §9). */
export const REGISTER_REDIRECT_MS = 3000;
export const REGISTER_SUCCESS_MESSAGE = 'Registrering lyckades!';
export const REGISTER_FAILED_MESSAGE = 'Kunde inte registrera användare.';
/** Shown on the account step when a reload emptied the passwords (design §4.5). */
export const PASSWORDS_NOT_SAVED_MESSAGE =
  'Av säkerhetsskäl sparas inte lösenordet när sidan laddas om. Ange lösenordet igen för att slutföra registreringen.';

const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Välkommen till Hälsoportalen',
  2: 'Ditt konto',
  3: 'Personuppgifter',
  4: 'Kontaktuppgifter',
  5: 'Godkänn användarvillkor',
};

/** A step's fields in the order they are shown (the first invalid one gets focus). */
const STEP_FIELDS: Record<WizardStep, readonly RegistrationField[]> = {
  1: [],
  2: ['email', 'password', 'confirmPassword'],
  3: ['firstname', 'lastname', 'socialSecurityNumber', 'birthDate'],
  4: ['phoneNumber', 'street', 'zipCode', 'city'],
  5: [],
};

/** The messages of spec §5 for one step, from the contract's validators. */
export function validateRegistrationStep(
  step: WizardStep,
  data: RegistrationFormData,
): RegistrationErrors {
  if (step === 2) return validateAccountStep(data);
  if (step === 3) return validatePersonalStep(data);
  if (step === 4) return validateContactStep(data);
  return {};
}

/** `shown` with the step's fields replaced by `found`. */
const withStepErrors = (
  shown: RegistrationErrors,
  step: WizardStep,
  found: RegistrationErrors,
): RegistrationErrors => {
  const next: RegistrationErrors = { ...shown };
  for (const field of STEP_FIELDS[step]) delete next[field];
  return { ...next, ...found };
};

/** The request data: trimmed, and only the identity field that applies (personnummer or date). */
function toRequestData(data: RegistrationFormData): RegistrationFormData {
  return {
    ...data,
    email: data.email.trim(),
    firstname: data.firstname.trim(),
    lastname: data.lastname.trim(),
    street: data.street.trim(),
    city: data.city.trim(),
    socialSecurityNumber: data.hasSocialSecurity ? data.socialSecurityNumber : undefined,
    birthDate: data.hasSocialSecurity ? undefined : data.birthDate,
  };
}

export interface RegisterScreenProps {
  footerConfig?: FooterConfig;
  /** Milliseconds before /login after a registration; REGISTER_REDIRECT_MS. */
  redirectMs?: number;
}

/**
 * /register?token=… (spec §2.2, §4, §5): the five-step wizard 'Skapa din profil'. Step and data
 * (never the passwords) survive a reload in session storage; the token from the invitation link
 * goes with the submit, and the data without `confirmPassword` (design §4.4).
 */
export function RegisterScreen({ footerConfig, redirectMs }: RegisterScreenProps) {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthLayout title={PROGRESS_TITLE} width="wide" footerConfig={footerConfig}>
        <Alert variant="warning" title="Inbjudningslänken är ofullständig">
          Öppna länken i inbjudan som du har fått via e-post. Fungerar den inte kan du kontakta oss,
          så skickar vi en ny.
        </Alert>
        <p className="mt-4">
          <Link to={paths.login} className="underline underline-offset-4">
            Till inloggningen
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <RegistrationWizard
      key={token}
      token={token}
      footerConfig={footerConfig}
      redirectMs={redirectMs ?? REGISTER_REDIRECT_MS}
    />
  );
}

interface RegistrationWizardProps {
  token: string;
  footerConfig?: FooterConfig | undefined;
  redirectMs: number;
}

function RegistrationWizard({ token, footerConfig, redirectMs }: RegistrationWizardProps) {
  const [storage] = useState(sessionStore);
  const [saved] = useState(() => loadRegistration(storage, token));
  const [step, setStep] = useState<WizardStep>(saved?.step ?? 1);
  const [data, setData] = useState<RegistrationFormData>(() => ({
    ...emptyRegistrationForm,
    ...saved?.data,
    // Never stored, so always empty after a reload (design §4.5).
    password: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  // Steps whose 'Nästa' was pressed: their messages follow what is typed from then on.
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<WizardStep>>(() => new Set());
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { trigger, isMutating } = useRegister();

  const baseId = useId();
  const fieldId = (field: RegistrationField) => `${baseId}-${field}`;
  const stepHeadingId = `${baseId}-step`;
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const pageHeadingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const focusAfterStep = useRef<RegistrationField | null>(null);

  // Keep step and data (without passwords) for a reload; nothing once registered.
  useEffect(() => {
    if (!done) saveRegistration(storage, token, step, data);
  }, [storage, token, step, data, done]);

  useRedirectAfter(done, paths.login, redirectMs);

  // A new step: focus its heading (or a named field), so keyboard and screen-reader users
  // start at the top of it. Not on the first render.
  useLayoutEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    if (field) document.getElementById(fieldId(field))?.focus();
    else stepHeadingRef.current?.focus();
    // fieldId depends only on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  useLayoutEffect(() => {
    if (done) pageHeadingRef.current?.focus();
  }, [done]);

  const goTo = (next: WizardStep, focusField?: RegistrationField) => {
    focusAfterStep.current = focusField ?? null;
    setFailure(null);
    setStep(next);
  };

  const markChecked = (...steps: WizardStep[]) =>
    setCheckedSteps((current) => new Set([...current, ...steps]));

  const setField: SetField = (field, value) => {
    const next = { ...data, [field]: value };
    setData(next);
    if (checkedSteps.has(step)) {
      setErrors((shown) => withStepErrors(shown, step, validateRegistrationStep(step, next)));
    } else if (field === 'hasSocialSecurity') {
      // The other identity field replaces the one that was shown; its message goes too.
      setErrors((shown) => ({ ...shown, socialSecurityNumber: undefined, birthDate: undefined }));
    } else {
      setErrors((shown) => ({ ...shown, [field]: undefined }));
    }
  };

  const onNameRefused = (field: 'firstname' | 'lastname', message: string) =>
    setErrors((shown) => ({ ...shown, [field]: message }));

  const next = () => {
    const found = validateRegistrationStep(step, data);
    markChecked(step);
    setErrors((shown) => withStepErrors(shown, step, found));
    const firstInvalid = STEP_FIELDS[step].find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    if (step === 2) setNotice(null);
    goTo((step + 1) as WizardStep);
  };

  const submit = async () => {
    if (!termsAccepted || isMutating) return;
    setFailure(null);
    // After a reload the passwords are empty: back to the account step, fields marked.
    if (!data.password || !data.confirmPassword) {
      markChecked(2);
      setErrors((shown) => withStepErrors(shown, 2, validateAccountStep(data)));
      setNotice(PASSWORDS_NOT_SAVED_MESSAGE);
      goTo(2, 'password');
      return;
    }
    // Everything is checked once more (saved data may be stale); the first broken step opens.
    for (const each of [2, 3, 4] as const) {
      const found = validateRegistrationStep(each, data);
      const firstInvalid = STEP_FIELDS[each].find((field) => found[field]);
      if (firstInvalid) {
        markChecked(each);
        setErrors((shown) => withStepErrors(shown, each, found));
        goTo(each, firstInvalid);
        return;
      }
    }
    try {
      // The hook leaves out confirmPassword (design §4.4).
      await trigger({ token, data: toRequestData(data) });
      clearRegistration(storage);
      setDone(true);
    } catch (error) {
      setFailure(messageOr(error, REGISTER_FAILED_MESSAGE));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step < 5) next();
    else void submit();
  };

  if (done) {
    return (
      <AuthLayout
        title={PROGRESS_TITLE}
        width="wide"
        footerConfig={footerConfig}
        headingRef={pageHeadingRef}
      >
        <Alert variant="success" title={REGISTER_SUCCESS_MESSAGE}>
          Välkommen! Du skickas vidare till inloggningen.
        </Alert>
        <p className="mt-4">
          <Link to={paths.login} replace className="underline underline-offset-4">
            Gå till inloggningen nu
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const stepProps = { data, errors, fieldId, setField };

  return (
    <AuthLayout
      title={PROGRESS_TITLE}
      width="wide"
      footerConfig={footerConfig}
      headingRef={pageHeadingRef}
    >
      {step >= 3 ? <WizardProgress current={(step - 2) as 1 | 2 | 3} /> : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={stepHeadingId}
        className="flex flex-col gap-5"
      >
        <h2
          ref={stepHeadingRef}
          id={stepHeadingId}
          tabIndex={-1}
          className="text-xl font-semibold text-fg focus:outline-none"
        >
          {STEP_TITLES[step]}
        </h2>
        {step === 2 && notice ? <Alert variant="info">{notice}</Alert> : null}

        {step === 1 ? <IntroStep /> : null}
        {step === 2 ? <AccountStep {...stepProps} /> : null}
        {step === 3 ? <PersonalStep {...stepProps} onNameRefused={onNameRefused} /> : null}
        {step === 4 ? <ContactStep {...stepProps} /> : null}
        {step === 5 ? (
          <TermsStep accepted={termsAccepted} onAcceptedChange={setTermsAccepted} />
        ) : null}

        {failure ? <Alert variant="error">{failure}</Alert> : null}

        <div className="flex items-center justify-between gap-3 border-t border-border pt-5">
          {step === 1 ? (
            <Link to={paths.login} className={buttonVariants({ variant: 'secondary' })}>
              Återgå
            </Link>
          ) : (
            <Button
              type="button"
              variant="secondary"
              onClick={() => goTo((step - 1) as WizardStep)}
            >
              Återgå
            </Button>
          )}
          {step < 5 ? (
            <Button type="submit">Nästa</Button>
          ) : (
            <Button
              type="submit"
              disabled={!termsAccepted}
              loading={isMutating}
              loadingLabel="Registrerar..."
            >
              Registrera
            </Button>
          )}
        </div>
      </form>
    </AuthLayout>
  );
}
